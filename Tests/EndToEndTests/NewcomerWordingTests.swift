import Foundation
import Testing
import TestSupport

/// Sentences as a careful writer would put them: no parentheses inside
/// parentheses, no "from just now", no full stop glued to a command, a
/// recorded command that runs again as shown, one `error:` prefix.
@Suite(.ownThreads) struct NewcomerWordingTests {
    /// A time with its distance in parentheses is never inside another pair.
    static func nestedParentheses(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1; if depth > 1 { return true } }
            if character == ")" { depth = max(0, depth - 1) }
        }
        return false
    }

    @Test func aSecondAcknowledgementAndAPausedTimelineNestNoParentheses() throws {
        let sandbox = Sandbox("parens")
        let (ada, bob) = try newcomerPair(sandbox)
        try #require(try ada.run(["alert", "on", "--yes"]).succeeded)
        try #require(try bob.run(["ack", "Ada"]).succeeded)
        let again = try bob.run(["ack", "Ada"])
        #expect(again.stdout.contains("You were already handling Ada L's alert since Sun 01 Mar 09:00 (just now); "
                                      + "nothing new was sent for it."), "\(again)")
        #expect(!Self.nestedParentheses(again.stdout), "\(again)")

        try #require(try bob.run(["checkin", "pause", "--for", "3d"]).succeeded)
        let timeline = try bob.run("timeline")
        let first = timeline.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first == "Your deadline: due Thu 05 Mar 09:00 (in 4d), paused until Wed 04 Mar 09:00", "\(timeline)")
    }

    @Test func aSecondPingSaysWhenTheFirstWasSent() throws {
        let sandbox = Sandbox("ping-again")
        let (ada, _) = try newcomerPair(sandbox)
        try #require(try ada.run(["ping", "Bob"]).succeeded)
        let again = try ada.run(["ping", "Bob"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:20:00Z"])
        #expect(again.stdout == "Bob O has not answered your ping yet (sent 20m ago); nothing new was sent.\n", "\(again)")
        let soon = try ada.run(["ping", "Bob"])
        #expect(soon.stdout == "Bob O has not answered your ping yet (sent just now); nothing new was sent.\n", "\(soon)")
    }

    /// The value stands alone after a colon: copying the sentence's end
    /// copies no full stop into the command.
    @Test func aSettingsValueEndsItsLine() throws {
        let sandbox = Sandbox("settings-stop")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let set = try ada.run(["settings", "set", "notify-command", "curl -d @- https://ntfy.sh/ada"])
        #expect(set.stdout == "notify-command set to: curl -d @- https://ntfy.sh/ada\n", "\(set)")
        let cleared = try ada.run(["settings", "set", "notify-command", ""])
        #expect(cleared.stdout == "notify-command cleared.\n", "\(cleared)")
    }

    /// `checkin history` shows the command by its name only (its arguments
    /// may hold secrets, issue 29.4), so nothing of them can be misquoted;
    /// a failed command's refusal starts with `error:` as all do.
    @Test func theHistoryShowsTheCommandsNameAndARefusalIsAnError() throws {
        let sandbox = Sandbox("history-quotes")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let ran = try ada.run(["checkin", "--", "sh", "-c", "echo \"it's ok\"; exit 0"])
        #expect(ran.status == 0, "\(ran)")
        let history = try ada.run(["checkin", "history"])
        #expect(history.stdout.contains("after: sh") && !history.stdout.contains("it's ok"), "\(history)")
        let json = try ada.run(["checkin", "history", "--json"]).array()
        #expect(json.first?["command"] as? String == "sh", "\(json)")

        let failed = try ada.run(["checkin", "--", "sh", "-c", "exit 3"])
        #expect(failed.status == 3 && failed.stderr.hasPrefix("error: not checking in: the command "), "\(failed)")
    }
}
