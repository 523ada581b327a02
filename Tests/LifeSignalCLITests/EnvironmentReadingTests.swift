import Glibc
@testable import LifeSignalApp
@testable import LifeSignalCLI
import Testing

/// A run copies only the variables lifesignal reads (copying a large
/// environment cost up to 0.8M instructions a run), while the commands it
/// starts still get the whole environment.
struct EnvironmentReadingTests {
    @Test func onlyTheVariablesLifesignalReadsAreCopied() {
        setenv("LIFESIGNAL_ENVIRONMENT_TEST", "ours", 1)
        setenv("ENVIRONMENT_TEST_UNRELATED", "theirs=with=equals", 1)
        defer {
            unsetenv("LIFESIGNAL_ENVIRONMENT_TEST")
            unsetenv("ENVIRONMENT_TEST_UNRELATED")
        }
        let environment = AppEnvironment.live()
        #expect(environment.variables["LIFESIGNAL_ENVIRONMENT_TEST"] == "ours")
        #expect(environment.variables["ENVIRONMENT_TEST_UNRELATED"] == nil)
        let child = environment.childEnvironment()
        #expect(child["LIFESIGNAL_ENVIRONMENT_TEST"] == "ours")
        #expect(child["ENVIRONMENT_TEST_UNRELATED"] == "theirs=with=equals")
    }

    @Test(arguments: [
        ("HOME", true), ("HOMEX", false), ("HOM", false), ("XDG_DATA_HOME", true), ("XDG_", true),
        ("LIFESIGNAL_STORE", true), ("LIFESIGNAL", false), ("NO_COLOR", true), ("TERM", true), ("TERMINAL", false),
        ("COLUMNS", true), ("PATH", true), ("PATHS", false), ("TZ", true), ("LANG", true), ("LANGUAGE", false),
        ("LC_ALL", true), ("LC_CTYPE", false), ("DISPLAY", false), ("", false),
    ])
    func whichNamesAreRead(_ name: String, _ isRead: Bool) {
        let bytes = Array(name.utf8)
        #expect(bytes.withUnsafeBufferPointer { AppEnvironment.isRead($0) } == isRead, "\(name)")
    }

    /// `agent --systemd-unit` copies these into the unit: each must be read.
    @Test func theVariablesAServiceDefinitionPassesOnAreRead() {
        for name in AgentService.passedOn + AgentService.certificates {
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { AppEnvironment.isRead($0) }, "\(name)")
        }
    }

    /// In tests `variables` is the whole environment, children included.
    @Test func withoutAProcessEnvironmentChildrenGetTheVariables() {
        var environment = AppEnvironment.live()
        environment.processEnvironment = nil
        environment.variables = ["A": "1"]
        #expect(environment.childEnvironment() == ["A": "1"])
    }
}
