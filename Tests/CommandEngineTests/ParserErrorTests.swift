import CommandEngine
import Testing

/// A command line the parser must refuse, with the exact wording.
struct ErrorCase: CustomTestStringConvertible, Sendable {
    let id: String
    let line: [String]
    let message: String
    let position: Int?
    let path: [String]
    var testDescription: String { id }

    init(_ id: String, _ line: [String], _ message: String, at position: Int?, in path: [String]) {
        self.id = id
        self.line = line
        self.message = message
        self.position = position
        self.path = path
    }
}

@Suite struct ParserErrorTests {
    static let cases: [ErrorCase] = [
        ErrorCase("unknown command with suggestion", ["stauts"],
                  "unknown command 'stauts' (did you mean 'status'?)", at: 1, in: []),
        ErrorCase("unknown command by prefix", ["noti"],
                  "unknown command 'noti' (did you mean 'notifications'?)", at: 1, in: []),
        ErrorCase("unknown command far away", ["xyzzy"], "unknown command 'xyzzy'", at: 1, in: []),
        ErrorCase("hidden commands are not suggested", ["__complet"], "unknown command '__complet'", at: 1, in: []),
        ErrorCase("unknown subcommand", ["qr", "scna", "x"],
                  "unknown subcommand 'scna' for 'qr' (did you mean 'scan'?)", at: 2, in: ["qr"]),
        ErrorCase("unknown subcommand of runnable group", ["checkin", "histroy"],
                  "unknown subcommand 'histroy' for 'checkin' (did you mean 'history'?)", at: 2, in: ["checkin"]),
        ErrorCase("missing subcommand", ["qr"], "missing subcommand for 'qr'", at: nil, in: ["qr"]),
        ErrorCase("missing subcommand after global", ["qr", "--json"], "missing subcommand for 'qr'", at: nil, in: ["qr"]),
        ErrorCase("unknown option with suggestion", ["contacts", "--sortt", "name"],
                  "unknown option '--sortt' (did you mean '--sort'?)", at: 2, in: ["contacts", "list"]),
        ErrorCase("unknown option by prefix", ["checkin", "history", "--lim", "3"],
                  "unknown option '--lim' (did you mean '--limit'?)", at: 3, in: ["checkin", "history"]),
        ErrorCase("unknown option suggests global", ["status", "--jsno"],
                  "unknown option '--jsno' (did you mean '--json'?)", at: 2, in: ["status"]),
        ErrorCase("root only option elsewhere", ["status", "--version"],
                  "unknown option '--version'", at: 2, in: ["status"]),
        ErrorCase("unknown short option", ["alert", "on", "-yx"], "unknown option '-x'", at: 3, in: ["alert", "on"]),
        ErrorCase("negative number is an option", ["settings", "set", "pings", "-5"],
                  "unknown option '-5'", at: 4, in: ["settings", "set"]),
        ErrorCase("missing value at the end", ["checkin", "history", "--limit"],
                  "option '--limit' needs a value", at: 3, in: ["checkin", "history"]),
        ErrorCase("missing value for short", ["checkin", "history", "-n"],
                  "option '-n' needs a value", at: 3, in: ["checkin", "history"]),
        ErrorCase("flag given a value", ["status", "--check=yes"],
                  "option '--check' does not take a value (got 'yes')", at: 2, in: ["status"]),
        ErrorCase("global flag given a value", ["--json=1", "status"],
                  "option '--json' does not take a value (got '1')", at: 1, in: []),
        ErrorCase("repeated option", ["checkin", "history", "--limit", "1", "--limit=2"],
                  "option '--limit' given more than once", at: 5, in: ["checkin", "history"]),
        ErrorCase("repeated via short", ["checkin", "history", "-n1", "--limit", "2"],
                  "option '--limit' given more than once", at: 4, in: ["checkin", "history"]),
        ErrorCase("exclusive group", ["contacts", "--dependents", "--responders"],
                  "'--dependents' cannot be used with '--responders'", at: 3, in: ["contacts", "list"]),
        ErrorCase("negatable pair", ["contacts", "role", "Ann", "--responder", "--no-responder"],
                  "'--responder' cannot be used with '--no-responder'", at: 5, in: ["contacts", "role"]),
        ErrorCase("argument and option in a group", ["contacts", "add", "CODE1", "--image", "a.png"],
                  "'CODE' cannot be used with '--image'", at: 4, in: ["contacts", "add"]),
        ErrorCase("required group empty", ["notifications", "read"],
                  "missing ID or '--all'", at: nil, in: ["notifications", "read"]),
        ErrorCase("missing argument", ["contacts", "show"], "missing argument CONTACT", at: nil, in: ["contacts", "show"]),
        ErrorCase("missing argument of default", ["ping"], "missing argument CONTACT", at: nil, in: ["ping", "send"]),
        ErrorCase("missing second argument", ["settings", "set", "pings"],
                  "missing argument VALUE", at: nil, in: ["settings", "set"]),
        ErrorCase("missing required option", ["login", "--code", "123456"],
                  "missing required option '--phone'", at: nil, in: ["login"]),
        ErrorCase("unexpected argument", ["logout", "now"], "unexpected argument 'now'", at: 2, in: ["logout"]),
        ErrorCase("subcommand only as first word", ["checkin", "--json", "x", "history"],
                  "unknown subcommand 'x' for 'checkin'", at: 3, in: ["checkin"]),
        ErrorCase("passthrough not accepted", ["logout", "--", "x"], "unexpected argument 'x'", at: 3, in: ["logout"]),
        ErrorCase("invalid choice with suggestion", ["contacts", "--sort", "nme"],
                  "invalid value 'nme' for '--sort': expected one of time-left, name, added (did you mean 'name'?)",
                  at: 3, in: ["contacts", "list"]),
        ErrorCase("invalid choice with equals", ["qr", "encode", "x", "--ecc=X"],
                  "invalid value 'X' for '--ecc': expected one of L, M, Q, H", at: 4, in: ["qr", "encode"]),
        ErrorCase("help of unknown command", ["help", "contacts", "rmove"],
                  "unknown subcommand 'rmove' for 'contacts' (did you mean 'remove'?)", at: 3, in: ["contacts"]),
    ]

