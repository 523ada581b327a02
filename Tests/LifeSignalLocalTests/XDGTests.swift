import LifeSignalLocal
import StoreBackends
import StoreOpening
import Testing

/// The XDG Base Directory rules: a variable that is unset, empty or relative
/// is ignored in favour of the default under $HOME.
struct XDGTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var environment: [String: String]
        var fallbackHome: String? = "/home/pw"
        var data: String?
        var config: String?
        var state: String?
        var testDescription: String { id }
    }

    @Test(arguments: [
        Case(id: "defaults under HOME", environment: ["HOME": "/home/ada"],
             data: "/home/ada/.local/share", config: "/home/ada/.config", state: "/home/ada/.local/state"),
        Case(id: "absolute values win", environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c",
                                                      "XDG_STATE_HOME": "/s"], data: "/d", config: "/c", state: "/s"),
        Case(id: "empty means unset", environment: ["HOME": "/home/ada", "XDG_DATA_HOME": ""],
             data: "/home/ada/.local/share"),
        Case(id: "relative is ignored", environment: ["HOME": "/home/ada", "XDG_STATE_HOME": "rel/state"],
             state: "/home/ada/.local/state"),
        Case(id: "trailing slashes dropped", environment: ["HOME": "/home/ada/", "XDG_CONFIG_HOME": "/c//"],
             data: "/home/ada/.local/share", config: "/c"),
        Case(id: "spaces and non-ASCII kept", environment: ["HOME": "/home/Zoë Smith"],
             data: "/home/Zoë Smith/.local/share"),
        Case(id: "HOME unset uses the user database", environment: [:], data: "/home/pw/.local/share"),
        Case(id: "relative HOME uses the user database", environment: ["HOME": "ada"], data: "/home/pw/.local/share"),
        Case(id: "HOME unset but XDG absolute", environment: ["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c",
                                                             "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/k"],
             fallbackHome: nil, data: "/d", config: "/c", state: "/s"),
    ])
    func resolves(_ c: Case) throws {
        let xdg = try XDGDirectories(environment: c.environment, fallbackHome: c.fallbackHome)
        if let data = c.data { #expect(xdg.dataHome == data) }
        if let config = c.config { #expect(xdg.configHome == config) }
        if let state = c.state { #expect(xdg.stateHome == state) }
    }

    @Test func noHomeAtAllIsAClearError() {
        #expect(throws: StoreError.self) { try XDGDirectories(environment: [:], fallbackHome: nil) }
    }

    @Test func theStoreComesFromTheOptionThenTheVariableThenXDG() throws {
        let xdg = try XDGDirectories(environment: ["HOME": "/h"], fallbackHome: nil)
        func store(_ environment: [String: String], _ option: String?) throws -> String {
            try LifeSignalPaths(xdg: xdg, environment: environment, storeOption: option, workingDirectory: "/work").store.description
        }
        #expect(try store([:], nil) == "/h/.local/share/lifesignal")
        #expect(try store(["LIFESIGNAL_STORE": "/shared/"], nil) == "/shared")
        #expect(try store(["LIFESIGNAL_STORE": ""], nil) == "/h/.local/share/lifesignal")
        #expect(try store(["LIFESIGNAL_STORE": "/shared"], "mine") == "/work/mine")
        let paths = try LifeSignalPaths(xdg: xdg, environment: [:], storeOption: nil, workingDirectory: "/")
        #expect(paths.stateDirectory == "/h/.local/state/lifesignal")
        #expect(paths.configDirectory == "/h/.config/lifesignal")
    }
}
