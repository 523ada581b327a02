import Foundation
import LifeSignalCore
import LifeSignalStore
import StoreOpening
import TestSupport
import Testing

/// An item far too big for the environment (left by a lifesignal that
/// counted names in grapheme clusters, or planted in the store) once made
/// every `tick` fail with E2BIG for ever, and the real alert queued behind
/// it was never delivered. Its environment values are now cut short; stdin
/// carries it whole.
@Suite(.serialized, .ownThreads) struct OversizedItemTests {
    @Test func anItemTooBigForTheEnvironmentIsHandedOverAndTheAlertBehindItToo() throws {
        let sandbox = Sandbox("oversized", inMemory: true, storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let log = sandbox.root.appendingPathComponent("log").path
        let script = "printf '%s %s %s\\n' \"$LIFESIGNAL_NOTIFICATION_TYPE\" \"${#LIFESIGNAL_NOTIFICATION_TITLE}\" "
            + "\"$(wc -c | tr -d ' ')\" >> \(log)"
        #expect(try ada.run(["settings", "set", "notify-command", script]).succeeded)

        // "Z" and 150,000 combining accents: one grapheme cluster, 300 KB.
        let huge = "Z" + String(repeating: "\u{301}", count: 150_000)
        let id = try #require(EntityID(validating: try ada.accountID()))
        let engine = try SharedStore.open(.directory(sandbox.store.path), clock: .simulated)
        let env = CoreEnvironment(now: Clock.start.addingTimeInterval(60), random: .seeded(5))
        try engine.write(env: env) { store in
            _ = try store.appendFeed(FeedDraft(type: .added, title: "\(huge) added you", message: huge),
                                     to: id, id: env.newID(), at: env.now)
            _ = try store.appendFeed(FeedDraft(type: .alert, title: "Emergency alert from Bob", message: "help",
                                               isCritical: true), to: id, id: env.newID(), at: env.now)
        }

        let tick = try ada.run(["tick"], extra: ["LIFESIGNAL_NOW": Clock.iso(120)])
        #expect(tick.succeeded, "\(tick)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        // The critical alert goes first (fair delivery), then the huge item.
        #expect(lines.map { $0.first.map(String.init) } == ["alert", "added"], "\(lines)")
        // The title's variable is short (in characters as the shell counts
        // them; at most 1024 bytes), while stdin holds the whole item.
        let added = try #require(lines.first { $0.first == "added" })
        let titleLength = try #require(Int(added[1]))
        let stdinBytes = try #require(Int(added[2]))
        #expect(titleLength <= 1024, "\(lines)")
        #expect(stdinBytes > 600_000, "\(lines)")
        #expect(try ada.run(["tick", "--json"], extra: ["LIFESIGNAL_NOW": Clock.iso(180)]).jsonObject?["delivered"] as? Int == 0)
    }

    /// A command that neither reads more than a pipe holds nor exits is
    /// killed on time: the time limit covers handing it the input too.
    @Test func aCommandThatDoesNotReadABigItemIsKilledOnTime() throws {
        let sandbox = Sandbox("oversized-hang", inMemory: true, storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        #expect(try ada.run(["settings", "set", "notify-command", "sleep 30"]).succeeded)
        let id = try #require(EntityID(validating: try ada.accountID()))
        let engine = try SharedStore.open(.directory(sandbox.store.path), clock: .simulated)
        let env = CoreEnvironment(now: Clock.start.addingTimeInterval(60), random: .seeded(6))
        try engine.write(env: env) { store in
            _ = try store.appendFeed(FeedDraft(type: .alert, title: "big", message: String(repeating: "x", count: 500_000),
                                               isCritical: true), to: id, id: env.newID(), at: env.now)
        }
        let started = Date()
        let tick = try ada.run(["tick"], extra: ["LIFESIGNAL_NOW": Clock.iso(120), "LIFESIGNAL_COMMAND_TIMEOUT": "1"],
                               timeout: 20)
        #expect(Date().timeIntervalSince(started) < 8, "\(tick)")
        #expect(tick.status == 9 && tick.stderr.contains("timed out"), "\(tick)")
    }
}
