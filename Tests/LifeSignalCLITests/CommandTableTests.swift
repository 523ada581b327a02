import CommandEngine
@testable import LifeSignalCLI
import LifeSignalCore
import Testing

/// The real command table: every command runs, and command lines decode to
/// the typed inputs the commands receive.
struct CommandTableTests {
    /// Every runnable command but `help` names an input type that can run;
    /// commands that only group others name none.
    @Test func everyRunnableCommandDecodesToSomethingThatRuns() {
        var problems: [String] = []
        func walk(_ command: CommandSpec, _ path: [String]) {
            let name = (["lifesignal"] + path).joined(separator: " ")
            if command.isRunnable, path != ["help"] {
                if let input = command.input {
                    if !(input.payload is Runner) { problems.append("\(name): its input has no runner") }
                } else {
                    problems.append("\(name): no input type")
                }
            } else if command.input != nil {
                problems.append("\(name): an input type on a command that never runs")
            }
            for sub in command.subcommands { walk(sub, path + [sub.name]) }
        }
        walk(LifeSignalTable.table.root, [])
        #expect(problems == [])
    }

    /// Every `.dynamic` completion in the table names a source `__complete` answers.
    @Test func everyDynamicCompletionIsOneTheProgramAnswers() {
        var sources: Set<String> = []
        func walk(_ command: CommandSpec) {
            for kind in command.arguments.map(\.completion) + command.options.map(\.completion) {
                if case .dynamic(let source) = kind { sources.insert(source) }
            }
            command.subcommands.forEach(walk)
        }
        walk(LifeSignalTable.table.root)
        #expect(sources == Set(Complete.Source.allCases.map(\.rawValue)))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let line: [String]
        let expected: @Sendable (any CommandInput) -> Bool
        var testDescription: String { id }

        /// `check` sees the decoded input, which must be of type `Input`.
        init<Input: CommandInput>(_ id: String, _ line: [String], _ check: @escaping @Sendable (Input) -> Bool) {
            self.id = id
            self.line = line
            self.expected = { ($0 as? Input).map(check) ?? false }
        }
    }

    static let cases: [Case] = [
        Case("version", ["--version"]) { (r: Root) in r.showVersion },
        Case("login", ["login", "--phone", "+1 555-123-4567", "--code", "123456"]) { (l: Login) in
            l.phone == "+1 555-123-4567" && l.code == "123456" && l.firstName == nil
        },
        Case("status check", ["status", "--check"]) { (s: Status) in s.check },
        Case("profile set note", ["profile", "set", "--note", ""]) { (p: ProfileSet) in
            p.note == "" && p.firstName == nil && p.lastName == nil
        },
        Case("checkin", ["checkin"]) { (c: Checkin) in c.command == nil },
        Case("checkin a command", ["checkin", "--", "make", "-j2"]) { (c: Checkin) in c.command == ["make", "-j2"] },
        Case("history limit", ["checkin", "history", "-n", "3"]) { (h: CheckinHistory) in h.limit == 3 },
        Case("history default", ["checkin", "history"]) { (h: CheckinHistory) in h.limit == 20 },
        Case("interval", ["checkin", "interval", "1d12h", "--reminder", "90m"]) { (i: CheckinInterval) in
            i.interval == 129_600 && i.reminder == 5400
        },
        Case("alert on", ["alert", "on", "-y"]) { (a: AlertOn) in a.yes },
        Case("ping by default", ["ping", "Ada Lovelace"]) { (p: PingSend) in p.contact == "Ada Lovelace" },
        Case("ping respond all", ["ping", "respond"]) { (p: PingRespond) in p.ping == nil },
        Case("contacts default", ["contacts"]) { (l: ContactsList) in l.selection == .all && l.sort == .timeLeft },
        Case("contacts responders by name", ["contacts", "--responders", "--sort", "name"]) { (l: ContactsList) in
            l.selection == .responders && l.sort == .name
        },
        Case("add by code", ["contacts", "add", "K7Q2M-9XHCV-3PD8R-TW6NA", "--dependent"]) { (a: ContactsAdd) in
            a.source == .code("K7Q2M-9XHCV-3PD8R-TW6NA") && !a.asResponder && a.asDependent
        },
        Case("add by picture", ["contacts", "add", "--image", "-", "--responder"]) { (a: ContactsAdd) in
            a.source == .image("-") && a.asResponder && !a.asDependent
        },
        Case("role", ["contacts", "role", "Al", "--no-responder"]) { (r: ContactsRole) in
            r.contact == "Al" && r.responder == false && r.dependent == nil
        },
        Case("notifications", ["notifications", "--type", "check-ins", "--unread", "-n", "5"]) { (n: NotificationsList) in
            n.filter == .checkIns && n.unreadOnly && n.limit == 5
        },
        Case("read all", ["notifications", "read", "--all"]) { (r: NotificationsRead) in r.target == .all },
        Case("delete one", ["notifications", "delete", "abcd1234"]) { (d: NotificationsDelete) in
            d.target == .one("abcd1234") && !d.yes
        },
        Case("encode to stdout", ["qr", "encode", "hi", "--png", "-", "--ecc", "Q"]) { (e: QREncode) in
            e.text == "hi" && e.level == .Q && e.image.png == "-" && e.image.writesToStandardOutput
        },
        Case("settings key in capitals", ["settings", "get", "Notify-Command"]) { (g: SettingsGet) in g.key == .notifyCommand },
        Case("settings switch", ["settings", "set", "PINGS", "Off"]) { (s: SettingsSet) in s.change == .toggle(.pings, false) },
        Case("settings clear", ["settings", "set", "sms-command", ""]) { (s: SettingsSet) in
            s.change == .command(.smsCommand, nil)
        },
        Case("completions", ["completions", "fish"]) { (c: Completions) in c.shell == .fish },
        Case("complete dependents", ["__complete", "dependents", "Ad"]) { (c: Complete) in
            c.source == .dependents && c.word == "Ad"
        },
    ]

