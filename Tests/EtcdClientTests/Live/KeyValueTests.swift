@testable import EtcdClient
import Foundation
import Testing
import TestSupport

extension LiveEtcdTests {
    /// Every read and write option round trip against a real etcd.
    @Suite(needsEtcd, .hangGuard)
    struct KeyValueTests {
        let cluster: EtcdCluster
        let client: EtcdClient
        let keys = EtcdTestKeys("kv")

        init() throws {
            cluster = try EtcdCluster.shared("single")
            client = try cluster.client()
        }

        @Test func readsWithEveryOption() throws {
            for (index, name) in ["a", "b", "c", "d", "e"].enumerated() { try client.put(keys(name), "value \(index)") }
            let all = try client.range(.prefix(keys.prefix))
            #expect(all.kvs.map { text($0.key) } == ["a", "b", "c", "d", "e"].map { text(keys($0)) })
            #expect(all.count == 5 && !all.more && all.kvs[2].value == bytes("value 2"))
            let keysOnly = try client.range(RangeRequest(key: keys.prefix, rangeEnd: KeyRange.end(ofPrefix: keys.prefix), keysOnly: true))
            #expect(keysOnly.kvs.count == 5 && keysOnly.kvs.allSatisfy { $0.value.isEmpty && $0.modRevision > 0 })
            let counted = try client.range(RangeRequest(key: keys.prefix, rangeEnd: KeyRange.end(ofPrefix: keys.prefix), countOnly: true))
            #expect(counted.kvs.isEmpty && counted.count == 5)
            let limited = try client.range(RangeRequest(key: keys.prefix, rangeEnd: KeyRange.end(ofPrefix: keys.prefix), limit: 2))
            #expect(limited.kvs.count == 2 && limited.more && limited.count == 5)
            let last = try client.range(RangeRequest(key: keys.prefix, rangeEnd: KeyRange.end(ofPrefix: keys.prefix), limit: 1,
                                                     sortOrder: .descending, sortTarget: .key))
            #expect(last.kvs.map(\.key) == [keys("e")])
            let serializable = try client.range(RangeRequest(key: keys("c"), serializable: true))
            #expect(serializable.kvs.first?.value == bytes("value 2"))
        }

        @Test func readsAnEarlierSnapshot() throws {
            let first = try client.put(keys("x"), "one")
            try client.put(keys("x"), "two")
            #expect(try client.value(keys("x"), revision: first) == "one")
            #expect(try client.value(keys("x")) == "two")
            let pinned = try client.range(RangeRequest(key: keys("x"), revision: first, serializable: true))
            #expect(pinned.kvs.first?.value == bytes("one") && pinned.kvs.first?.version == 1)
        }

        @Test func aMissingKeyIsEmptyNotAnError() throws {
            let response = try client.range(RangeRequest(key: keys("missing")))
            #expect(response.kvs.isEmpty && response.count == 0 && response.header.revision > 0)
            #expect(response.header.serverTime != nil && client.lastServerTime != nil)
        }

        @Test func keepsEveryByte() throws {
            let key = keys.prefix + [0x00, 0xff, 0x0a, 0x22, 0x5c]
            let value: [UInt8] = (0...255).map(UInt8.init)
            _ = try client.txn(TxnRequest(success: [.put(key: key, value: value), .put(key: keys("empty"), value: [])]))
            #expect(try client.range(RangeRequest(key: key)).kvs.first?.value == value)
            let empty = try client.range(RangeRequest(key: keys("empty")))
            #expect(empty.kvs.count == 1 && empty.kvs[0].value.isEmpty)
        }

        /// Over ~2 KB the gateway answers chunked; a megabyte comes in many chunks.
        @Test func movesLargeValues() throws {
            let value = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            _ = try client.txn(TxnRequest(success: [.put(key: keys("big"), value: value)]))
            #expect(try client.range(RangeRequest(key: keys("big"))).kvs.first?.value == value)
        }

        @Test func aFutureRevisionIsItsOwnError() throws {
            let now = try client.range(RangeRequest(key: keys("x"))).header.revision
            for serializable in [false, true] {
                #expect { try client.range(RangeRequest(key: keys("x"), revision: now + 1000, serializable: serializable)) } throws: { error in
                    (error as? EtcdError)?.code == .futureRevision && (error as? EtcdError)?.outcome == .notExecuted
                }
            }
        }

