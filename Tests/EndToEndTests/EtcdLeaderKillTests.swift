import Foundation
import Testing
import TestSupport

/// The etcd leader killed at a moment a commit chooses, not a clock:
/// loopback proxies stand in front of all three members, and their fault
/// hook (`LeaderKillSwitch`) kills the leader exactly as a `checkin`'s
/// commit passes, before it reaches its member or after the member carried
/// it out (its answer then lost), through the leader or through a follower
/// that forwards it. The check-in is then made exactly once, or the command
/// fails with exit 12 in one line and, unless it says the change may have
/// been made, nothing changed; and the next command works.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .serialized, .hangGuard, .ownThreads)
struct EtcdLeaderKillTests {
    struct Moment: CustomTestStringConvertible, Sendable {
        var id: String
        /// Whether the commit goes to the leader's proxy (else a follower's).
        var throughLeader: Bool
        /// Whether the leader dies after the member carried the commit out
        /// (else before the commit reaches the member).
        var afterCarryingOut: Bool
        var testDescription: String { id }
    }

    static let moments = [
        Moment(id: "the leader dies as the commit reaches it", throughLeader: true, afterCarryingOut: false),
        Moment(id: "the leader carries the commit out and dies before answering", throughLeader: true, afterCarryingOut: true),
        Moment(id: "the leader dies as a follower takes the commit", throughLeader: false, afterCarryingOut: false),
        Moment(id: "the commit is carried out through a follower, and the leader dies before it answers",
               throughLeader: false, afterCarryingOut: true),
    ]

    /// How many times `person`'s history holds a check-in at `at`.
    static func checkIns(_ person: Person, at: String) throws -> Int {
        try EtcdFaultTests.history(person).filter { $0 == at }.count
    }

    @Test(arguments: moments)
    func aCommitIsMadeOnceOrCleanlyNotWhenTheLeaderDiesUnderIt(_ moment: Moment) throws {
        let cluster = try EtcdCluster.start(.init(members: 3))
        defer { cluster.shutdown() }
        let proxies = try LeaderKillSwitch(cluster)
        let sandbox = Sandbox("leaderkill", cluster: cluster)
        let prefix = try #require(sandbox.etcd?.prefix)
        let ana = sandbox.person("ana")
        let leader = try cluster.leader()
        let first = moment.throughLeader ? leader : (leader + 1) % 3
        ana.environment["LIFESIGNAL_STORE"] = proxies.url(prefix: prefix, first: first)
        try ana.signUp(phone: "+15550108000", first: "Ana")
        #expect(try ana.run(["checkin"], extra: ["LIFESIGNAL_NOW": EtcdFaultTests.minute(1)]).succeeded)
        let before = try sandbox.storeContents()

        proxies.arm(atCommit: 1, afterCarryingOut: moment.afterCarryingOut)
        let at = EtcdFaultTests.minute(2)
        let (result, took) = try EtcdFaultTests.timed { try ana.run(["checkin"], extra: ["LIFESIGNAL_NOW": at], timeout: 30) }
        #expect(proxies.killed == .init(leader: leader, via: first), "the leader died under the commit: \(String(describing: proxies.killed))")

        let made = try Self.checkIns(ana, at: at)
        if result.succeeded {
            #expect(made == 1, "an acknowledged check-in is there once: \(made)")
        } else {
            EtcdFaultTests.expectUnavailable(result, within: 10, took: took)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
            if result.stderr.contains("may have been made") {
                #expect(made <= 1, "made at most once: \(made)")
            } else {
                #expect(made == 0, "a check-in reported as not made was made: \(result)")
                #expect(try sandbox.storeContents() == before, "a failed command changed the store")
            }
        }
        if moment.afterCarryingOut {
            #expect(made == 1, "a commit carried out is there once, whatever the command could tell: \(result)")
        }
        #expect(took < 10, "took \(took) s: \(result)")

        let next = EtcdFaultTests.minute(3)
        let (again, tookAgain) = try EtcdFaultTests.timed { try ana.run(["checkin"], extra: ["LIFESIGNAL_NOW": next], timeout: 30) }
        #expect(again.succeeded && tookAgain < 10, "the next command works: \(again), \(tookAgain) s")
        #expect(try Self.checkIns(ana, at: next) == 1)
        #expect(try ana.run(["status"], extra: ["LIFESIGNAL_NOW": next]).succeeded)
    }
}
