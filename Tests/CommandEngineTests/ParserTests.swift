@testable import CommandEngine
import Testing

/// A command line and its parse, written compactly so the table reads well.
struct ParseCase: CustomTestStringConvertible, Sendable {
    let id: String
    let line: [String]
    let expected: String
    var testDescription: String { id }

    init(_ id: String, _ line: [String], _ expected: String) {
        self.id = id
        self.line = line
        self.expected = expected
    }
}

/// `path | NAME=v1,v2 | flag | !negated | -- words`, keys sorted; `help: path` for help.
func describe(_ invocation: Invocation) -> String {
    switch invocation {
    case .help(let path):
        return "help: " + path.joined(separator: " ")
    case .run(let parsed):
        var parts = [parsed.commandPath.joined(separator: " ")]
        for key in parsed.entries.keys.sorted() {
            parts.append(key + "=" + (parsed.entries[key]?.values ?? []).joined(separator: ","))
        }
        for key in parsed.flags.keys.sorted() {
            parts.append((parsed.flags[key] == true ? "" : "!") + key)
        }
        if let passthrough = parsed.passthrough {
            parts.append("-- " + passthrough.joined(separator: " "))
        }
        return parts.joined(separator: " | ")
    }
}

@Suite struct ParserTests {
    static let cases: [ParseCase] = [
        ParseCase("leaf command", ["logout"], "logout"),
        ParseCase("nested subcommand", ["contacts", "role", "Ann", "--responder"], "contacts role | CONTACT=Ann | responder"),
        ParseCase("negated flag", ["contacts", "role", "Ann", "--no-dependent"], "contacts role | CONTACT=Ann | !dependent"),
        ParseCase("both negatables", ["contacts", "role", "Ann", "--responder", "--no-dependent"],
                  "contacts role | CONTACT=Ann | !dependent | responder"),
        ParseCase("long option with space", ["checkin", "history", "--limit", "5"], "checkin history | limit=5"),
        ParseCase("long option with equals", ["checkin", "history", "--limit=5"], "checkin history | limit=5"),
        ParseCase("empty value with equals", ["profile", "set", "--note="], "profile set | note="),
        ParseCase("short option separate value", ["checkin", "history", "-n", "5"], "checkin history | limit=5"),
        ParseCase("short option attached value", ["checkin", "history", "-n5"], "checkin history | limit=5"),
        ParseCase("bundled short flags", ["alert", "on", "-yq"], "alert on | quiet | yes"),
        ParseCase("bundle ending in value", ["notifications", "-qn", "3"], "notifications list | limit=3 | quiet"),
        ParseCase("bundle with attached value", ["notifications", "-qn3"], "notifications list | limit=3 | quiet"),
        ParseCase("value starting with dash", ["profile", "set", "--note", "-5"], "profile set | note=-5"),
        ParseCase("value that is a terminator", ["profile", "set", "--note", "--"], "profile set | note=--"),
        ParseCase("value that looks like option", ["profile", "set", "--note", "--json"], "profile set | note=--json"),
        ParseCase("global before command", ["--json", "status"], "status | json"),
        ParseCase("global between words", ["contacts", "--json", "show", "Ann"], "contacts show | CONTACT=Ann | json"),
        ParseCase("global at the end", ["ping", "send", "Ann", "-q"], "ping send | CONTACT=Ann | quiet"),
        ParseCase("global with value", ["--store", "/tmp/s", "tick"], "tick | store=/tmp/s"),
        ParseCase("global with equals anywhere", ["tick", "--store=/tmp/s"], "tick | store=/tmp/s"),
        ParseCase("root only option", ["--version"], " | version"),
        ParseCase("root with nothing", [], ""),
        ParseCase("default subcommand alone", ["contacts"], "contacts list"),
        ParseCase("default subcommand by option", ["contacts", "--sort", "name"], "contacts list | sort=name"),
        ParseCase("default subcommand by word", ["ping", "Ann"], "ping send | CONTACT=Ann"),
        ParseCase("explicit default subcommand", ["ping", "send", "Ann"], "ping send | CONTACT=Ann"),
        ParseCase("default subcommand after global", ["notifications", "--json", "--unread"],
                  "notifications list | json | unread"),
        ParseCase("subcommand name as default's argument", ["ping", "send", "list"], "ping send | CONTACT=list"),
        ParseCase("runnable group alone", ["alert"], "alert"),
        ParseCase("runnable group subcommand", ["alert", "on", "--yes"], "alert on | yes"),
        ParseCase("passthrough", ["checkin", "--", "make", "-j4", "--", "x"], "checkin | -- make -j4 -- x"),
        ParseCase("empty passthrough", ["checkin", "--"], "checkin | -- "),
        ParseCase("passthrough after global", ["checkin", "--json", "--", "history"], "checkin | json | -- history"),
        ParseCase("terminator makes positionals", ["settings", "set", "sms-command", "--", "-x"],
                  "settings set | KEY=sms-command | VALUE=-x"),
        ParseCase("empty positional", ["settings", "set", "sms-command", ""], "settings set | KEY=sms-command | VALUE="),
        ParseCase("bare dash is a value", ["qr", "scan", "-", "--raw"], "qr scan | FILE=- | raw"),
        ParseCase("optional argument absent", ["ping", "respond"], "ping respond"),
        ParseCase("optional argument present", ["checkin", "interval", "8h", "--reminder", "1h"],
                  "checkin interval | DURATION=8h | reminder=1h"),
        ParseCase("required group by argument", ["contacts", "add", "LS1:abc", "--responder"],
                  "contacts add | CODE=LS1:abc | responder"),
        ParseCase("required group by option", ["contacts", "add", "--image", "a.png"], "contacts add | image=a.png"),
        ParseCase("choice option", ["qr", "encode", "hi", "--ecc", "H"], "qr encode | TEXT=hi | ecc=H"),
        ParseCase("repeated flag is harmless", ["status", "--json", "--json"], "status | json"),
        ParseCase("hidden command parses", ["__complete", "contacts", "An"], "__complete | SOURCE=contacts | WORD=An"),
        ParseCase("long help", ["contacts", "add", "--help"], "help: contacts add"),
        ParseCase("short help", ["contacts", "add", "-h"], "help: contacts add"),
        ParseCase("help on group stays on group", ["contacts", "--help"], "help: contacts"),
        ParseCase("help command", ["help", "contacts", "add"], "help: contacts add"),
        ParseCase("help command alone", ["help"], "help: "),
        ParseCase("help wins over errors", ["contacts", "add", "--bogus", "--help"], "help: contacts add"),
        ParseCase("help in bundle", ["alert", "-qh"], "help: alert"),
        ParseCase("help after terminator is passthrough", ["checkin", "--", "--help"], "checkin | -- --help"),
        ParseCase("root help", ["--help"], "help: "),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: ParseCase) throws {
        let invocation = try CommandParser(table: SampleTable.table).parse(testCase.line)
        #expect(describe(invocation) == testCase.expected)
    }

