import Foundation
import Testing
import TestSupport

/// Bob's agent keeps hearing of Ada's alerts through the death of the
/// member that carries its watch, whichever way it dies: the next alert
/// reaches his notify command within 2 s of Ada raising it. Each fault is
/// made by the proxies in front of the members at a moment the test
/// chooses (or, for the leader with a commit in flight, the agent's own
/// commit chooses), never left to timing.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .serialized, .hangGuard, .ownThreads)
struct EtcdAgentFaultTests {
    enum Fault: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// The leader carries the watch and dies as the agent's commit reaches it.
        case leaderWithCommitInFlight = "the leader dies under the agent's commit"
        /// The member carrying the watch is killed and started again at once.
        case restartedAtOnce = "the member is restarted at once"
        /// A follower carrying the watch is killed.
        case follower = "a follower dies"
        /// The member's link drops everything without a word.
        case silentDrop = "the member drops everything silently"
        /// Every connection to the member is reset.
        case connectionReset = "the member's connections are reset"

        var testDescription: String { rawValue }
    }

    static let alertTitle = "Emergency alert from Ada L"
    static let cancelTitle = "Ada L cancelled their alert"
    /// From Ada's alert to Bob's notify command, whatever died.
    static let limit = 2.0

    @Test(arguments: Fault.allCases)
    func theNextAlertArrivesWithin2SecondsOfAMembersDeath(_ fault: Fault) throws {
        let rig = try AgentFaultRig("agentfault")
        defer { rig.shutdown() }
        let target = fault == .leaderWithCommitInFlight ? try rig.cluster.leader() : try rig.follower()
        let agent = try rig.startBob(["agent", "--json"], watchingOn: target, ready: { $0.jsonLinesSoFar.contains(where: AgentTests.isStarted) })
        defer {
            agent.signal(SIGTERM)
            _ = agent.wait(timeout: 10)
        }
        try #require(rig.waitForDelivery(of: "Ada L added you") != nil, "the agent's first step never delivered")
        rig.waitUntilQuiet()

        switch fault {
        case .leaderWithCommitInFlight:
            // The agent's commit after delivering this alert kills the leader.
            rig.proxies.arm(atCommit: 1, afterCarryingOut: false)
            try rig.alert(true)
            try #require(rig.waitForDelivery(of: Self.alertTitle) != nil, "the first alert never arrived")
            let limit = Date().addingTimeInterval(10)
            while rig.proxies.killed == nil, Date() < limit { usleep(5000) }
            try #require(rig.proxies.killed?.leader == target, "the leader did not die under a commit")
        case .restartedAtOnce:
            rig.cluster.kill(target)
            try rig.cluster.restart(target)
        case .follower:
            rig.cluster.kill(target)
        case .silentDrop:
            rig.proxies.proxies[target].setMode(.blackhole)
        case .connectionReset:
            rig.proxies.proxies[target].cut()
        }

        let (title, raised) = fault == .leaderWithCommitInFlight
            ? (Self.cancelTitle, try rig.alert(false)) : (Self.alertTitle, try rig.alert(true))
        let arrived = try #require(rig.waitForDelivery(of: title), "never delivered: \(agent.stdoutSoFar)")
        let took = arrived.timeIntervalSince(raised)
        print("agent through '\(fault.rawValue)': delivered \(Int(took * 1000)) ms after Ada's command returned")
        #expect(took < Self.limit, "delivered \(took) s after the alert: \(agent.stdoutSoFar)")
    }
}

extension EtcdAgentFaultTests {
    /// The agent's sockets in CLOSE-WAIT: connections whose other end
    /// closed, as `ss` lists them.
    static func closeWaitSockets(of pid: Int32) throws -> Int {
        let ss = Process()
        ss.executableURL = URL(fileURLWithPath: "/usr/bin/ss")
        ss.arguments = ["-tanpH", "state", "close-wait"]
        let pipe = Pipe()
        ss.standardOutput = pipe
        try ss.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ss.waitUntilExit()
        return output.split(separator: "\n").filter { $0.contains("pid=\(pid),") }.count
    }

    /// The member the agent talks to restarts (its proxy closes every
    /// connection, as the member's end does) while the agent sleeps: the
    /// agent lets go of its connections to it within seconds, instead of
    /// keeping them in CLOSE-WAIT until it next asks that member.
    @Test func anAgentLetsGoOfConnectionsARestartedMemberClosed() throws {
        let rig = try AgentFaultRig("closewait")
        defer { rig.shutdown() }
        let agent = try rig.startBob(["agent", "--json"], watchingOn: 0, ready: { $0.jsonLinesSoFar.contains(where: AgentTests.isStarted) })
        defer {
            agent.signal(SIGTERM)
            _ = agent.wait(timeout: 10)
        }
        try #require(rig.waitForDelivery(of: "Ada L added you") != nil, "the agent's first step never delivered")
        rig.waitUntilQuiet()
        rig.proxies.proxies[0].hangUp()
        let limit = Date().addingTimeInterval(5)
        while try Self.closeWaitSockets(of: agent.pid) > 0, Date() < limit { usleep(50_000) }
        #expect(try Self.closeWaitSockets(of: agent.pid) == 0, "sockets still in CLOSE-WAIT 5 s after the member hung up")
    }
}
