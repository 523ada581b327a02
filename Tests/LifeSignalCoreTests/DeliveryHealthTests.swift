import ByteKeyed
import FoundationEssentials
import LifeSignalCore
import Testing

/// A responder's reach as their dependents are shown it, from the
/// delivery set-up their own lifesignal wrote down.
struct DeliveryHealthTests {
    static let now = Date(timeIntervalSince1970: 1_772_355_600)
    static let home = String(repeating: "a", count: 64), laptop = String(repeating: "b", count: 64)

    static func ago(_ seconds: Double) -> Date { now.addingTimeInterval(-seconds) }

    static func health(_ places: [String: DeliveryPlace], live: [String] = [home, laptop]) -> DeliveryHealth {
        var table = ByteKeyedTable<DeliveryPlace>()
        for (session, place) in places { table[session] = place }
        var sessions = ByteKeyedTable<Void>()
        for session in live { sessions.insert(session) }
        return DeliveryHealth(DeliverySetup(places: table), liveSessions: sessions, now: now)
    }

    static func failing(_ since: Date, tries: Int) -> DeliveryPlace {
        var place = DeliveryPlace(notifyCommandSince: ago(86_400), lastRunAt: ago(60))
        for _ in 0..<tries { place.failed(at: since, error: "the notify-command exited with status 7\nsecond line") }
        return place
    }

    @Test func eachStateFromWhatWasWrittenDown() {
        let command = DeliveryPlace(notifyCommandSince: Self.ago(86_400))
        #expect(Self.health([:]).state == .none)
        #expect(Self.health([Self.home: command], live: []).state == .none, "a sign-in that ended delivers nothing")
        #expect(Self.health([Self.home: command]).state == .notRunning, "never run")
        var ran = command
        ran.lastRunAt = Self.ago(300)
        ran.delivered(at: Self.ago(300))
        let working = Self.health([Self.home: ran])
        #expect(working.state == .working && working.lastDeliveredAt == Self.ago(300))
        ran.lastRunAt = Self.ago(DeliveryHealth.idleAfter + 1)
        #expect(Self.health([Self.home: ran]).state == .notRunning, "no tick for over an hour")
        var agent = DeliveryPlace()
        agent.agents["c" + String(repeating: "0", count: 31)] = AgentPresence(since: Self.ago(7200), seenAt: Self.ago(30), host: "h")
        let running = Self.health([Self.home: agent])
        #expect(running.state == .working && running.agentRunning)
    }

    @Test func failingSaysSinceWhenHowOftenAndTheLastErrorInOneLine() {
        let health = Self.health([Self.home: Self.failing(Self.ago(600), tries: 3)])
        #expect(health.state == .failing && health.failingSince == Self.ago(600) && health.failedAttempts == 3)
        #expect(health.lastError == "the notify-command exited with status 7")
        // One machine that works is enough; a success clears the failure.
        var mended = Self.failing(Self.ago(600), tries: 3)
        #expect(Self.health([Self.home: mended, Self.laptop: DeliveryPlace(notifyCommandSince: Self.ago(60), lastRunAt: Self.ago(60))])
            .state == .working)
        mended.delivered(at: Self.ago(10))
        #expect(Self.health([Self.home: mended]).state == .working && mended.failedAttempts == 0 && mended.lastError == nil)
    }
}
