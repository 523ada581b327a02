import Foundation
import Testing
import TestSupport

/// Many machines writing to one account at once on etcd: eight dependents
/// of one responder raise and cancel alerts all at the same time, so every
/// command's commit meets the others' changes to the responder's feed.
/// Each must get through (the directory store's lock queues them: none
/// refused); a refusal as "store is busy" (exit 6) is for a store that stays
/// contended for seconds, not for a conflict or two.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .serialized, .hangGuard, .ownThreads)
struct EtcdContentionTests {
    /// Commands per dependent (`LIFESIGNAL_CONTENTION_ROUNDS`, 300 unless
    /// set): 2,400 in all, as the report measured, and the responder's feed
    /// grows to as many items, which makes each command longer and the
    /// contention worse (at 800 the refusals seldom showed).
    static let rounds = ProcessInfo.processInfo.environment["LIFESIGNAL_CONTENTION_ROUNDS"].flatMap { Int($0) } ?? 300

    @Test func eightWritersOnOneResponderAreNeverRefusedAsBusy() throws {
        let cluster = try EtcdCluster.start(.init(members: 3))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("contention", cluster: cluster)
        let bob = sandbox.person("bob")
        try bob.signUp(phone: "+15550105000", first: "Bob")
        let code = try bob.qrCode()
        let dependents = (0..<8).map { sandbox.person("d\($0)") }
        for (number, person) in dependents.enumerated() {
            try person.signUp(phone: "+1555010510\(number)", first: "D\(number)")
            #expect(try person.run(["contacts", "add", code, "--responder"]).succeeded)
        }
        let before = try bob.run(["notifications", "--limit", "100000", "--json"]).array().count
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: dependents.count) { index in
            let person = dependents[index]
            var raised = false
            for _ in 0..<Self.rounds {
                let arguments = raised ? ["alert", "off"] : ["alert", "on", "--yes"]
                let result = try? person.run(arguments, timeout: 60)
                if result?.succeeded == true { raised.toggle() }
                outcomes.add(arguments, result)
            }
        }
        let (succeeded, busy, other) = outcomes.tally
        #expect(busy.isEmpty, "\(busy.count) of \(dependents.count * Self.rounds) refused as busy: \(busy.prefix(2))")
        #expect(other.isEmpty, "\(other.prefix(3))")
        // Exactly one notice in Bob's feed for every alert raised or cancelled.
        let after = try bob.run(["notifications", "--limit", "100000", "--json"]).array().count
        #expect(after - before == succeeded, "\(after - before) notices for \(succeeded) commands that succeeded")
    }
}

/// What the concurrent commands ended with, from several threads.
final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [(arguments: [String], result: RunResult?)] = []

    func add(_ arguments: [String], _ result: RunResult?) { lock.withLock { results.append((arguments, result)) } }

    /// How many succeeded; the refusals as busy; any other failure.
    var tally: (succeeded: Int, busy: [String], other: [String]) {
        lock.withLock {
            var succeeded = 0, busy: [String] = [], other: [String] = []
            for (arguments, result) in results {
                guard let result else { other.append("\(arguments): could not start"); continue }
                if result.succeeded { succeeded += 1 } else if result.status == 6 { busy.append(result.stderr) } else {
                    other.append("\(arguments): \(result)")
                }
            }
            return (succeeded, busy, other)
        }
    }
}
