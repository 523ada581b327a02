import Foundation
import Testing
import TestSupport

/// One account's items, however many and however they fail, never hold up
/// another's: Eve, who needs nobody's consent to make Bob her responder,
/// fills Bob's feed with items his notify command fails on (or hangs on),
/// and then Ann raises an alert. A run used to stop after two failures in a
/// row, with failed items back in front of newer ones: with ten of Eve's
/// ahead, Ann's alert reached Bob after 22 ticks; with a hundred, not
/// within three hours. Now every tick tries every due item, urgent first,
/// the senders taking turns, within a time budget.
@Suite(.serialized, .ownThreads) struct DeliveryFairnessTests {
    func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Bob, Ann who has him as her responder, and Eve who made him hers and
    /// raised and cancelled `rounds` alerts; Bob's notify command runs
    /// `onEve` for Eve's items and logs the others' titles.
    func world(rounds: Int, onEve: String) throws -> (Sandbox, ann: Person, bob: Person, log: String) {
        let sandbox = Sandbox("fairness")
        let ann = sandbox.person("ann"), bob = sandbox.person("bob"), eve = sandbox.person("eve")
        try ann.signUp(phone: "+15550000001", first: "Ann", last: "Lee")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        try eve.signUp(phone: "+15550000003", first: "Eve", last: "Mallory")
        let log = sandbox.root.appendingPathComponent("log").path
        #expect(try bob.run(["settings", "set", "notify-command",
                             "case \"$LIFESIGNAL_NOTIFICATION_TITLE\" in *Eve*) \(onEve);; esac; "
                                 + "echo \"$LIFESIGNAL_NOTIFICATION_TITLE\" >> '\(log)'"]).status == 0)
        #expect(try ann.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try eve.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        for _ in 0..<rounds {
            #expect(try eve.run(["alert", "on", "--yes"]).status == 0)
            #expect(try eve.run(["alert", "off"]).status == 0)
        }
        #expect(try ann.run(["alert", "on", "--yes"]).status == 0)
        return (sandbox, ann, bob, log)
    }

    /// A hundred of Eve's items (alerts among them) that the command fails
    /// on, all ahead of Ann's alert: the first tick hands Ann's alert over,
    /// and tries each of Eve's once.
    @Test func aHundredFailingItemsFromOneSenderDoNotHoldUpAnotherSendersAlert() throws {
        let (_, _, bob, log) = try world(rounds: 50, onEve: "exit 1")
        let tick = try bob.run(["tick", "--json"])
        #expect(tick.status == 9, "\(tick)")
        let report = try tick.object()
        #expect(report["failed"] as? Int == 101 && report["delivered"] as? Int == 2, "\(report)")
        #expect(lines(log) == ["Emergency alert from Ann Lee", "Ann Lee added you"], "\(lines(log))")
        // Nothing of Ann's is handed over twice. Only the chain's own notices
        // are new: the command kept failing (every try since Ann's items),
        // and, once it took that notice, works again; that success has the
        // run try Eve's waiting items once more, and they wait again.
        let again = try bob.run(["tick", "--json"]).object()
        #expect(again["delivered"] as? Int == 2 && again["failed"] as? Int == 101 && again["waiting"] as? Int == 101, "\(again)")
        #expect(lines(log) == ["Emergency alert from Ann Lee", "Ann Lee added you", "Your notify command keeps failing",
                               "Your notify command works again"], "\(lines(log))")
    }

    /// Eve's items hang to the command's time limit (1 s here): the run ends
    /// at its time budget, Ann's alert second at worst, and what is left
    /// goes in later runs, each item once.
    @Test func hangingItemsFromOneSenderUseUpTheBudgetNotAnotherSendersTurn() throws {
        let (_, _, bob, log) = try world(rounds: 8, onEve: "sleep 30")
        let started = Date()
        let first = try bob.run(["tick", "--json"], extra: ["LIFESIGNAL_COMMAND_TIMEOUT": "1"], timeout: 60)
        #expect(Date().timeIntervalSince(started) < 20, "the run did not keep to its time budget")
        let report = try first.object()
        #expect(report["cutShort"] as? Bool == true, "\(report)")
        #expect(lines(log).first == "Emergency alert from Ann Lee", "\(lines(log))")
        // Later runs take the rest; each of Ann's items is handed over once.
        var ticks = 0
        while ticks < 6, (try bob.run(["tick", "--json"], extra: ["LIFESIGNAL_COMMAND_TIMEOUT": "1"], timeout: 60)
            .object()["cutShort"] as? Bool) == true { ticks += 1 }
        // Besides the chain's own notices (once each: the command keeps failing, works again).
        let chain = lines(log).filter { $0.hasPrefix("Your notify command") }
        #expect(Set(chain).count == chain.count, "\(chain)")
        #expect(lines(log).filter { !$0.hasPrefix("Your notify command") } == ["Emergency alert from Ann Lee", "Ann Lee added you"],
                "\(lines(log))")
    }
}
