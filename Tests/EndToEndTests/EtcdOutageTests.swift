import Foundation
import Testing
import TestSupport

/// The whole store out of reach for a while (every proxy refusing, as when
/// the laptop's network is gone), then back: the agent keeps trying every
/// few seconds, as its `error` lines say, and delivers what it missed
/// within 5 s of the store's return, saying `recovered`; a follower keeps
/// following, says so on stderr, and prints what arrived meanwhile.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .serialized, .hangGuard, .ownThreads)
struct EtcdOutageTests {
    /// Ada's deadline (she checked in at 09:00 the day before).
    static let due = "2026-03-02T09:00:00Z"
    /// How long the store stays away: long enough for several tries.
    static let outage = 20.0

    /// Every proxy refuses from now until `outage` seconds on, then serves again.
    static func cutOff(_ rig: AgentFaultRig) -> Date {
        for proxy in rig.proxies.proxies { proxy.setMode(.refuse) }
        Thread.sleep(forTimeInterval: outage)  // the outage itself is the subject: it must last
        for proxy in rig.proxies.proxies { proxy.setMode(.pass) }
        return Date()
    }

    @Test func theAgentTriesEveryFewSecondsAndDeliversWithin5SecondsOfTheStoresReturn() throws {
        let rig = try AgentFaultRig("outage")
        defer { rig.shutdown() }
        // Ada's deadline falls due two seconds into the outage.
        let agent = try rig.startBob(["agent", "--json"], watchingOn: 0, extra: ["LIFESIGNAL_NOW": "2026-03-02T08:59:58Z"],
                                     ready: { $0.jsonLinesSoFar.contains(where: AgentTests.isStarted) })
        defer {
            agent.signal(SIGTERM)
            _ = agent.wait(timeout: 10)
        }
        for proxy in rig.proxies.proxies { proxy.resetCount() }
        let back = Self.cutOff(rig)
        let arrived = try #require(rig.waitForDelivery(of: "Ada L missed a check-in"), "never delivered: \(agent.stdoutSoFar)")
        let took = arrived.timeIntervalSince(back)
        print("agent: what it missed delivered \(Int(took * 1000)) ms after the store came back")
        #expect(took < 5, "delivered \(took) s after the store's return: \(agent.stdoutSoFar)")

        let events = agent.jsonLinesSoFar
        let names = events.compactMap { $0["event"] as? String }
        let firstError = try #require(names.firstIndex(of: "error"), "no error said: \(names)")
        let recovered = try #require(names.firstIndex(of: "recovered"), "no recovery said: \(names)")
        #expect(firstError < recovered && !names[recovered...].contains("error"), "\(names)")
        for event in events where event["event"] as? String == "error" {
            let retryIn = try #require(event["retryIn"] as? Int, "\(event)")
            #expect((2...4).contains(retryIn), "retryIn \(retryIn): \(event)")
        }
        // What it did: no gap between its tries longer than a retryIn (and a try).
        let tries = rig.proxies.proxies.flatMap(\.requestTimes).filter { $0.path != "/v3/watch" }.map(\.at).sorted()
        let gaps = zip(tries, tries.dropFirst()).map { $1.timeIntervalSince($0) }
        #expect((gaps.max() ?? 0) < 5, "the agent left the store alone for \(gaps.max() ?? 0) s during the outage")
    }

    @Test func followKeepsFollowingThroughAnOutageAndPrintsWhatArrivedMeanwhile() throws {
        let rig = try AgentFaultRig("followoutage")
        defer { rig.shutdown() }
        let follower = try rig.startBob(["notifications", "follow", "--json"], watchingOn: 0,
                                        extra: ["LIFESIGNAL_NOW": "2026-03-02T08:59:58Z"],
                                        ready: { $0.stderrSoFar.contains("{\"following\":true}") })
        // Ada's alert goes in while Bob cannot see the store.
        for proxy in rig.proxies.proxies { proxy.setMode(.refuse) }
        try rig.alert(true)
        let back = Self.cutOff(rig)
        let limit = back.addingTimeInterval(10)
        while !follower.stdoutSoFar.contains("Emergency alert from Ada L"), follower.process.isRunning, Date() < limit { usleep(20_000) }
        let took = Date().timeIntervalSince(back)
        follower.signal(SIGTERM)
        let result = follower.wait(timeout: 10)
        #expect(result.status == 0 && !result.signalled, "follow ended on the outage: \(result)")
        #expect(result.stdout.contains("Emergency alert from Ada L"), "the alert raised meanwhile: \(result)")
        #expect(result.stdout.contains("Ada L missed a check-in"), "the deadline missed meanwhile: \(result)")
        #expect(took < 5, "printed \(took) s after the store's return")
        let said = JSONLines.objects(result.stderr)
        #expect(said.contains { ($0["error"] as? [String: Any])?["code"] as? Int == 12 }, "the outage unsaid: \(result.stderr)")
        #expect(said.contains { $0["recovered"] as? Bool == true }, "the recovery unsaid: \(result.stderr)")
    }
}
