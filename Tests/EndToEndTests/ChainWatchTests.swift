import Foundation
import Testing
import TestSupport

/// The chain watching itself, through the binary on a directory store and a
/// real etcd cluster: Bob's notify command that keeps failing is told to
/// Bob (in his feed, and once on his terminal), and to Ada, whom only he
/// watches over, at her reminder; once, and "works again" once it does. A
/// responder with no delivery set up leaves her unreached too.
@Suite(.ownThreads, .hangGuard) struct ChainWatchTests {
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])

    static func at(_ time: String) -> [String: String] { ["LIFESIGNAL_NOW": time] }

    static let failing = "Your notify command keeps failing"
    static let worksAgain = "Your notify command works again"
    static let unreached = "Nobody would be told in time if you missed your check-in"

    func count(_ title: String, in feed: String) -> Int { feed.components(separatedBy: title).count - 1 }

    @Test(arguments: stores)
    func aFailingCommandIsToldToItsOwnerAndToTheDependentItLeavesUnreached(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("chainwatch", storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run("checkin").succeeded)
        let fixed = sandbox.root.appendingPathComponent("fixed").path
        try #require(try bob.run(["settings", "set", "notify-command", "test -e '\(fixed)' || exit 7"]).succeeded)
        // Something for Bob's command to fail on: Ada's drill (exit 15: his delivery did not take it).
        #expect(try ada.run(["drill", "--wait", "0s"], extra: Self.at("2026-03-01T09:30:00Z")).status == 15)

        // Failed tries (the drill's notice, and Bob's own notices) are told to Bob once.
        for time in ["10:00", "11:00", "12:00"] {
            #expect(try bob.run(["tick"], extra: Self.at("2026-03-01T\(time):00Z")).status == 9)
        }
        let shown = try bob.run(["status"], extra: Self.at("2026-03-01T12:01:00Z"))
        #expect(shown.stderr.contains("warning: your notify command keeps failing"), "at his first command, not at cron's tick: \(shown)")
        let again = try bob.run(["status"], extra: Self.at("2026-03-01T12:02:00Z"))
        #expect(!again.stderr.contains("keeps failing"), "once on the terminal: \(again)")
        #expect(try bob.run(["tick"], extra: Self.at("2026-03-01T13:00:00Z")).status == 9)
        let feed = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-01T13:01:00Z")).stdout
        #expect(count(Self.failing, in: feed) == 1, "\(feed)")
        #expect(feed.contains("the notify-command exited with status 7"), "\(feed)")

        // Ada's reminder: Bob's tick catches it up, and she is told nobody would be reached.
        _ = try bob.run(["tick"], extra: Self.at("2026-03-02T07:00:05Z"))
        let hers = try ada.run(["notifications", "--json"], extra: Self.at("2026-03-02T07:01:00Z")).stdout
        #expect(count(Self.unreached, in: hers) == 1, "\(hers)")
        #expect(hers.contains("Bob O: notify command failing"), "\(hers)")

        // Mended: the next try delivers, and Bob is told it works again, once.
        #expect(FileManager.default.createFile(atPath: fixed, contents: nil))
        #expect(try bob.run(["tick"], extra: Self.at("2026-03-02T07:30:00Z")).succeeded)
        #expect(try bob.run(["tick"], extra: Self.at("2026-03-02T07:45:00Z")).succeeded)
        let mended = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-02T07:46:00Z")).stdout
        #expect(count(Self.worksAgain, in: mended) == 1, "\(mended)")
        #expect(count(Self.failing, in: mended) == 1, "\(mended)")
    }

    static let reachedAgain = "Your alarms reach a responder again"

    /// Bob set up no delivery at all: Ada is told at her reminder that
    /// nothing would reach anyone on time, and told again once his notify
    /// command runs.
    @Test(arguments: stores)
    func aResponderWithNoDeliveryLeavesTheDependentUnreached(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("chainwatch-none", storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run(["checkin"], extra: Self.at("2026-03-01T09:00:00Z")).succeeded)
        let linked = try ada.run(["notifications", "--json"], extra: Self.at("2026-03-01T09:01:00Z")).stdout
        #expect(count(Self.unreached, in: linked) == 0, "not at once: \(linked)")

        // Her reminder: a tick (anyone's) catches it up, and she is told.
        _ = try bob.run(["tick"], extra: Self.at("2026-03-02T07:00:05Z"))
        let hers = try ada.run(["notifications", "--json"], extra: Self.at("2026-03-02T07:01:00Z")).stdout
        #expect(count(Self.unreached, in: hers) == 1, "\(hers)")
        #expect(hers.contains("Bob O: no delivery set up"), "\(hers)")

        // Bob sets up a notify command that runs before her next reminder: she is told it reaches him again.
        try #require(try ada.run(["checkin"], extra: Self.at("2026-03-02T09:00:00Z")).succeeded)
        try #require(try bob.run(["settings", "set", "notify-command", "true"], extra: Self.at("2026-03-03T06:30:00Z")).succeeded)
        #expect(try bob.run(["tick"], extra: Self.at("2026-03-03T06:30:00Z")).succeeded)
        #expect(try bob.run(["tick"], extra: Self.at("2026-03-03T07:00:05Z")).succeeded)
        let later = try ada.run(["notifications", "--json"], extra: Self.at("2026-03-03T07:01:00Z")).stdout
        #expect(count(Self.reachedAgain, in: later) == 1, "\(later)")
        #expect(count(Self.unreached, in: later) == 1, "\(later)")
    }
}