    @Test(arguments: cases)
    func decodes(_ testCase: Case) throws {
        guard case .run(let parsed) = try CommandParser(table: LifeSignalTable.table).parse(testCase.line),
              let input = parsed.input else {
            Issue.record("\(testCase.line) did not decode")
            return
        }
        #expect(testCase.expected(input), "\(input)")
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let id: String
        let line: [String]
        let message: String
        var testDescription: String { id }
    }

    static let refusals: [Refusal] = [
        Refusal(id: "bad duration", line: ["checkin", "interval", "soon"],
                message: "invalid value 'soon' for 'DURATION': expected a duration such as 90m, 8h, 1d12h or seconds (at most 36500d)"),
        Refusal(id: "empty passthrough", line: ["checkin", "--"], message: "missing argument COMMAND after --"),
        Refusal(id: "nothing to change", line: ["profile", "set"],
                message: "missing '--first-name', '--last-name' or '--note'"),
        Refusal(id: "no role given", line: ["contacts", "role", "Al"],
                message: "missing '--responder', '--no-responder', '--dependent', '--no-dependent' or '--delay'"),
        Refusal(id: "blank contact", line: ["contacts", "show", "  "],
                message: "invalid value '  ' for 'CONTACT': expected a name, phone number or ID"),
        Refusal(id: "setting key", line: ["settings", "set", "ping", "on"],
                message: "invalid value 'ping' for 'KEY': expected one of alerts, pings, check-ins, contacts, dependent-news, notify-command, sms-command, etcd-cacert, etcd-cert, etcd-key, time-zone, quiet-hours (did you mean 'pings'?)"),
        Refusal(id: "switch value", line: ["settings", "set", "alerts", "maybe"],
                message: "invalid value 'maybe' for 'alerts': expected one of on, off"),
        Refusal(id: "two images on stdout", line: ["qr", "encode", "x", "--png", "-", "--svg", "-"],
                message: "'--png -' cannot be used with '--svg -'"),
    ]

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) {
        do {
            _ = try CommandParser(table: LifeSignalTable.table).parse(refusal.line)
            Issue.record("\(refusal.line) was accepted")
        } catch {
            #expect(error.message == refusal.message)
        }
    }
}
