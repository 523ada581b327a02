import Foundation
import Testing
import TestSupport

/// A notify command belongs to a machine, but when it started (so that a
/// new command is not flooded with the past) belongs to each store, by
/// that store's clock: a command set while signed in to one store delivers
/// on another, and an item passed over for being older is said once.
@Suite(.ownThreads) struct NotifyCommandStoresTests {
    @Test func aCommandSetOnOneStoreDeliversOnAnother() throws {
        let sandbox = Sandbox("twostores")
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)

        // Bob sets his command while signed in to another store, whose clock says September.
        let home = bob.environment
        bob.environment["LIFESIGNAL_STORE"] = sandbox.root.appendingPathComponent("other").path
        bob.environment["LIFESIGNAL_NOW"] = "2026-09-01T09:00:00Z"
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        let log = sandbox.root.appendingPathComponent("delivered").path
        #expect(try bob.run(["settings", "set", "notify-command", AgentTests.logging(to: log)]).succeeded)
        bob.environment = home

        // Back on the first store (March): what came before his first run here is passed over, and said once.
        let first = try bob.run(["tick"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:05:00Z"])
        #expect(first.succeeded && first.stdout.contains("1 older notification was not handed to the notify-command"), "\(first)")
        #expect(AgentTests.lines(log).isEmpty)
        #expect(try ada.run(["alert", "on", "--yes"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:10:00Z"]).succeeded)
        let second = try bob.run(["tick"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:11:00Z"])
        #expect(second.succeeded && !second.stdout.contains("older"), "\(second)")
        #expect(AgentTests.lines(log).contains { $0.hasSuffix("Emergency alert from Ada L") }, "not delivered: \(AgentTests.lines(log))")
    }
}