    @Test(arguments: cases)
    func refuses(_ testCase: ErrorCase) {
        #expect(throws: UsageError.self) { try CommandParser(table: SampleTable.table).parse(testCase.line) }
        do {
            _ = try CommandParser(table: SampleTable.table).parse(testCase.line)
        } catch {
            #expect(error.message == testCase.message)
            #expect(error.position == testCase.position)
            #expect(error.commandPath == testCase.path)
        }
    }

    struct AccessorCase: CustomTestStringConvertible, Sendable {
        let id: String
        let line: [String]
        let message: String
        var testDescription: String { id }
    }

    static let accessorCases: [AccessorCase] = [
        AccessorCase(id: "not a number", line: ["checkin", "history", "-n", "ten"],
                     message: "invalid value 'ten' for '--limit': expected an integer from 1 to 1000"),
        AccessorCase(id: "out of range", line: ["checkin", "history", "--limit=0"],
                     message: "invalid value '0' for '--limit': expected an integer from 1 to 1000"),
        AccessorCase(id: "sign only", line: ["checkin", "history", "--limit=-"],
                     message: "invalid value '-' for '--limit': expected an integer from 1 to 1000"),
    ]

    @Test(arguments: accessorCases)
    func accessorValidation(_ testCase: AccessorCase) throws {
        guard case .run(let parsed) = try CommandParser(table: SampleTable.table).parse(testCase.line)
        else { Issue.record("expected a command"); return }
        do {
            _ = try parsed.value(Option<Int>.integer("limit", short: "n", in: 1...1000, help: "L."))
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message == testCase.message)
            #expect(error.commandPath == ["checkin", "history"])
            #expect(error.position == 3)
        }
    }

    @Test func choiceAccessorSuggests() throws {
        enum Shell: String, CaseIterable { case bash, zsh, fish }
        guard case .run(let parsed) = try CommandParser(table: SampleTable.table).parse(["completions", "bassh"])
        else { Issue.record("expected a command"); return }
        #expect(throws: UsageError(
            .invalidChoice("bassh", for: "SHELL", choices: ["bash", "zsh", "fish"], suggestions: ["bash"]),
            position: 2, commandPath: ["completions"])) { try parsed.value(Argument<Shell>(choice: "SHELL", help: "S.")) }
        guard case .run(let upper) = try CommandParser(table: SampleTable.table).parse(["completions", "ZSH"])
        else { Issue.record("expected a command"); return }
        #expect(try upper.value(Argument<Shell>(choice: "SHELL", help: "S.")) == .zsh)
    }

    @Test func fullReport() {
        let renderer = HelpRenderer(table: SampleTable.table)
        do {
            _ = try CommandParser(table: SampleTable.table).parse(["contacts", "add", "--imag", "x.png"])
            Issue.record("expected a usage error")
        } catch {
            #expect(renderer.errorReport(for: error) == """
                error: unknown option '--imag' (did you mean '--image'?)
                Usage: lifesignal contacts add CODE|--image FILE [--responder] [--dependent]
                See 'lifesignal contacts add --help'.

                """)
        }
    }

    @Test func reportForGroupShowsEveryUsageLine() {
        let renderer = HelpRenderer(table: SampleTable.table)
        let error = UsageError(.unknownCommand("lst", suggestions: ["list"]), position: 2, commandPath: ["contacts"])
        #expect(renderer.errorReport(for: error) == """
            error: unknown subcommand 'lst' for 'contacts' (did you mean 'list'?)
            Usage: lifesignal contacts [list] [--responders|--dependents]
                       [--sort time-left|name|added]
                   lifesignal contacts <subcommand> [<args>]
            See 'lifesignal contacts --help'.

            """)
    }
}
