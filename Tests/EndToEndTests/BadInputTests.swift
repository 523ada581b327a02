import Foundation
import Testing
import TestSupport

/// Bad input of every kind: a one-line error, a documented exit code, and
/// nothing changed in the store.
@Suite(.serialized, .ownThreads) struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var arguments: [String]
        var status: Int32
        var message: String
        var extra: [String: String] = [:]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "unknown command", arguments: ["chekin"], status: 2, message: "did you mean 'checkin'?"),
        Case(id: "unknown option", arguments: ["status", "--jsno"], status: 2, message: "--json"),
        Case(id: "missing argument", arguments: ["contacts", "show"], status: 2, message: "CONTACT"),
        Case(id: "bad limit", arguments: ["notifications", "--limit", "lots"], status: 2, message: "lots"),
        Case(id: "bad choice", arguments: ["notifications", "--type", "alrt"], status: 2, message: "check-in"),
        Case(id: "option twice", arguments: ["checkin", "history", "--limit", "1", "--limit", "2"], status: 2, message: "--limit"),
        Case(id: "conflicting options", arguments: ["contacts", "--responders", "--dependents"], status: 2, message: "--dependents"),
        Case(id: "bad duration", arguments: ["checkin", "interval", "soon"], status: 2, message: "soon"),
        Case(id: "interval out of range", arguments: ["checkin", "interval", "5m"], status: 5, message: "out of range"),
        Case(id: "reminder not shorter", arguments: ["checkin", "interval", "8h", "--reminder", "8h"], status: 5,
             message: "must be shorter"),
        Case(id: "bad phone", arguments: ["login", "--phone", "call me"], status: 5, message: "not a phone number"),
        Case(id: "bad code format", arguments: ["login", "--phone", "+15551234567", "--code", "12ab"], status: 5, message: "6 digits"),
        Case(id: "bad clock", arguments: ["status"], status: 5, message: "LIFESIGNAL_NOW", extra: ["LIFESIGNAL_NOW": "tomorrow"]),
        Case(id: "empty profile set", arguments: ["profile", "set"], status: 2, message: "missing '--first-name', '--last-name' or '--note'"),
        Case(id: "no role to change", arguments: ["contacts", "role", "Bob"], status: 2, message: "'--responder', '--no-responder'"),
        Case(id: "note too long", arguments: ["profile", "set", "--note", String(repeating: "x", count: 4001)], status: 5,
             message: "longer than 4000 bytes"),
        Case(id: "unknown setting", arguments: ["settings", "set", "colour", "on"], status: 2,
             message: "invalid value 'colour' for 'KEY': expected one of alerts, pings"),
        Case(id: "near-miss setting", arguments: ["settings", "get", "Ping"], status: 2, message: "(did you mean 'pings'?)"),
        Case(id: "setting value", arguments: ["settings", "set", "pings", "maybe"], status: 2, message: "expected one of on, off"),
        Case(id: "unknown contact", arguments: ["contacts", "show", "Nobody"], status: 4, message: "no contact matches"),
        Case(id: "unknown code", arguments: ["contacts", "add", "ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ", "--responder"], status: 4,
             message: "no account has the code"),
        Case(id: "path-like code", arguments: ["contacts", "add", "../../x", "--responder"], status: 5, message: "not a lifesignal code"),
        Case(id: "absurdly long code is cut short in the message",
             arguments: ["contacts", "add", String(repeating: "A", count: 5000), "--responder"], status: 5,
             message: "AAAAAAAAAA…\" is not a lifesignal code"),
        Case(id: "no role", arguments: ["contacts", "add", "ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ"], status: 5, message: "at least one role"),
        Case(id: "unconfirmed alert", arguments: ["alert", "on"], status: 5, message: "--yes"),
        Case(id: "unconfirmed delete all", arguments: ["notifications", "delete", "--all"], status: 5, message: "--yes"),
        Case(id: "bad notification id", arguments: ["notifications", "read", "../x"], status: 5, message: "not a notification ID"),
        Case(id: "absurd notification id", arguments: ["notifications", "read", String(repeating: "a", count: 5000)], status: 5,
             message: "not a notification ID"),
        Case(id: "unknown notification", arguments: ["notifications", "read", "abcdef12"], status: 4, message: "no notification"),
        Case(id: "no alert to cancel", arguments: ["alert", "off"], status: 5, message: "no alert is active"),
        Case(id: "empty passthrough", arguments: ["checkin", "--"], status: 2, message: "missing argument COMMAND after --"),
    ]

    @Test(arguments: cases)
    func refusesCleanlyAndChangesNothing(_ c: Case) throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15551230000", first: "Ada", last: "L")
        #expect(try ada.run("checkin").status == 0)
        let before = try sandbox.everything()
        let result = try ada.run(c.arguments, extra: c.extra)
        #expect(result.status == c.status, "\(result)")
        #expect(result.stderr.contains(c.message), "\(result)")
        #expect(result.stderr.hasPrefix("error: "), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(try sandbox.everything() == before, "the store changed")

        let json = try ada.run(["--json"] + c.arguments, extra: c.extra)
        #expect(json.status == c.status)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], "\(json)")
        let body = try #require(error["error"] as? [String: Any])
        #expect(body["code"] as? Int == Int(c.status))
        #expect((body["message"] as? String)?.isEmpty == false)
    }

    @Test func helpIsTheSameThreeWays() throws {
        let ada = Sandbox().person("ada")
        for path in [["contacts", "add"], ["checkin"], ["notifications", "list"], []] {
            let viaHelp = try ada.run(["help"] + path)
            #expect(viaHelp.status == 0)
            #expect(try ada.run(path + ["--help"]).stdout == viaHelp.stdout)
            #expect(try ada.run(path + ["-h"]).stdout == viaHelp.stdout)
        }
    }

    @Test func aFullDiskOnStdoutIsAnError() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let ada = Sandbox().person("ada")
        let result = try ada.run(["--help"], stdoutPath: "/dev/full")
        #expect(result.status == 8, "\(result)")
        #expect(result.stderr.contains("cannot write output"))
    }
}
