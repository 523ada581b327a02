import EtcdClient
import Foundation
import NetworkIO
import Testing
import TestSupport

extension LiveEtcdTests {
    /// Faults on a 3-member loopback cluster: the leader killed mid-write, no
    /// quorum, a hung member, a watch's member killed or hung. One cluster at a
    /// time (elections on a loaded machine are slow enough already).
    @Suite(needsEtcd, .serialized, .hangGuard)
    struct FailoverTests {
        let keys = EtcdTestKeys("failover")

        /// Adds 1 to the counter exactly once, however often the answer is lost:
        /// the increment compares the counter's revision and that its marker key
        /// is absent, and writes both; a resend that finds the marker knows an
        /// earlier attempt committed (design note §3).
        func increment(_ client: EtcdClient, id: Int) throws(EtcdError) {
            let counter = keys("counter"), marker = keys("marker/\(id)")
            while true {
                let current = try client.range(RangeRequest(key: counter)).kvs.first
                let value = current.flatMap { Int(text($0.value)) } ?? 0
                let request = TxnRequest(
                    compares: [Compare(key: counter, .modRevision(current?.modRevision ?? 0)), Compare(key: marker, .createRevision(0))],
                    success: [.put(key: counter, value: bytes(String(value + 1))), .put(key: marker, value: [])],
                    failure: [.range(RangeRequest(key: marker))])
                let response = try client.txn(request, resendIfAmbiguous: true)
                if response.succeeded { return }
                if case .range(let seen) = response.responses.first, !seen.kvs.isEmpty { return }
            }
        }

        @Test func theLeaderDiesMidWritesAndNothingIsLostOrDoubled() throws {
            let cluster = try EtcdCluster.start(.init(members: 3))
            defer { cluster.shutdown() }
            let client = try cluster.client()
            let leader = try cluster.leader()
            let start = Deadline.now
            var failures: [EtcdError] = []
            for id in 0..<100 {
                if id == 20 {
                    // From another thread, so the kill lands while a write is in flight.
                    Thread {
                        Thread.sleep(forTimeInterval: 0.002)
                        cluster.kill(leader)
                    }.start()
                }
                // A command that fails is run again by its caller, with the same marker.
                var done = false
                while !done {
                    do {
                        try increment(client, id: id)
                        done = true
                    } catch {
                        failures.append(error)
                        #expect(error.code == .unavailable, "\(error)")
                        #expect(failures.count < 10, "\(error)")
                        if failures.count >= 10 { return }
                    }
                }
            }
            #expect(!cluster.members[leader].isRunning)
            #expect(try client.value(keys("counter")) == "100")
            #expect(try client.range(.prefix(keys("marker/"))).count == 100)
            #expect(seconds(since: start) < 60)
        }

        @Test func noQuorumIsAClearErrorWithinSeconds() throws {
            let cluster = try EtcdCluster.start(.init(members: 3))
            defer { cluster.shutdown() }
            let client = try cluster.client()
            try client.put(keys("q"), "1")
            cluster.kill(1)
            cluster.kill(2)
            for attempt in ["read", "write"] {
                let start = Deadline.now
                do {
                    if attempt == "read" {
                        _ = try client.value(keys("q"))
                    } else {
                        try client.put(keys("q"), "2")
                    }
                    Issue.record("\(attempt) succeeded without a quorum")
                } catch {
                    #expect(error.code == .unavailable, "\(attempt): \(error)")
                    #expect(!error.message.contains("\n"))
                }
                #expect(seconds(since: start) < 8, "\(attempt)")
                print("no quorum: \(attempt) failed after \(seconds(since: start)) s")
            }
        }

        /// A member that hangs (SIGSTOP) accepts connections and never answers:
        /// the read timeout moves the client on.
        @Test func aHungMemberIsLeftForAnother() throws {
            let cluster = try EtcdCluster.start(.init(members: 3))
            defer { cluster.shutdown() }
            let leader = try cluster.leader()
            let follower = (leader + 1) % 3
            let client = try cluster.client(members: [follower, leader, (leader + 2) % 3])
            try client.put(keys("h"), "1")
            cluster.pause(follower)
            defer { cluster.resume(follower) }
            let start = Deadline.now
            #expect(try client.value(keys("h")) == "1")
            #expect(seconds(since: start) < 5)
            try increment(client, id: 1)
            #expect(try client.value(keys("counter")) == "1")
        }

        /// Events written while the watch's member dies still arrive, once
        /// each, in order: the watch resumes on another member from the first
        /// revision it has not reported.
        @Test(arguments: ["killed", "hung"])
        func aWatchOutlivesItsMember(fault: String) throws {
            let cluster = try EtcdCluster.start(.init(members: 3))
            defer { cluster.shutdown() }
            let leader = try cluster.leader()
            let follower = (leader + 1) % 3
            let watcher = try cluster.client(members: [follower, (leader + 2) % 3, leader])
            let writer = try cluster.client(members: [leader])
            let start = try writer.put(keys("w/start"), "")
            let watch = try watcher.watch(.prefix(keys("w/"), startRevision: start + 1))
            watch.probeInterval = .seconds(1)
            var seen: [String] = []
            func collect(until count: Int) throws {
                let deadline = Deadline.after(.seconds(20))
                while seen.count < count, !deadline.hasPassed {
                    if case .events(let events) = try watch.next(timeout: .seconds(1)) { seen += events.map { text($0.kv.value) } }
                }
            }
            for index in 0..<5 { try writer.put(keys("w/\(index)"), "\(index)") }
            try collect(until: 5)
            if fault == "killed" { cluster.kill(follower) } else { cluster.pause(follower) }
            defer { cluster.resume(follower) }
            for index in 5..<10 { try writer.put(keys("w/\(index)"), "\(index)") }
            try collect(until: 10)
            #expect(seen == (0..<10).map(String.init))
            #expect(watch.nextRevision > start + 10)
        }
    }
}

extension LiveEtcdTests.FailoverTests {
    /// A member that loses quorum ends its watches with an error inside the
    /// stream (`hasleader`). With no member able to carry the watch, each
    /// wait still ends on time (idle), and the watch keeps trying: once
    /// quorum is back it reports what was written meanwhile.
    @Test func aWatchWithoutQuorumKeepsTryingAndResumesWhenQuorumReturns() throws {
        let cluster = try EtcdCluster.start(.init(members: 3))
        defer { cluster.shutdown() }
        let client = try cluster.client()
        let start = try client.put(keys("nq"), "1")
        let watch = try client.watch(WatchRequest(key: keys("nq"), startRevision: start))
        guard case .events = try watch.next(timeout: .seconds(5)) else {
            Issue.record("no first event")
            return
        }
        cluster.kill(1)
        cluster.kill(2)
        for _ in 0..<3 {
            let asked = Deadline.now
            #expect(try watch.next(timeout: .seconds(1)) == .idle)
            #expect(seconds(since: asked) < 4, "a wait took \(seconds(since: asked)) s")
        }
        try cluster.restart(1)
        let written = try client.put(keys("nq"), "2")
        let back = Deadline.now
        var seen: [Int64] = []
        while seen.isEmpty, seconds(since: back) < 10 {
            if case .events(let events) = try watch.next(timeout: .seconds(1)) { seen += events.map(\.kv.modRevision) }
        }
        #expect(seen == [written], "\(seen)")
    }
}