    @Test func helpSpellingsRenderIdenticalText() throws {
        let parser = CommandParser(table: SampleTable.table)
        let renderer = HelpRenderer(table: SampleTable.table)
        for path in [["contacts", "role"], ["checkin"], ["qr"], []] {
            let texts = try [path + ["--help"], path + ["-h"], ["help"] + path].map { line in
                guard case .help(let target) = try parser.parse(line) else { return "" }
                return renderer.help(for: target)
            }
            #expect(Set(texts).count == 1, "help differs for \(path)")
            #expect(texts[0].hasPrefix(SampleTable.table.command(at: path)?.summary ?? "?"))
        }
    }

    @Test func typedAccessors() throws {
        let parser = CommandParser(table: SampleTable.table)
        guard case .run(let parsed) = try parser.parse(["notifications", "--type", "pings", "-n", "7", "--unread"])
        else { Issue.record("expected a command"); return }
        enum Kind: String, CaseIterable { case alerts, pings }
        #expect(try parsed.value(Option<Int>.integer("limit", in: 1...100, help: "L.")) == 7)
        #expect(try parsed.value(Option<Kind>(choice: "type", help: "T.")) == .pings)
        #expect(parsed[Flag("unread", help: "U.")])
        #expect(!parsed[Flag("json", help: "J.")])
        #expect(parsed[Toggle("json", help: "J.")] == nil)
        #expect(parsed.isGiven(OptionSpec.value("limit", valueName: "N", help: "L.")))
        #expect(try parsed.value(Option<String>("missing", valueName: "M", help: "M.")) == nil)
        #expect(try parsed.value(Option<Int>("limit", valueName: "N", help: "L.", expected: "x") {
            Int($0).map { $0 * 2 }
        }) == 14)
    }

    /// A command's input type is decoded by the parser; its refusals are usage errors.
    struct Interval: CommandInput, Equatable {
        static let duration = Argument<Int>("DURATION", help: "Hours.", isOptional: true, expected: "hours such as 8h") {
            $0.hasSuffix("h") ? Int($0.dropLast()) : nil
        }
        static let reminder = Option<Int>.integer("reminder", in: 1...24, help: "Hours before.")
        let hours: Int?
        let reminder: Int?

        init(hours: Int?, reminder: Int?) {
            self.hours = hours
            self.reminder = reminder
        }

        init(from parsed: ParsedCommand) throws(UsageError) {
            hours = try parsed.value(Self.duration)
            reminder = try parsed.value(Self.reminder)
            if let hours, let reminder, reminder >= hours {
                throw parsed.problem(.invalidValue(String(reminder), for: "--reminder", expected: "less than the interval"))
            }
        }

        static let table = CommandTable(root: CommandSpec(
            "tool", summary: "A tool.", arguments: [duration.spec],
            options: [reminder.spec, Flag("help", help: "Help.", isGlobal: true).spec], input: InputType(Interval.self)),
            helpCommandName: nil)
    }

    @Test func inputIsDecodedByTheParser() throws {
        let parser = CommandParser(table: Interval.table)
        guard case .run(let parsed) = try parser.parse(["8h", "--reminder", "2"])
        else { Issue.record("expected a command"); return }
        #expect(parsed.input as? Interval == Interval(hours: 8, reminder: 2))
        #expect(throws: UsageError(.invalidValue("8x", for: "DURATION", expected: "hours such as 8h"),
                                   position: 1, commandPath: [])) { try parser.parse(["8x"]) }
        #expect(throws: UsageError(.invalidValue("9", for: "--reminder", expected: "less than the interval"),
                                   commandPath: [])) { try parser.parse(["8h", "--reminder=9"]) }
        #expect(try parser.parse(["8x", "--help"]) == .help(commandPath: []))
    }

    @Test func repeatableOptionCollectsValues() throws {
        let tags = OptionSpec("tag", help: "A tag.", kind: .value(valueName: "T"), isRepeatable: true)
        let table = CommandTable(root: CommandSpec("tool", summary: "A tool.", options: [tags]), helpCommandName: nil)
        guard case .run(let parsed) = try CommandParser(table: table).parse(["--tag", "a", "--tag=b"])
        else { Issue.record("expected a command"); return }
        #expect(parsed.strings("tag") == ["a", "b"])
        #expect(parsed.string("tag") == "b")
    }

    @Test func variadicArgumentLeavesRoomForRequiredOnes() throws {
        let command = CommandSpec("cp", summary: "Copy.", arguments: [
            ArgumentSpec("SOURCE", help: "From.", isVariadic: true), ArgumentSpec("DEST", help: "To."),
        ])
        let table = CommandTable(root: command, helpCommandName: nil)
        guard case .run(let parsed) = try CommandParser(table: table).parse(["a", "b", "c"])
        else { Issue.record("expected a command"); return }
        #expect(parsed.strings("SOURCE") == ["a", "b"])
        #expect(parsed.string("DEST") == "c")
    }
}
