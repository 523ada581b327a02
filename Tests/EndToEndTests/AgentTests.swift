import Foundation
import Testing
import TestSupport

/// `lifesignal agent` from outside: it starts and stops cleanly, meets a
/// deadline within a second, hands each item over once however many agents
/// run, and sleeps without using the CPU.
@Suite(.serialized, .ownThreads) struct AgentTests {
    /// Ada watched by Bob; Ada checked in at 09:00, so her deadline is the
    /// next day at 09:00.
    static func pair(_ sandbox: Sandbox) throws -> (ada: Person, bob: Person) {
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run("checkin").succeeded)
        return (ada, bob)
    }

    static let due = "2026-03-02T09:00:00Z"
    /// Ada's check-in reminder, two hours (the default) before her deadline:
    /// the first thing the store's deadlines need.
    static let reminder = "2026-03-02T07:00:00Z"

    /// A notify command that appends one line per item: the agent's present,
    /// the item's ID and its title.
    static func logging(to path: String, slowly: Bool = false) -> String {
        (slowly ? "sleep 0.2; " : "")
            + #"printf '%s %s %s\n' "$LIFESIGNAL_NOW" "$LIFESIGNAL_NOTIFICATION_ID" "$LIFESIGNAL_NOTIFICATION_TITLE" >> "# + path
    }

    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    static func events(_ text: String) -> [String] {
        JSONLines.objects(text).compactMap { $0["event"] as? String }
    }

    static func isStarted(_ line: [String: Any]) -> Bool { line["event"] as? String == "started" }

    /// A time as lifesignal writes it, with or without milliseconds.
    static func time(_ text: String) -> Date? {
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func itStartsAndStopsCleanlyOnASignal(_ signal: Int32) throws {
        let sandbox = Sandbox("agent")
        let (ada, bob) = try Self.pair(sandbox)
        let agent = try bob.start(["agent", "--json"])
        try #require(agent.waitForLine(Self.isStarted), "no start: \(agent.stderrSoFar)")
        #expect(try ada.run(["status", "--json"]).object()["responders"].flatMap { ($0 as? [[String: Any]])?.first?["delivery"] as? String }
                == "agent", "a running agent counts as delivery")
        let asked = Date()
        agent.signal(signal)
        let result = agent.wait(timeout: 10)
        #expect(result.succeeded, "\(result)")
        #expect(Date().timeIntervalSince(asked) < 3, "a stop took \(Date().timeIntervalSince(asked)) s")
        let events = Self.events(result.stdout)
        #expect(events.first == "started" && events.last == "stopped", "\(result)")
        let started = try #require(JSONLines.objects(result.stdout).first)
        #expect(started["nextWake"] as? String == Self.reminder, "\(started)")
        #expect(started["notifyCommand"] as? Bool == false)
        let responders = try ada.run(["status", "--json"]).object()["responders"] as? [[String: Any]]
        #expect(responders?.first?["delivery"] as? String == "none", "a stopped agent still counts: \(String(describing: responders))")
    }

    /// The target: with the agent running, a missed check-in reaches the
    /// responder's notify command within a second of the deadline, measured
    /// on the simulated clock (the command sees the agent's present as
    /// `LIFESIGNAL_NOW`).
    @Test func aMissedCheckInReachesTheNotifyCommandWithinASecondOfTheDeadline() throws {
        let sandbox = Sandbox("agent")
        let (_, bob) = try Self.pair(sandbox)
        let log = sandbox.root.appendingPathComponent("log").path
        try #require(try bob.run(["settings", "set", "notify-command", Self.logging(to: log)]).succeeded)
        let agent = try bob.start(["agent", "--json"], extra: ["LIFESIGNAL_NOW": "2026-03-02T08:59:58Z"])
        try #require(agent.waitForLine(Self.isStarted), "no start: \(agent.stderrSoFar)")
        let limit = Date().addingTimeInterval(15)
        while !Self.lines(log).contains(where: { $0.hasSuffix("Ada L missed a check-in") }), Date() < limit { usleep(20_000) }
        agent.signal(SIGTERM)
        let result = agent.wait(timeout: 10)
        let line = try #require(Self.lines(log).first { $0.hasSuffix("Ada L missed a check-in") }, "never delivered: \(result)")
        let handed = try #require(Self.time(String(line.prefix { $0 != " " })), "\(line)")
        let deadline = try #require(Self.time(Self.due))
        let gap = handed.timeIntervalSince(deadline)
        print("agent: missed check-in handed to the notify command \(Int(gap * 1000)) ms after the deadline (simulated clock)")
        #expect(gap >= 0 && gap < 1, "handed over \(gap) s after the deadline")
        #expect(Self.events(result.stdout).contains("delivered"), "\(result)")
    }

    /// Started an hour after Ada's missed deadline (the machine was off),
    /// the agent's first step is the catch-up, and it says what it sent:
    /// the deadlines line, the missed check-in as a notification, then its
    /// delivery, in that order.
    @Test func anAgentStartedAfterADeadlineReportsItsCatchUp() throws {
        let sandbox = Sandbox("agent")
        let (_, bob) = try Self.pair(sandbox)
        let log = sandbox.root.appendingPathComponent("log").path
        try #require(try bob.run(["settings", "set", "notify-command", Self.logging(to: log)]).succeeded)
        let agent = try bob.start(["agent", "--json"], extra: ["LIFESIGNAL_NOW": "2026-03-02T10:00:00Z"])
        let delivered = agent.waitForLine { $0["event"] as? String == "delivered" }
        agent.signal(SIGTERM)
        let result = agent.wait(timeout: 10)
        #expect(delivered, "never delivered: \(result)")
        let lines = JSONLines.objects(result.stdout)
        #expect(Self.events(result.stdout).prefix(4) == ["started", "deadlines", "notification", "delivered"], "\(result)")
        // Ada is told too that nobody would have been told in time: Bob's
        // delivery, her only responder's, had not run for a day.
        #expect(lines.first { $0["event"] as? String == "deadlines" }?["notices"] as? Int == 3,
                "Ada's, Bob's and Ada's chain notice: \(result)")
        let shown = lines.first { $0["event"] as? String == "notification" }?["notification"] as? [String: Any]
        #expect(shown?["title"] as? String == "Ada L missed a check-in", "\(result)")
        #expect(Self.lines(log).filter { $0.hasSuffix("Ada L missed a check-in") }.count == 1, "\(Self.lines(log))")
    }

    /// The agent sleeps towards Ada's reminder the next morning; Ada then
    /// shortens her interval so that her deadline is three seconds away. The
    /// change in the schedule wakes the agent, which fires the new deadline
    /// on time.
    @Test func aDeadlineMovedEarlierWhileTheAgentSleepsFiresOnTime() throws {
        let sandbox = Sandbox("agent")
        let (ada, bob) = try Self.pair(sandbox)
        let log = sandbox.root.appendingPathComponent("log").path
        try #require(try bob.run(["settings", "set", "notify-command", Self.logging(to: log)]).succeeded)
        let agent = try bob.start(["agent", "--json"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:59:57Z"])
        try #require(agent.waitForLine(Self.isStarted), "no start: \(agent.stderrSoFar)")
        let started = JSONLines.objects(agent.stdoutSoFar).first
        #expect(started?["nextWake"] as? String == Self.reminder, "\(String(describing: started))")
        // Ada's check-in was at 09:00: an interval of an hour makes her due at 10:00.
        try #require(try ada.run(["checkin", "interval", "1h"], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:59:57Z"]).succeeded)
        let limit = Date().addingTimeInterval(15)
        while !Self.lines(log).contains(where: { $0.hasSuffix("Ada L missed a check-in") }), Date() < limit { usleep(20_000) }
        agent.signal(SIGTERM)
        let result = agent.wait(timeout: 10)
        let line = try #require(Self.lines(log).first { $0.hasSuffix("Ada L missed a check-in") }, "never delivered: \(result)")
        let handed = try #require(Self.time(String(line.prefix { $0 != " " })), "\(line)")
        let gap = handed.timeIntervalSince(try #require(Self.time("2026-03-01T10:00:00Z")))
        #expect(gap >= 0 && gap < 1, "handed over \(gap) s after the moved deadline")
        #expect(result.succeeded, "\(result)")
    }

    /// Two agents for the same account (two machines, one person) and one
    /// for another account, all on one store: each item goes to the notify
    /// command once, and the deadline fires once.
    @Test func severalAgentsOnOneStoreHandEachItemOverOnceAndFireEachDeadlineOnce() throws {
        let sandbox = Sandbox("agents")
        let (ada, bob) = try Self.pair(sandbox)
        let laptop = sandbox.person("bob-laptop")
        let sent = try laptop.run(["login", "--phone", "+15550000002", "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        try #require(try laptop.run(["login", "--phone", "+15550000002", "--code", code]).succeeded)
        let log = sandbox.root.appendingPathComponent("log").path
        for person in [bob, laptop] {
            try #require(try person.run(["settings", "set", "notify-command", Self.logging(to: log, slowly: true)]).succeeded)
        }
        let start = ["LIFESIGNAL_NOW": "2026-03-02T08:59:58Z"]
        let agents = try [bob, laptop, ada].map { try $0.start(["agent", "--json"], extra: start) }
        for agent in agents { try #require(agent.waitForLine(Self.isStarted), "no start: \(agent.stderrSoFar)") }
        // Two items are waiting; the deadline fires while all three
        // agents watch (no other command runs); then four alert notices.
        let missed = "Ada L missed a check-in"
        let after = ["LIFESIGNAL_NOW": "2026-03-02T09:00:05Z"]
        let limit = Date().addingTimeInterval(20)
        while !Self.lines(log).contains(where: { $0.hasSuffix(missed) }), Date() < limit { usleep(20_000) }
        try #require(Self.lines(log).contains { $0.hasSuffix(missed) }, "the agents never fired the deadline")
        for arguments in [["alert", "on", "--yes"], ["alert", "off"], ["alert", "on", "--yes"], ["alert", "off"]] {
            try #require(try ada.run(arguments, extra: after).succeeded)
        }
        // Bob's feed: "Ada L added you", the laptop's sign-in, the missed
        // check-in and the four alert notices; each goes to the notify command once.
        let feed = try bob.run(["notifications", "--json"], extra: after).array().compactMap { $0["id"] as? String }
        #expect(feed.count == 7, "\(feed)")
        while Self.lines(log).count < feed.count, Date() < limit { usleep(20_000) }
        // Time for a second hand-over, were there to be one.
        Thread.sleep(forTimeInterval: 1)
        for agent in agents { agent.signal(SIGTERM) }
        let results = agents.map { $0.wait(timeout: 20) }
        for result in results { #expect(result.succeeded, "\(result)") }

        let ids = Self.lines(log).map { $0.split(separator: " ")[1] }
        #expect(ids.count == feed.count && Set(ids.map(String.init)) == Set(feed), "\(Self.lines(log))")
        let delivered = results.prefix(2).map { Self.events($0.stdout).filter { $0 == "delivered" }.count }
        #expect(delivered.reduce(0, +) == feed.count, "Bob's two agents delivered \(delivered)")
        let titles = try bob.run(["notifications", "--json"], extra: after).array().compactMap { $0["title"] as? String }
        #expect(titles.filter { $0 == missed }.count == 1, "\(titles)")
    }

    /// SIGTERM while the notify command runs: the command finishes, the item
    /// is recorded as delivered, the agent exits 0 leaving the next item for
    /// later, and the next agent hands over only that one.
    @Test func aStopWaitsForTheNotifyCommandInHandAndRecordsIt() throws {
        let sandbox = Sandbox("agent")
        let (ada, bob) = try Self.pair(sandbox)
        let log = sandbox.root.appendingPathComponent("log").path
        let begun = sandbox.root.appendingPathComponent("begun").path
        try #require(try bob.run(["settings", "set", "notify-command", "touch '\(begun)'; sleep 1; " + Self.logging(to: log)]).succeeded)
        try #require(try ada.run(["alert", "on", "--yes"]).succeeded)
        let agent = try bob.start(["agent", "--json"])
        let limit = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: begun), Date() < limit { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: begun), "the notify command never ran: \(agent.stderrSoFar)")
        agent.signal(SIGTERM)
        let result = agent.wait(timeout: 15)
        #expect(result.succeeded, "\(result)")
        let events = Self.events(result.stdout)
        #expect(events.suffix(2) == ["delivered", "stopped"], "the item in hand first: \(events)")
        let handed = Self.lines(log)
        #expect(handed.count == 1, "\(handed)")

        let next = try bob.start(["agent", "--json"])
        try #require(next.waitForLine(Self.isStarted), "no start: \(next.stderrSoFar)")
        Thread.sleep(forTimeInterval: 2.5)  // time for a second hand-over, were there to be one
        next.signal(SIGTERM)
        let again = next.wait(timeout: 15)
        #expect(again.succeeded, "\(again)")
        let ids = Self.lines(log).map { $0.split(separator: " ")[1] }
        #expect(ids.count == 2 && Set(ids).count == 2 && Self.lines(log).first == handed.first,
                "\(Self.lines(log)) (Ada's \"added you\" and her alert, once each)")
    }

    /// No polling, in the real process: between wakes an idle agent sleeps,
    /// using a few milliseconds of CPU a minute (a heartbeat included; the
    /// benchmark reports the figure). The bound is far above that, so that a
    /// loaded machine (or an etcd store's watch) never fails it, and far
    /// below what any loop that polls would use; that it wakes only for its
    /// heartbeat is shown exactly in process (`AgentInProcessTests`).
    @Test func anIdleAgentUsesAlmostNoCPU() throws {
        let sandbox = Sandbox("agent")
        let (_, bob) = try Self.pair(sandbox)
        let agent = try bob.start(["agent"])
        try #require(agent.waitFor { out, _ in out.contains("started") }, "no start: \(agent.stderrSoFar)")
        let before = Self.cpuNanoseconds(agent.pid)
        Thread.sleep(forTimeInterval: 60)  // measuring idleness takes time by nature
        let used = Self.cpuNanoseconds(agent.pid) - before
        agent.signal(SIGTERM)
        let result = agent.wait(timeout: 10)
        print("agent: \(Double(used) / 1e6) ms of CPU in 60 s idle")
        #expect(result.succeeded, "\(result)")
        #expect(used < 250_000_000, "an idle agent used \(Double(used) / 1e6) ms of CPU in 60 s")
    }

    /// CPU time of every thread of `pid`, from the scheduler's own count.
    static func cpuNanoseconds(_ pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            return total + (Int(stat.split(separator: " ").first ?? "") ?? 0)
        }
    }

    /// Eve's hostile name and note (see `HostileTextTests`) reach the
    /// agent's human lines harmless: the notice of her cancelled alert is
    /// printed as it arrives, and not one byte of it acts on a terminal.
    @Test func theAgentShowsOthersTextHarmless() throws {
        let world = try HostileTextTests.World()
        let agent = try world.ada.start(["agent"])
        try #require(agent.waitFor { out, _ in out.contains("started") }, "no start: \(agent.stderrSoFar)")
        try #require(try world.eve.run(["alert", "off"]).succeeded)
        let arrived = agent.waitFor(timeout: 15) { out, _ in out.contains("cancelled their alert") }
        agent.signal(SIGTERM)
        let result = agent.wait(timeout: 10)
        #expect(arrived && result.succeeded, "\(result)")
        #expect(HostileTextTests.hostile(in: result.stdout).isEmpty, "\(result.stdout)")
        #expect(result.stdout.contains("Eve␛]52;c;cm0gLXJmIH4=␇"), "\(result.stdout)")
    }

    /// A damaged file in the store: the agent says so in one line with the
    /// file's name, keeps running and tries again after a pause; once the
    /// file is mended it goes on delivering.
    @Test func aDamagedFileIsReportedAndTriedAgainNeverAnExit() throws {
        let sandbox = Sandbox("agent")
        let (ada, bob) = try Self.pair(sandbox)
        let log = sandbox.root.appendingPathComponent("log").path
        try #require(try bob.run(["settings", "set", "notify-command", Self.logging(to: log)]).succeeded)
        let agent = try bob.start(["agent", "--json"])
        try #require(agent.waitForLine(Self.isStarted), "no start: \(agent.stderrSoFar)")
        // "Ada L added you" goes first; the damage must not race the agent's
        // own write of the summary that records it.
        try #require(agent.waitForLine { $0["event"] as? String == "delivered" }, "\(agent.stdoutSoFar)")
        let summaryPath = "accounts/\(try bob.accountID())/feed/summary.json"
        let good = try #require(try sandbox.storeFile(summaryPath))
        // Put in place as the store's own writes are (in a directory, by a
        // rename): a change in Bob's feed, which wakes the agent.
        func replace(with bytes: Data) throws {
            guard sandbox.etcd == nil else { return try sandbox.setStoreFile(summaryPath, bytes) }
            let staged = sandbox.root.appendingPathComponent("staged")
            try bytes.write(to: staged)
            chmod(staged.path, 0o600)
            try #require(rename(staged.path, sandbox.store.appendingPathComponent(summaryPath).path) == 0)
        }
        try replace(with: Data("{\"damaged\":".utf8))
        let reported = agent.waitForLine(timeout: 15) { $0["event"] as? String == "error" }
        let error = JSONLines.objects(agent.stdoutSoFar).first { $0["event"] as? String == "error" }
        #expect(reported && error?["code"] as? Int == 7 && (2...4).contains(error?["retryIn"] as? Int ?? 0), "\(agent.stdoutSoFar)")
        #expect((error?["message"] as? String)?.contains("summary.json") == true, "\(String(describing: error))")
        try replace(with: good)
        try #require(try ada.run(["alert", "on", "--yes"]).succeeded)
        let delivered = agent.waitForLine(timeout: 20) { line in
            line["event"] as? String == "delivered"
                && (line["notification"] as? [String: Any])?["title"] as? String == "Emergency alert from Ada L"
        }
        agent.signal(SIGTERM)
        let result = agent.wait(timeout: 10)
        #expect(delivered && result.succeeded, "\(result)")
        #expect(Self.lines(log).contains { $0.hasSuffix("Emergency alert from Ada L") }, "\(Self.lines(log))")
    }

    @Test func withoutASignInItSaysSoAndExits3() throws {
        let sandbox = Sandbox("agent")
        let nobody = sandbox.person("nobody")
        let result = try nobody.run(["agent"], timeout: 20)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.hasPrefix("error: you are not signed in"), "\(result)")
    }

    /// Signed out elsewhere: at its next step the agent says so and exits 3
    /// (its unit does not restart it for that).
    @Test func anAgentWhoseSessionEndsStopsWithExit3() throws {
        let sandbox = Sandbox("agent")
        let (ada, bob) = try Self.pair(sandbox)
        let agent = try bob.start(["agent", "--json"])
        try #require(agent.waitForLine(Self.isStarted), "no start: \(agent.stderrSoFar)")
        try #require(try bob.run("logout").succeeded)
        // Something in Bob's feed wakes the agent.
        try #require(try ada.run(["alert", "on", "--yes"]).succeeded)
        let result = agent.wait(timeout: 20)
        #expect(result.status == 3 && !result.signalled, "\(result)")
        let last = JSONLines.objects(result.stdout).last
        #expect(last?["event"] as? String == "error" && last?["code"] as? Int == 3, "\(result)")
    }
}
