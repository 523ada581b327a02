@testable import CommandEngine
import Testing

@Suite struct ManPageTests {
    static let manual = ManualPage(
        date: "November 21, 2026",
        description: [
            "lifesignal keeps a check-in deadline. If you miss it, your responders are alerted.",
            ".A line that starts with a dot, a back\\slash and --json in text.",
        ],
        environment: [ManualEntry("LIFESIGNAL_STORE", "The store directory.")],
        files: [ManualEntry("$XDG_DATA_HOME/lifesignal", "The default store.")],
        exitStatus: [ManualEntry("0", "Success."), ManualEntry("2", "A usage error.")],
        examples: [CommandExample("settings set notify-command 'notify-send \"$LIFESIGNAL_NOTIFICATION_TITLE\"'",
                                  "Show notifications on the desktop.")],
        seeAlso: [ManualReference("qrencode", "1"), ManualReference("sh", "1")]
    )

    static var page: String { ManPageGenerator.render(SampleTable.table, manual: manual) }

    @Test func header() {
        let lines = Self.page.split(separator: "\n").prefix(8).map(String.init)
        #expect(lines == [
            ".\\\" Generated from the command table of lifesignal.",
            ".Dd November 21, 2026",
            ".Dt LIFESIGNAL 1",
            ".Os",
            ".Sh NAME",
            ".Nm lifesignal",
            ".Nd A check-in safety net: check in, or your responders are alerted",
            ".Sh SYNOPSIS",
        ])
    }

    /// An example given twice appears once; words a shell would split or
    /// expand keep their quotes; explanations read as sentences; the footer
    /// names the program when asked to.
    @Test func examplesOnceQuotedAsTypedAndTheFooter() {
        var manual = Self.manual
        manual.source = "lifesignal 9.9"
        manual.examples += [CommandExample("checkin", "check in again"),
                            CommandExample("qr encode 'a;b' --png - | wc -c", "count the bytes")]
        let page = ManPageGenerator.render(SampleTable.table, manual: manual)
        let lines = page.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == ".Dl lifesignal checkin" }.count == 1)
        #expect(!page.contains("Check in again"))
        #expect(lines.contains(".Dl lifesignal qr encode 'a;b' \\-\\-png \\- \\&| wc \\-c"), "\(lines.filter { $0.hasPrefix(".Dl lifesignal qr") })")
        #expect(lines.contains("Count the bytes."))
        #expect(lines.contains(".Os \"lifesignal 9.9\""))
    }

    @Test func sectionsInOrder() {
        let sections = Self.page.split(separator: "\n").filter { $0.hasPrefix(".Sh ") }.map { String($0.dropFirst(4)) }
        #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "FILES",
                             "EXIT STATUS", "EXAMPLES", "SEE ALSO"])
    }

    @Test func commandEntries() {
        let page = Self.page
        #expect(page.contains(".Cm contacts role\n.Ar CONTACT\n.Op Fl -responder | Fl -no-responder\n"))
        #expect(page.contains(".Cm contacts add\n.Ar CODE | Fl -image Ar FILE\n.Op Fl -responder\n"))
        #expect(page.contains(".Cm checkin\n.Op Fl \\- Ar COMMAND ...\n.Xc\n"))
        #expect(page.contains(".It Fl q , Fl -quiet\n"))
        #expect(!page.contains("__complete"))
        #expect(page.contains(".Xr qrencode 1 ,\n.Xr sh 1\n"))
        #expect(page.contains(".It Li 2\nA usage error.\n"))
    }

    @Test func escapesText() {
        let page = Self.page
        #expect(page.contains("\n\\&.A line that starts with a dot, a back\\eslash and \\-\\-json in text.\n"))
        #expect(page.contains("lifesignal keeps a check-in deadline.\nIf you miss it"))
        #expect(page.contains(".Dl lifesignal settings set notify-command \"'notify-send \\(dq$LIFESIGNAL_NOTIFICATION_TITLE\\(dq'\""))
    }

    struct ArgumentCase: CustomTestStringConvertible, Sendable {
        let text: String
        let escaped: String
        var testDescription: String { "'\(text)'" }
    }

    static let arguments: [ArgumentCase] = [
        ArgumentCase(text: "plain", escaped: "plain"),
        ArgumentCase(text: "two words", escaped: "\"two words\""),
        ArgumentCase(text: "", escaped: "\"\""),
        ArgumentCase(text: "Ar", escaped: "\\&Ar"),
        ArgumentCase(text: "|", escaped: "\\&|"),
        ArgumentCase(text: "a\\b", escaped: "a\\eb"),
        ArgumentCase(text: "say \"hi\"", escaped: "\"say \\(dqhi\\(dq\""),
    ]

    @Test(arguments: arguments)
    func escapesArguments(_ testCase: ArgumentCase) {
        #expect(Roff.argument(testCase.text) == testCase.escaped)
    }

    @Test(.enabled(if: ExternalTools.enabled("mandoc"), "mandoc is not installed"))
    func passesMandocLint() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let file = try sandbox.write("lifesignal.1", Self.page)
        let output = try ExternalTools.run("mandoc", ["-Tlint", "-W", "style", file])
        // Only diagnostics about the page count; mandoc also notes an
        // outdated mandoc.db on machines whose index lacks the SEE ALSO pages.
        let diagnostics = (output.stdout + output.stderr).split(separator: "\n").filter { line in
            ["STYLE:", "WARNING:", "ERROR:", "UNSUPP:", "BADARG:"].contains { line.contains($0) }
        }
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }
}
