import Foundation
import Testing
import TestSupport

/// Issue 29's commands from outside, on a directory store and on a real
/// etcd cluster: a daily deadline in the account's zone, a trip with a note,
/// and quiet hours that hold back what can wait but never an alarm.
@Suite(.ownThreads, .hangGuard) struct ScheduleCommandsTests {
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])

    static func at(_ time: String) -> [String: String] { ["LIFESIGNAL_NOW": time] }

    /// Ada watched by Bob.
    static func pair(_ kind: TestStore.Kind, _ name: String) throws -> (Sandbox, Person, Person) {
        let sandbox = Sandbox(name, storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        return (sandbox, ada, bob)
    }

    static func titles(_ person: Person, at time: String) throws -> [String] {
        try person.run(["notifications", "--json"], extra: at(time)).array().compactMap { $0["title"] as? String }
    }

    @Test(arguments: stores)
    func aDailyDeadlineInTheAccountsZone(_ kind: TestStore.Kind) throws {
        let (_, ada, bob) = try Self.pair(kind, "deadline")
        try #require(try ada.run(["settings", "set", "time-zone", "Europe/Madrid"]).succeeded)
        let set = try ada.run(["checkin", "deadline", "10:00", "--days", "weekdays", "--json"]).object()
        let schedule = try #require(set["schedule"] as? [String: Any], "\(set)")
        #expect(schedule["kind"] as? String == "deadline" && schedule["time"] as? String == "10:00"
                && schedule["days"] as? String == "weekdays" && schedule["zone"] as? String == "Europe/Madrid", "\(set)")
        // Monday 09:00 in Madrid: it meets Monday's 10:00, Tuesday's is due.
        let checkIn = try ada.run(["checkin", "--json"], extra: Self.at("2026-03-02T08:00:00Z")).object()
        #expect(checkIn["nextCheckInDue"] as? String == "2026-03-03T09:00:00Z", "\(checkIn)")
        let status = try ada.run(["status", "--json"], extra: Self.at("2026-03-02T08:00:00Z")).object()
        #expect((status["schedule"] as? [String: Any])?["kind"] as? String == "deadline", "\(status)")
        #expect(try ada.run(["checkin", "interval"], extra: Self.at("2026-03-02T08:00:00Z")).stdout
            .contains("Due by 10:00 (weekdays, Europe/Madrid time): a daily deadline is in force"))
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-03T08:59:59Z")).succeeded)
        #expect(!(try Self.titles(bob, at: "2026-03-03T08:59:59Z")).contains("Ada L missed a check-in"))
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-03T09:00:01Z")).succeeded)
        #expect(try Self.titles(bob, at: "2026-03-03T09:00:01Z").contains("Ada L missed a check-in"))

        let off = try ada.run(["checkin", "deadline", "off", "--json"], extra: Self.at("2026-03-03T10:00:00Z")).object()
        #expect((off["schedule"] as? [String: Any])?["kind"] as? String == "interval", "\(off)")
        for bad in [["25:00"], ["10:00", "--days", "funday"], ["off", "--days", "mon"]] {
            let refused = try ada.run(["checkin", "deadline"] + bad)
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(bad): \(refused)")
        }
        let unknown = try ada.run(["checkin", "deadline", "10:00", "--zone", "Mars/Olympus_Mons"])
        #expect(!unknown.succeeded && unknown.stderr.contains("Mars/Olympus_Mons"), "\(unknown)")
    }

    @Test(arguments: stores)
    func aMissedTripTellsTheResponderWithItsNote(_ kind: TestStore.Kind) throws {
        let (_, ada, bob) = try Self.pair(kind, "trip")
        let none = try ada.run(["trip", "--json"]).object()
        #expect(none["trip"] is NSNull, "\(none)")
        let started = try ada.run(["trip", "start", "2h", "--note", "North ridge, car at the upper lot", "--json"]).object()
        let trip = try #require(started["trip"] as? [String: Any], "\(started)")
        #expect(trip["due"] as? String == "2026-03-01T11:00:00Z" && trip["startedAt"] as? String == "2026-03-01T09:00:00Z", "\(trip)")
        let status = try ada.run(["status", "--json"]).object()
        #expect((status["trip"] as? [String: Any])?["note"] as? String == "North ridge, car at the upper lot", "\(status)")
        #expect(try ada.run("status").stdout.contains("due back"))
        let extended = try ada.run(["trip", "extend", "30m", "--json"]).object()
        #expect((extended["trip"] as? [String: Any])?["due"] as? String == "2026-03-01T11:30:00Z", "\(extended)")
        // Bob hears of the later return at once, not only when it passes.
        #expect(extended["respondersTold"] as? Int == 1, "\(extended)")
        let told = try bob.run(["notifications", "--json"]).array().first { $0["title"] as? String == "Ada L gave themselves more time" }
        #expect(told?["message"] as? String == "Ada L extended their trip by 30m: due back at 2026-03-01T11:30:00Z.", "\(String(describing: told))")

        try #require(try bob.run(["tick"], extra: Self.at("2026-03-01T11:30:05Z")).succeeded)
        let notices = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-01T11:30:05Z")).array()
        let missed = notices.first { $0["title"] as? String == "Ada L missed a check-in" }
        #expect((missed?["message"] as? String)?.contains("They were on a trip since 2026-03-01T09:00:00Z: North ridge") == true,
                "\(notices)")
        let ended = try ada.run(["trip", "end", "--json"], extra: Self.at("2026-03-01T12:00:00Z")).object()
        #expect(ended["trip"] is NSNull && ended["lastCheckIn"] as? String == "2026-03-01T12:00:00Z", "\(ended)")
        #expect(try Self.titles(bob, at: "2026-03-01T12:00:00Z").contains("Ada L is safe"))
        let again = try ada.run(["trip", "end"], extra: Self.at("2026-03-01T12:01:00Z"))
        #expect(again.status == 5 && again.stderr.contains("no trip is in progress"), "\(again)")
        let both = try ada.run(["trip", "start", "2h", "--until", "18:00"])
        #expect(both.status == 2, "\(both)")
    }

    /// Bob's quiet hours (22:00-07:00 UTC) hold Ada's drill until the
    /// morning; her missed check-in goes at once.
    @Test(arguments: stores)
    func quietHoursHoldWhatCanWaitButNeverAnAlarm(_ kind: TestStore.Kind) throws {
        let (sandbox, ada, bob) = try Self.pair(kind, "quiet")
        let log = sandbox.root.appendingPathComponent("bob-notify.log").path
        try #require(try bob.run(["settings", "set", "notify-command", "cat >> '\(log)'; echo >> '\(log)'"]).succeeded)
        try #require(try bob.run(["settings", "set", "quiet-hours", "22:00-07:00"]).succeeded)
        #expect(try bob.run(["settings", "get", "quiet-hours"]).stdout == "22:00-07:00\n")
        #expect(try bob.run(["settings", "--json"]).object()["quietHours"] as? String == "22:00-07:00")
        let bad = try bob.run(["settings", "set", "quiet-hours", "22:00"])
        #expect(bad.status == 2, "\(bad)")
        try #require(try ada.run(["checkin"], extra: Self.at("2026-03-01T23:00:00Z")).succeeded)
        _ = try ada.run(["drill", "--wait", "0s"], extra: Self.at("2026-03-01T23:00:00Z"))
        let night = try bob.run(["tick"], extra: Self.at("2026-03-01T23:00:10Z"))
        #expect(night.stdout.contains("held until your quiet hours end"), "\(night)")
        #expect(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").isEmpty)
        // In the morning what waited goes.
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-02T07:00:05Z")).succeeded)
        let morning = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(morning.contains("testing") && !morning.contains("missed a check-in"), "\(morning)")
        // The next night her deadline passes: the alarm goes at once.
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-02T23:00:05Z")).succeeded)
        let delivered = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(delivered.contains("missed a check-in"), "\(delivered)")
        try #require(try bob.run(["settings", "set", "quiet-hours", "off"]).succeeded)
        #expect(try bob.run(["settings", "get", "quiet-hours"]).stdout == "off\n")
    }
}