        @Test func deletesKeysAndRanges() throws {
            for name in ["d/1", "d/2", "d/3", "e"] { try client.put(keys(name), name) }
            let response = try client.txn(TxnRequest(success: [.delete(key: keys("d/"), rangeEnd: KeyRange.end(ofPrefix: keys("d/"))),
                                                               .delete(key: keys("e"), rangeEnd: nil), .delete(key: keys("none"), rangeEnd: nil)]))
            #expect(response.responses == [.delete(deleted: 3), .delete(deleted: 1), .delete(deleted: 0)])
            #expect(try client.range(.prefix(keys.prefix)).kvs.isEmpty)
        }

        /// A read-only transaction reads several keys and ranges at one revision in one round trip.
        @Test func readsSeveralThingsAtOneRevision() throws {
            try client.put(keys("one"), "1")
            try client.put(keys("list/a"), "a")
            let response = try client.txn(TxnRequest(success: [.range(RangeRequest(key: keys("one"))), .range(.prefix(keys("list/"))),
                                                               .range(RangeRequest(key: keys("none")))]))
            guard case .range(let one) = response.responses[0], case .range(let list) = response.responses[1],
                  case .range(let none) = response.responses[2] else {
                Issue.record("expected three ranges: \(response.responses)")
                return
            }
            #expect(response.succeeded && one.kvs.first?.value == bytes("1") && list.count == 1 && none.kvs.isEmpty)
            #expect(one.header.revision == response.header.revision && list.header.revision == response.header.revision)
        }

        @Test func refusesTooManyOperationsBeforeSendingAndTheServerAgrees() throws {
            let request = TxnRequest(compares: (0..<129).map { Compare(key: keys("c\($0)"), .modRevision(0)) },
                                     success: [.put(key: keys("never"), value: [])])
            #expect { try client.txn(request) } throws: { ($0 as? EtcdError)?.code == .tooManyOperations }
            var lenient = cluster.configuration()
            lenient.limits.maximumOperations = 1000
            #expect { try EtcdClient(lenient).txn(request) } throws: { error in
                (error as? EtcdError)?.code == .tooManyOperations && (error as? EtcdError)?.outcome == .notExecuted
            }
            #expect(try client.value(keys("never")) == nil)
        }

        @Test func refusesKeysWrittenTwiceBeforeSending() throws {
            let request = TxnRequest(success: [.put(key: keys("k"), value: []), .delete(key: keys("k"), rangeEnd: nil)])
            #expect { try client.txn(request) } throws: { ($0 as? EtcdError)?.code == .duplicateKey }
        }

        /// The size check is close to etcd's own: the largest value it lets
        /// through is accepted, and 300 bytes more (let through by a raised
        /// limit) etcd refuses itself.
        @Test func checksSizesAsTheServerDoes() throws {
            let limits = RequestLimits()
            let key = keys("huge")
            func request(_ size: Int) -> TxnRequest { TxnRequest(success: [.put(key: key, value: [UInt8](repeating: 1, count: size))]) }
            var size = limits.maximumRequestBytes - 200
            while limits.problem(with: request(size + 1), user: nil) == nil { size += 1 }
            while limits.problem(with: request(size), user: nil) != nil { size -= 1 }
            #expect(limits.problem(with: request(size + 1), user: nil)?.code == .requestTooLarge)
            #expect(try client.txn(request(size)).succeeded)
            var lenient = cluster.configuration()
            lenient.limits.maximumRequestBytes = 4 << 20
            #expect { try EtcdClient(lenient).txn(request(size + 300)) } throws: { error in
                (error as? EtcdError)?.code == .requestTooLarge && (error as? EtcdError)?.outcome == .notExecuted
            }
        }
    }
}

extension LiveEtcdTests.KeyValueTests {
    /// One client, many threads: calls take turns on its connections, and
    /// every write lands exactly once.
    @Test func servesSeveralThreadsAtOnce() throws {
        let client = self.client
        let keys = self.keys
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<10 {
                do {
                    try client.put(keys("threads/\(thread)/\(round)"), "\(thread)")
                    _ = try client.range(.prefix(keys("threads/\(thread)/")))
                } catch {
                    failures.add()
                }
            }
        }
        #expect(failures.count == 0)
        #expect(try client.range(RangeRequest(key: keys("threads/"), rangeEnd: KeyRange.end(ofPrefix: keys("threads/")),
                                              countOnly: true)).count == 80)
    }
}

/// A counter threads may bump.
final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
