import Foundation
import Synchronization
import SystemFiles
import Testing
import TestSupport

/// The agent's loop in process: what it says, when it asks to wake, and
/// what it hands the notify command, on a clock the test moves.
@Suite("The agent, in process", .hangGuard)
struct AgentInProcessTests {
    static let start = ISO8601DateFormatter().date(from: "2026-03-02T09:00:00Z")!

    /// Ada checked in at the start, with Bob as her responder; Bob's notify
    /// command is set.
    static func world() throws -> InProcessWorld {
        let world = InProcessWorld(start: start)
        try world.signUp("ada", phone: "+15550120001", first: "Ada")
        try world.signUp("bob", phone: "+15550120002", first: "Bob")
        let code = try #require(InProcessWorld.object(world.run("bob", ["qr", "show", "--json"]).out)?["qrCodeID"] as? String)
        try #require(world.run("ada", ["contacts", "add", code, "--responder"]).status == 0)
        // "Ada added you" comes before Bob's notify command, which takes only what follows.
        world.advance(by: 1)
        try #require(world.run("bob", ["settings", "set", "notify-command", "true"]).status == 0)
        try #require(world.run("ada", ["checkin"]).status == 0)
        return world
    }

    static func events(_ out: String) -> [String] {
        JSONLines.objects(out).compactMap { $0["event"] as? String }
    }

    /// The notification types handed to the notify command, from its JSON on stdin.
    static func handedOver(_ world: InProcessWorld) -> [String] {
        world.runner.recorded.compactMap { request in
            request.input.flatMap { InProcessWorld.object(String(decoding: $0, as: UTF8.self))?["type"] as? String }
        }
    }

    /// Started an hour after Ada's deadline (the machine was off), the agent
    /// says what its catch-up sent before anything else, shows the missed
    /// check-in as it arrives, and hands it over.
    @Test func aLateStartReportsItsCatchUpThenDeliversIt() throws {
        let world = try Self.world()
        world.advance(by: 86_400 + 3_600)
        let waiter = ScriptedWaiter(world: world, steps: [])
        let agent = world.run("bob", ["agent", "--json"], waiter: waiter)
        #expect(agent.status == 0, "\(agent)")
        let events = Self.events(agent.out)
        #expect(events.first == "started" && events.dropFirst().first == "deadlines", "\(agent.out)")
        #expect(events.contains("notification") && events.contains("delivered") && events.last == "stopped", "\(agent.out)")
        let notices = JSONLines.objects(agent.out).first { $0["event"] as? String == "deadlines" }?["notices"] as? Int
        #expect((notices ?? 0) >= 2, "Ada's and Bob's notices at least: \(agent.out)")
        #expect(Self.handedOver(world) == ["checkIn"], "\(Self.handedOver(world))")
    }

    /// Started half a minute before Ada's deadline, the agent asks to sleep
    /// exactly until it (not a poll, not its minute's heartbeat), then fires
    /// it and hands the missed check-in over in that same step.
    @Test func itSleepsUntilTheDeadlineThenFiresItAtOnce() throws {
        let world = try Self.world()
        world.advance(by: 86_400 - 30)
        let waiter = ScriptedWaiter(world: world, steps: [.sleep])
        let agent = world.run("bob", ["agent", "--json"], waiter: waiter)
        #expect(agent.status == 0, "\(agent)")
        let first = try #require(waiter.asked.first)
        #expect(first >= 30 && first < 30.1, "asked to sleep \(first) s")
        #expect(Self.handedOver(world) == ["checkIn"], "\(Self.handedOver(world))")
        #expect(Self.events(agent.out).filter { $0 == "delivered" }.count == 1, "\(agent.out)")
    }

    /// A change in the store wakes the agent: Ada's alert, raised while it
    /// sleeps, is shown and handed over in the step the wake starts.
    @Test func aChangeWakesItAndAnAlertIsHandedOverAtOnce() throws {
        let world = try Self.world()
        let waiter = ScriptedWaiter(world: world, steps: [.change(after: 5) { _ = world.run("ada", ["alert", "on", "--yes"]) }])
        let agent = world.run("bob", ["agent", "--json"], waiter: waiter)
        #expect(agent.status == 0, "\(agent)")
        #expect(Self.handedOver(world) == ["alert"], "\(Self.handedOver(world))")
        let shown = JSONLines.objects(agent.out).filter { $0["event"] as? String == "notification" }
        #expect(shown.count == 1 && (shown.first?["notification"] as? [String: Any])?["type"] as? String == "alert", "\(agent.out)")
        #expect(waiter.asked.count == 2, "one wait before the alert, one after it: \(waiter.asked)")
    }

    /// A delivery reads this machine's settings once, however many items it
    /// hands over (and so does each step of the agent).
    @Test func aDeliveryReadsTheSettingsOnce() throws {
        let world = try Self.world()
        _ = world.run("ada", ["alert", "on", "--yes"])
        _ = world.run("ada", ["alert", "off"])
        let files = FaultInjectingFileSystem()
        let tick = world.run("bob", ["tick"], fileSystem: files)
        #expect(tick.status == 0 && tick.out.contains("delivered 2 notifications"), "\(tick)")
        let reads = files.calls.filter { $0.operation == .open && $0.path.hasSuffix("/lifesignal/settings.json") }
        #expect(reads.count == 1, "\(reads)")
    }

    /// Idle, with nothing due for a day, the agent asks to sleep until its
    /// heartbeat, a minute at a time: no polling in between.
    @Test func anIdleAgentWakesOnlyForItsHeartbeat() throws {
        let world = try Self.world()
        let waiter = ScriptedWaiter(world: world, steps: Array(repeating: .sleep, count: 5))
        let agent = world.run("bob", ["agent", "--json"], waiter: waiter)
        #expect(agent.status == 0, "\(agent)")
        #expect(waiter.asked.count == 6 && waiter.asked.allSatisfy { $0 >= 59.9 && $0 <= 60.1 }, "\(waiter.asked)")
        #expect(world.runner.recorded.isEmpty)
    }
}

/// `status --watch` in process, on a terminal whose window the test resizes.
@Suite("status --watch, in process", .hangGuard)
struct StatusWatchInProcessTests {
    /// The widest line of each frame (a frame starts by clearing the screen),
    /// escape sequences left out.
    static func widestLines(_ out: String) -> [Int] {
        let frames = out.components(separatedBy: "\u{1B}[H\u{1B}[J").dropFirst()
        return frames.map { frame in
            let plain = frame.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            return plain.split(separator: "\n").map(\.count).max() ?? 0
        }
    }

    /// Each frame fits the window as it is now: narrowed from 120 columns
    /// to 40 between two frames, the next frame wraps to 40.
    @Test func aResizedWindowIsRedrawnToItsNewWidth() throws {
        let world = try AgentInProcessTests.world()
        let columns = Mutex(120)
        let waiter = ScriptedWaiter(world: world, steps: [.sleep, .change(after: 0.5) { columns.withLock { $0 = 40 } }, .sleep])
        let watch = world.run("ada", ["status", "--watch"], waiter: waiter, terminal: { columns.withLock { $0 } })
        #expect(watch.status == 0, "\(watch)")
        let widest = Self.widestLines(watch.out)
        #expect(widest.count >= 3, "\(widest)")
        #expect((widest.first ?? 0) > 40, "the first frame uses the wide window: \(widest)")
        #expect((widest.last ?? .max) <= 40, "the frames after the resize fit 40 columns: \(widest)")
    }
}
