import EtcdClient
import NetworkIO
import Testing
import TestSupport

extension LiveEtcdTests {
    /// Watches against a real etcd: from a start revision, with previous
    /// values, across chunk boundaries, progress, compaction.
    @Suite(needsEtcd, .hangGuard)
    struct WatchTests {
        let client: EtcdClient
        let keys = EtcdTestKeys("watch")

        init() throws {
            client = try EtcdCluster.shared("watch", .init(extraFlags: ["--experimental-watch-progress-notify-interval=300ms"])).client()
        }

        /// Events until `count` have come (or 10 s pass).
        func events(_ watch: EtcdWatch, count: Int) throws -> [WatchEvent] {
            var events: [WatchEvent] = []
            let deadline = Deadline.after(.seconds(10))
            while events.count < count, !deadline.hasPassed {
                if case .events(let more) = try watch.next(timeout: .seconds(1)) { events += more }
            }
            return events
        }

        @Test func reportsChangesFromTheStartRevision() throws {
            let start = try client.put(keys("a"), "1")
            let watch = try client.watch(.prefix(keys.prefix, startRevision: start + 1, previousKeyValues: true))
            try client.put(keys("a"), "2")
            _ = try client.txn(TxnRequest(success: [.put(key: keys("b"), value: bytes("3")), .delete(key: keys("a"), rangeEnd: nil)]))
            let seen = try events(watch, count: 3)
            #expect(seen.map(\.kind) == [.put, .put, .delete])
            #expect(seen.map { text($0.kv.key) } == [text(keys("a")), text(keys("b")), text(keys("a"))])
            #expect(seen[0].kv.value == bytes("2") && seen[0].previous?.value == bytes("1"))
            #expect(seen[2].previous?.value == bytes("2"))
            // The two changes of one transaction share a revision.
            #expect(seen[1].kv.modRevision == seen[2].kv.modRevision)
            #expect(watch.nextRevision == seen[2].kv.modRevision + 1)
        }

        /// A start revision in the past replays what happened since.
        @Test func replaysHistory() throws {
            let first = try client.put(keys("h"), "1")
            try client.put(keys("h"), "2")
            try client.put(keys("h"), "3")
            let watch = try client.watch(WatchRequest(key: keys("h"), startRevision: first))
            #expect(try events(watch, count: 3).map { text($0.kv.value) } == ["1", "2", "3"])
        }

        /// Values far larger than a chunk arrive whole.
        @Test func carriesLargeValues() throws {
            let start = try client.put(keys("big"), "")
            let watch = try client.watch(WatchRequest(key: keys("big"), startRevision: start + 1))
            let values = (1...3).map { index in (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* index) } }
            for value in values { _ = try client.txn(TxnRequest(success: [.put(key: keys("big"), value: value)])) }
            #expect(try events(watch, count: 3).map(\.kv.value) == values)
        }

        @Test func aQuietWatchIsIdleThenReportsProgress() throws {
            let start = try client.put(keys("quiet"), "")
            let watch = try client.watch(WatchRequest(key: keys("quiet"), startRevision: start + 1))
            var sawProgress = false
            let deadline = Deadline.after(.seconds(5))
            while !sawProgress, !deadline.hasPassed {
                switch try watch.next(timeout: .milliseconds(100)) {
                case .progress(let revision): sawProgress = revision >= start
                case .idle: continue
                case .events(let events): Issue.record("unexpected events \(events)")
                }
            }
            #expect(sawProgress)
            #expect(watch.nextRevision > start)
        }

        @Test func refusesAWatchFromNow() {
            #expect { try client.watch(WatchRequest(key: keys("x"), startRevision: 0)) } throws: { ($0 as? EtcdError)?.code == .invalidRequest }
        }

        /// History compacted away: the watch says so, and the caller reads again.
        @Test func reportsCompaction() throws {
            let cluster = try EtcdCluster.start()
            defer { cluster.shutdown() }
            let client = try cluster.client()
            let old = try client.put(keys("c"), "1")
            try client.put(keys("c"), "2")
            let latest = try client.put(keys("c"), "3")
            _ = try client.compact(revision: latest)
            let watch = try client.watch(WatchRequest(key: keys("c"), startRevision: old))
            #expect { try watch.next(timeout: .seconds(5)) } throws: { error in
                (error as? EtcdError)?.code == .compacted && (error as? EtcdError)?.message.contains("compacted") == true
            }
            #expect { try client.range(RangeRequest(key: keys("c"), revision: old)) } throws: { ($0 as? EtcdError)?.code == .compacted }
            #expect(try client.value(keys("c")) == "3")
        }
    }
}
