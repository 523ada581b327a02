import Foundation
import Testing
import TestSupport

/// Ada in Madrid, watched by Bob in New York: every notice that names a time
/// of her schedule names it on both clocks, in Bob's feed and in what his
/// notify command gets (the JSON on stdin and the message variable), as her
/// missed check-in does (issue 29.1).
@Suite(.ownThreads, .hangGuard) struct ZonedNewsCommandsTests {
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])

    static func at(_ time: String) -> [String: String] { ["LIFESIGNAL_NOW": time] }

    @Test(arguments: stores)
    func aPauseAndMoreTimeNameHerClockAndHis(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("zoned-news", storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run(["settings", "set", "time-zone", "Europe/Madrid"]).succeeded)
        try #require(try bob.run(["settings", "set", "time-zone", "America/New_York"]).succeeded)
        let log = sandbox.root.appendingPathComponent("bob-notify.log").path
        try #require(try bob.run(["settings", "set", "notify-command",
                                  "cat >> '\(log)'; echo; echo \"ENV $LIFESIGNAL_NOTIFICATION_MESSAGE\" >> '\(log)'"]).succeeded)
        try #require(try ada.run(["checkin"], extra: Self.at("2026-03-01T09:00:00Z")).succeeded)
        // Until 11:00Z: 12:00 in Madrid, 06:00 in New York; then due a day later.
        try #require(try ada.run(["checkin", "pause", "--for", "2h", "--reason", "hiking"],
                                 extra: Self.at("2026-03-01T09:00:00Z")).succeeded)
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-01T09:00:05Z")).succeeded)
        let until = "until 2026-03-01T11:00:00Z (12:00 Europe/Madrid time, 06:00 yours)"
        let notices = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-01T09:00:05Z")).array()
        let paused = notices.first { $0["title"] as? String == "Ada L paused check-ins" }?["message"] as? String
        #expect(paused?.contains(until) == true, "\(notices)")
        let delivered = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        // The JSON on stdin has the instant; the variable has it in local time.
        #expect(delivered.contains { !$0.hasPrefix("ENV ") && $0.contains("paused check-ins") && $0.contains(until) },
                "stdin: \(delivered)")
        #expect(delivered.contains { $0.hasPrefix("ENV Ada L paused their check-ins until ")
                    && $0.contains("(12:00 Europe/Madrid time, 06:00 yours)") }, "variable: \(delivered)")
        // After the pause she gives herself two days: the new deadline on both clocks.
        try #require(try ada.run(["checkin"], extra: Self.at("2026-03-01T12:00:00Z")).succeeded)
        try #require(try ada.run(["checkin", "interval", "2d", "--yes"], extra: Self.at("2026-03-01T12:00:00Z")).succeeded)
        let more = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-01T12:00:05Z")).array()
            .first { $0["title"] as? String == "Ada L gave themselves more time" }?["message"] as? String
        #expect(more?.hasSuffix("due at 2026-03-03T12:00:00Z (13:00 Europe/Madrid time, 07:00 yours).") == true,
                "\(more ?? "no notice")")
    }
}
