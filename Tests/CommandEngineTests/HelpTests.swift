@testable import CommandEngine
import Testing

@Suite struct HelpTests {
    let renderer = HelpRenderer(table: SampleTable.table)

    /// Every visible command path of the sample table.
    static let paths: [[String]] = {
        var paths: [[String]] = []
        func visit(_ command: CommandSpec, _ path: [String]) {
            paths.append(path)
            for sub in command.visibleSubcommands { visit(sub, path + [sub.name]) }
        }
        visit(SampleTable.root, [])
        return paths
    }()

    @Test func leafCommandLayout() {
        #expect(renderer.help(for: ["checkin", "history"]) == """
            List past check-ins.

            USAGE
              lifesignal checkin history [--limit N]

            OPTIONS
              -n, --limit N           Show at most N check-ins.

            GLOBAL OPTIONS
              -h, --help              Show help for the command.
                  --store DIR         Use the store in DIR.
                  --json              Print machine-readable JSON.
              -q, --quiet             Print nothing but errors.
                  --no-color          Never colour the output.

            """)
    }

    @Test func groupLayout() {
        #expect(renderer.help(for: ["ping"]) == """
            Ask a dependent to check in.

            USAGE
              lifesignal ping [send] CONTACT
              lifesignal ping <subcommand> [<args>]

            GLOBAL OPTIONS
              -h, --help              Show help for the command.
                  --store DIR         Use the store in DIR.
                  --json              Print machine-readable JSON.
              -q, --quiet             Print nothing but errors.
                  --no-color          Never colour the output.

            SUBCOMMANDS
              send (default)          Ping a dependent.
              list                    List pings.
              respond                 Answer pings.

            Run 'lifesignal help ping <subcommand>' for more.

            """)
    }

    @Test func rootListsCommandsButNotHiddenOnes() {
        let help = renderer.help(for: [])
        #expect(help.contains("\nCOMMANDS\n  login                   Sign in with your phone number.\n"))
        #expect(!help.contains("__complete"))
        #expect(help.contains("\nOPTIONS\n      --version           Print the version.\n"))
        #expect(help.hasSuffix("Run 'lifesignal help <command>' for more.\n"))
    }

    @Test func longLabelsPutHelpOnTheNextLine() {
        let help = renderer.help(for: ["contacts", "role"])
        #expect(help.contains("""
                  --responder, --no-responder
                                      Whether they respond to your alerts.
            """))
    }

    @Test func choicesWithValueNameAreListed() {
        #expect(renderer.help(for: ["notifications", "list"]).contains("""
                  --type TYPE         Only this type. One of: alerts, pings, roles, added,
                                      removed, contacts, check-ins.
            """))
    }

    @Test(arguments: paths.map { $0.joined(separator: " ") })
    func everyHelpFitsEightyColumnsAndIsStructured(_ joined: String) {
        let path = joined.split(separator: " ").map(String.init)
        let help = renderer.help(for: path)
        for line in help.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
            #expect(!line.hasSuffix(" "), "trailing blank in '\(line)'")
        }
        let sections = help.split(separator: "\n").filter { $0.first?.isUppercase == true && $0.uppercased() == $0 }
        let order = ["USAGE", "ARGUMENTS", "OPTIONS", "GLOBAL OPTIONS", "SUBCOMMANDS", "COMMANDS", "EXAMPLES"]
        let indices = sections.compactMap { order.firstIndex(of: String($0)) }
        #expect(indices == indices.sorted())
        #expect(sections.first == "USAGE")
    }

    @Test func unknownPathFallsBackToRoot() {
        #expect(renderer.help(for: ["nope"]) == renderer.help(for: []))
    }

    struct WrapCase: CustomTestStringConvertible, Sendable {
        let id: String
        let text: String
        let width: Int
        let lines: [String]
        var testDescription: String { id }
    }

    static let wrapCases: [WrapCase] = [
        WrapCase(id: "fits", text: "a b c", width: 10, lines: ["a b c"]),
        WrapCase(id: "breaks at width", text: "aaa bbb ccc", width: 7, lines: ["aaa bbb", "ccc"]),
        WrapCase(id: "long word alone", text: "a bbbbbbbbbb c", width: 5, lines: ["a", "bbbbbbbbbb", "c"]),
        WrapCase(id: "extra blanks collapse", text: "a   b", width: 10, lines: ["a b"]),
        WrapCase(id: "empty", text: "", width: 10, lines: [""]),
    ]

    @Test(arguments: wrapCases)
    func wraps(_ testCase: WrapCase) {
        #expect(TextLayout.wrap(testCase.text, width: testCase.width) == testCase.lines)
    }

    @Test func usageWrapsBetweenBracketedElements() {
        let lines = TextLayout.wrapUsage("cmd [--sort a|b|c] [--x Y]", width: 16, firstIndent: "", indent: "  ")
        #expect(lines == ["cmd", "  [--sort a|b|c]", "  [--x Y]"])
    }
}
