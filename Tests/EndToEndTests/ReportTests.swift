import Foundation
import Testing
import TestSupport

/// `lifesignal report` from outside, on a directory store and on a real etcd
/// cluster: each missed check-in's notices measured from when each responder
/// was to be told to when their delivery took it, kept past the check-in
/// that ended it, and what no delivery took, with why.
@Suite(.ownThreads, .hangGuard) struct ReportTests {
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])

    static func at(_ time: String) -> [String: String] { ["LIFESIGNAL_NOW": time] }

    /// Ada (checked in at 09:00) watched by Bob (notify command set) and Cleo
    /// (no delivery); Bob's tick, five seconds after her deadline, fires it
    /// and delivers it; she checks in an hour later.
    @Test(arguments: stores)
    func aMissedCheckInIsMeasuredAndKeptPastTheCheckIn(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("report", storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cleo = sandbox.person("cleo")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try cleo.signUp(phone: "+15550000003", first: "Cleo", last: "P")
        for responder in [bob, cleo] {
            try #require(try ada.run(["contacts", "add", try responder.qrCode(), "--responder"]).succeeded)
        }
        try #require(try ada.run("checkin").succeeded)
        try #require(try bob.run(["settings", "set", "notify-command", "cat > /dev/null"]).succeeded)
        let quiet = try ada.run(["report", "--json"]).object()
        #expect(quiet["deadlinesMissed"] as? Int == 0, "\(quiet)")
        #expect((quiet["deliveries"] as? [String: Any])?["p50"] is NSNull, "\(quiet)")

        try #require(try bob.run(["tick"], extra: Self.at("2026-03-02T09:00:05Z")).succeeded)
        try #require(try ada.run(["checkin"], extra: Self.at("2026-03-02T10:00:00Z")).succeeded)
        let report = try ada.run(["report", "--json"], extra: Self.at("2026-03-02T11:00:00Z")).object()
        #expect(report["deadlinesMissed"] as? Int == 1 && report["alerts"] as? Int == 0, "\(report)")
        let deliveries = try #require(report["deliveries"] as? [String: Any], "\(report)")
        #expect(deliveries["count"] as? Int == 1 && deliveries["p50"] as? Int == 5 && deliveries["p985"] as? Int == 5
                && deliveries["max"] as? Int == 5, "\(deliveries)")
        let undelivered = try #require(report["undelivered"] as? [[String: Any]], "\(report)")
        #expect(undelivered.count == 1 && undelivered.first?["reason"] as? String == "notDelivered"
                && undelivered.first?["at"] as? String == "2026-03-02T09:00:00Z", "\(undelivered)")

        let text = try ada.run(["report"], extra: Self.at("2026-03-02T11:00:00Z"))
        #expect(text.stdout.contains("1 missed check-in, 0 alerts."), "\(text)")
        #expect(text.stdout.contains("50 % within 5s, 80 % within 5s, 98.5 % within 5s"), "\(text)")
        #expect(text.stdout.contains("Cleo P") && text.stdout.contains("not taken by a notify command or agent"), "\(text)")

        let recent = try ada.run(["report", "--since", "1h", "--json"], extra: Self.at("2026-03-02T11:00:00Z")).object()
        #expect(recent["deadlinesMissed"] as? Int == 0, "the deadline is two hours back: \(recent)")
        let bad = try ada.run(["report", "--since", "5m"])
        #expect(bad.status == 2 && bad.stdout.isEmpty && bad.stderr.contains("1h to 400d"), "\(bad)")
    }

    /// Ada's alert, raised at 09:30, is taken by Bob's notify command at his
    /// tick ten seconds later; Cleo has no delivery. Once off, it is kept.
    @Test(arguments: stores)
    func anAlertIsMeasuredFromWhenItWasRaisedAndKeptOnceOff(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("report-alert", storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cleo = sandbox.person("cleo")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try cleo.signUp(phone: "+15550000003", first: "Cleo", last: "P")
        for responder in [bob, cleo] {
            try #require(try ada.run(["contacts", "add", try responder.qrCode(), "--responder"]).succeeded)
        }
        try #require(try bob.run(["settings", "set", "notify-command", "cat > /dev/null"]).succeeded)
        try #require(try ada.run(["alert", "on", "--yes"], extra: Self.at("2026-03-01T09:30:00Z")).succeeded)
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-01T09:30:10Z")).succeeded)
        let standing = try ada.run(["report", "--json"], extra: Self.at("2026-03-01T09:31:00Z")).object()
        #expect(standing["alerts"] as? Int == 1 && standing["deadlinesMissed"] as? Int == 0, "\(standing)")
        try #require(try ada.run(["alert", "off"], extra: Self.at("2026-03-01T09:40:00Z")).succeeded)

        let report = try ada.run(["report", "--json"], extra: Self.at("2026-03-01T10:00:00Z")).object()
        #expect(report["alerts"] as? Int == 1, "kept once off: \(report)")
        let deliveries = try #require(report["deliveries"] as? [String: Any], "\(report)")
        #expect(deliveries["count"] as? Int == 1 && deliveries["max"] as? Int == 10, "\(deliveries)")
        let undelivered = try #require(report["undelivered"] as? [[String: Any]], "\(report)")
        #expect(undelivered.count == 1 && undelivered.first?["kind"] as? String == "alert"
                && undelivered.first?["reason"] as? String == "notDelivered"
                && undelivered.first?["at"] as? String == "2026-03-01T09:30:00Z", "\(undelivered)")
        let text = try ada.run(["report"], extra: Self.at("2026-03-01T10:00:00Z")).stdout
        #expect(text.contains("0 missed check-ins, 1 alert."), "\(text)")
    }
}
