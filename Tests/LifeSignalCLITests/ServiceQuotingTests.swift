import Testing
@testable import LifeSignalApp
@testable import LifeSignalCLI

/// How the agent's service definitions write awkward values: as systemd
/// and launchd read them back, literally.
struct ServiceQuotingTests {
    @Test(arguments: [
        // (id, text, in a command line, written)
        ("plain", "/usr/bin/lifesignal", true, #""/usr/bin/lifesignal""#),
        ("a space", "/opt/my tools/lifesignal", true, #""/opt/my tools/lifesignal""#),
        ("a specifier", "/home/a/100%/x", false, #""/home/a/100%%/x""#),
        ("a variable in a command", "/home/$USER/bin", true, #""/home/$$USER/bin""#),
        ("a variable in an environment value", "A=$HOME", false, #""A=$HOME""#),
        ("a quote", #"/a "b"/c"#, false, #""/a \"b\"/c""#),
        ("a backslash", #"C:\x"#, false, #""C:\\x""#),
    ] as [(String, String, Bool, String)])
    func systemdReadsTheWordBackAsItWas(_ id: String, _ text: String, _ command: Bool, _ written: String) {
        #expect(AgentService.systemdQuoted(text, command: command) == written, "\(id)")
    }

    @Test(arguments: [
        ("plain", "/usr/bin/lifesignal", "/usr/bin/lifesignal"),
        ("markup", "<a&b>", "&lt;a&amp;b&gt;"),
        ("quotes", #"it's "x""#, "it&apos;s &quot;x&quot;"),
        ("an entity stays text", "&amp;", "&amp;amp;"),
    ])
    func launchdReadsTheTextBackAsItWas(_ id: String, _ text: String, _ written: String) {
        #expect(AgentService.xml(text) == written, "\(id)")
    }
}
