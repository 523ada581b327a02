import Foundation
import Testing
import TestSupport

/// Issue 29's jobs from outside, on a directory store and on a real etcd
/// cluster: `jobs add/list/show/remove`, `checkin --job NAME -- COMMAND`
/// (a failure tells the responder at once with its exit status, a success
/// that it recovered), a missed job's notice, `status --json`'s `jobs` and
/// `status --check`'s exit 10; only the command's name is stored.
@Suite(.ownThreads, .hangGuard) struct JobCommandsTests {
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])

    static func at(_ time: String) -> [String: String] { ["LIFESIGNAL_NOW": time] }

    @Test(arguments: stores)
    func aCronJobOnItsOwnSchedule(_ kind: TestStore.Kind) throws {
        let (_, ada, bob) = try ScheduleCommandsTests.pair(kind, "jobs")
        try #require(try ada.run(["checkin"]).succeeded)
        let added = try ada.run(["jobs", "add", "backup", "--every", "1d", "--grace", "2h", "--json"]).object()
        #expect(added["name"] as? String == "backup" && added["nextCheckInDue"] as? String == "2026-03-02T09:00:00Z"
                && added["grace"] as? Int == 7200 && added["overdue"] as? Bool == false, "\(added)")
        for bad in [["Backup", "--every", "1d"], ["x", "--every", "1d", "--deadline", "03:00"], ["x"],
                    ["x", "--every", "1d", "--days", "mon"]] {
            let refused = try ada.run(["jobs", "add"] + bad)
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(bad): \(refused)")
        }
        // The timeline shows when Bob would be told of a missed backup.
        let timeline = try ada.run(["timeline", "--json"]).array()
        let tell = timeline.first { $0["job"] as? String == "backup" && $0["event"] as? String == "notify" }
        #expect(tell?["at"] as? String == "2026-03-02T11:00:00Z"
                && (tell?["recipients"] as? [[String: Any]])?.first?["firstName"] as? String == "Bob", "\(timeline)")
        #expect(try ada.run(["timeline"]).stdout.contains("job backup: tell"))
        let twice = try ada.run(["jobs", "add", "backup", "--every", "1h"])
        #expect(twice.status == 5, "\(twice)")

        // A failure tells Bob at once, with its exit status; only "sh" is kept.
        let failed = try ada.run(["checkin", "--job", "backup", "--", "sh", "-c", "exit 3", "--password=hunter2"],
                                 extra: Self.at("2026-03-01T10:00:00Z"))
        #expect(failed.status == 3 && failed.stderr.contains("the job backup failed"), "\(failed)")
        let notices = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-01T10:00:01Z")).array()
        let failure = notices.first { $0["title"] as? String == "Ada L's job backup failed" }
        #expect(failure?["job"] as? String == "backup" && failure?["exitStatus"] as? Int == 3
                && failure?["type"] as? String == "checkIn", "\(notices)")
        let shown = try ada.run(["jobs", "show", "backup", "--json"], extra: Self.at("2026-03-01T10:00:02Z")).object()
        let runs = try #require(shown["runs"] as? [[String: Any]], "\(shown)")
        #expect(runs.first?["command"] as? String == "sh" && runs.first?["exitStatus"] as? Int == 3, "\(shown)")
        #expect(!(try ada.run(["jobs", "show", "backup", "--json"]).stdout.contains("hunter2")))

        // Failing again (cron runs it again) tells nobody again; a success ends the spell.
        let again = try ada.run(["checkin", "--job", "backup", "--", "false"], extra: Self.at("2026-03-01T10:10:00Z"))
        #expect(again.status == 1 && again.stdout.contains("failed again"), "\(again)")
        let told = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-01T10:10:01Z")).array()
        #expect(told.filter { $0["title"] as? String == "Ada L's job backup failed" }.count == 1, "\(told)")
        try #require(try ada.run(["checkin", "--job", "backup", "--", "true"], extra: Self.at("2026-03-01T10:15:00Z")).succeeded)

        // With --keep-output the end of the output goes with the failure, made harmless.
        let kept = try ada.run(["checkin", "--job", "backup", "--keep-output", "--", "sh", "-c",
                                "echo starting; printf 'disk \\033[31mfull\\n' >&2; exit 4"],
                               extra: Self.at("2026-03-01T10:30:00Z"))
        #expect(kept.status == 4 && kept.stdout.contains("starting"), "\(kept)")
        let withOutput = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-01T10:30:01Z")).array()
            .first { $0["exitStatus"] as? Int == 4 }
        #expect((withOutput?["message"] as? String)?.hasSuffix("The end of its output:\nstarting\ndisk ?[31mfull") == true,
                "\(String(describing: withOutput))")
        let failing = try ada.run(["jobs", "show", "backup", "--json"], extra: Self.at("2026-03-01T10:30:02Z")).object()
        #expect((failing["failing"] as? [String: Any])?["output"] as? String == "starting\ndisk ?[31mfull", "\(failing)")
        let noCommand = try ada.run(["checkin", "--job", "backup", "--keep-output"])
        #expect(noCommand.status == 2, "\(noCommand)")

        // A success checks the job in (not Ada) and tells Bob it recovered.
        let ok = try ada.run(["checkin", "--job", "backup", "--", "true"], extra: Self.at("2026-03-01T11:00:00Z"))
        #expect(ok.succeeded && ok.stdout.contains("Checked in the job backup"), "\(ok)")
        #expect(try ScheduleCommandsTests.titles(bob, at: "2026-03-01T11:00:01Z").contains("Ada L's job backup recovered"))
        #expect(try ada.run(["jobs", "show", "backup", "--json"], extra: Self.at("2026-03-01T11:00:01Z")).object()["failing"]
            is NSNull)
        let status = try ada.run(["status", "--json"], extra: Self.at("2026-03-01T11:00:02Z")).object()
        #expect(status["lastCheckIn"] as? String == "2026-03-01T09:00:00Z", "\(status)")
        let jobs = try #require(status["jobs"] as? [[String: Any]], "\(status)")
        // Checked in when the command ended: a moment after 11:00 on the simulated clock, which runs at real speed.
        #expect(jobs.first?["name"] as? String == "backup"
                && (jobs.first?["nextCheckInDue"] as? String)?.hasPrefix("2026-03-02T11:00:0") == true
                && (jobs.first?["lastRun"] as? [String: Any])?["exitStatus"] as? Int == 0, "\(status)")

        // Missed: nobody is told before due + grace; then Bob is, and --check says 10.
        try #require(try ada.run(["checkin"], extra: Self.at("2026-03-02T08:00:00Z")).succeeded)
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-02T12:59:58Z")).succeeded)
        #expect(!(try ScheduleCommandsTests.titles(bob, at: "2026-03-02T12:59:58Z")).contains("Ada L's job backup missed its check-in"))
        #expect(try ada.run(["status", "--check"], extra: Self.at("2026-03-02T12:59:58Z")).status == 0)
        try #require(try bob.run(["tick"], extra: Self.at("2026-03-02T13:00:01Z")).succeeded)
        let missed = try bob.run(["notifications", "--json"], extra: Self.at("2026-03-02T13:00:02Z")).array()
            .filter { $0["title"] as? String == "Ada L's job backup missed its check-in" }
        #expect(missed.count == 1 && missed.first?["job"] as? String == "backup", "\(missed)")
        #expect(try ada.run(["status", "--check"], extra: Self.at("2026-03-02T13:00:02Z")).status == 10)
        #expect(try ada.run(["status"], extra: Self.at("2026-03-02T13:00:02Z")).stdout.contains("OVERDUE"))

        let list = try ada.run(["jobs", "--json"], extra: Self.at("2026-03-02T13:00:03Z")).array()
        #expect(list.count == 1 && list.first?["overdue"] as? Bool == true, "\(list)")
        #expect(try ada.run(["jobs", "remove", "backup"]).status != 0)
        #expect(try ada.run(["jobs", "remove", "backup", "--yes"]).succeeded)
        #expect(try ada.run(["jobs", "show", "backup"]).status == 4)
        #expect(try ada.run(["checkin", "--job", "backup"]).status == 4)
    }
}
