import EtcdClient
import Testing
import TestSupport

extension LiveEtcdTests {
    /// Transaction compares as etcd evaluates them (design note §1), one
    /// target and relation at a time, on a present and an absent key.
    @Suite(needsEtcd, .hangGuard)
    struct TxnTests {
        let client: EtcdClient
        let keys = EtcdTestKeys("txn")

        init() throws {
            client = try EtcdCluster.shared("single").client()
        }

        /// A compare target relative to the present key: its mod revision,
        /// create revision or version plus an offset, or a value.
        enum Target: Sendable {
            case mod(Int64)
            case create(Int64)
            case version(Int64)
            case value(String)

            func resolved(against kv: KeyValue) -> Compare.Target {
                switch self {
                case .mod(let offset): .modRevision(kv.modRevision + offset)
                case .create(let offset): .createRevision(kv.createRevision + offset)
                case .version(let offset): .version(kv.version + offset)
                case .value(let value): .value(Array(value.utf8))
                }
            }
        }

        @Test(arguments: [
            ("mod equal", Target.mod(0), Compare.Relation.equal, true),
            ("mod equal stale", .mod(-1), .equal, false),
            ("mod not equal", .mod(0), .notEqual, false),
            ("mod less next", .mod(1), .less, true),
            ("mod greater", .mod(0), .greater, false),
            ("create equal", .create(0), .equal, true),
            ("create greater earlier", .create(-1), .greater, true),
            ("version equal", .version(0), .equal, true),
            ("version less", .version(0), .less, false),
            ("value equal", .value("v2"), .equal, true),
            ("value other", .value("nope"), .equal, false),
            ("value not equal", .value("nope"), .notEqual, true),
            ("value greater", .value("v1"), .greater, true),
        ])
        func comparesAPresentKey(id: String, target: Target, relation: Compare.Relation, holds: Bool) throws {
            let key = keys("present-\(id)")
            try client.put(key, "v1")
            try client.put(key, "v2")
            let kv = try #require(try client.range(RangeRequest(key: key)).kvs.first)
            let response = try client.txn(TxnRequest(compares: [Compare(key: key, target.resolved(against: kv), relation)]))
            #expect(response.succeeded == holds, "\(id)")
        }

        @Test(arguments: [
            ("mod zero", Compare.Target.modRevision(0), Compare.Relation.equal, true),
            ("create zero", .createRevision(0), .equal, true),
            ("version zero", .version(0), .equal, true),
            ("version greater zero", .version(0), .greater, false),
            ("value empty", .value([]), .equal, false),
            ("value not empty", .value([]), .notEqual, false),
        ])
        func comparesAnAbsentKeyAsZeros(id: String, target: Compare.Target, relation: Compare.Relation, holds: Bool) throws {
            let response = try client.txn(TxnRequest(compares: [Compare(key: keys("absent-\(id)"), target, relation)]))
            #expect(response.succeeded == holds, "\(id)")
        }

        /// A range compare holds for every key in it: MOD < R+1 over a prefix
        /// fails once a key is added or changed after R.
        @Test func comparesARange() throws {
            let directory = keys("dir/")
            let end = KeyRange.end(ofPrefix: directory)
            #expect(try client.txn(TxnRequest(compares: [Compare(key: directory, rangeEnd: end, .modRevision(1), .less)])).succeeded)
            let revision = try client.put(keys("dir/a"), "a")
            let guardRange = Compare(key: directory, rangeEnd: end, .modRevision(revision + 1), .less)
            #expect(try client.txn(TxnRequest(compares: [guardRange])).succeeded)
            try client.put(keys("dir/b"), "b")
            #expect(try !client.txn(TxnRequest(compares: [guardRange])).succeeded)
        }

        /// The pattern a store commit uses: compares on what was read, puts on
        /// success, fresh reads on failure in the same round trip.
        @Test func runsTheBranchTheComparesChoose() throws {
            let account = keys("account"), marker = keys("marker")
            let read = try client.put(account, "v1")
            let commit = TxnRequest(
                compares: [Compare(key: account, .modRevision(read)), Compare(key: marker, .createRevision(0))],
                success: [.put(key: account, value: bytes("v2")), .put(key: marker, value: []), .range(RangeRequest(key: account))],
                failure: [.range(RangeRequest(key: account)), .range(RangeRequest(key: marker))])
            let first = try client.txn(commit)
            #expect(first.succeeded)
            #expect(first.responses.count == 3)
            guard case .put(let revision) = first.responses[0], case .range(let after) = first.responses[2] else {
                Issue.record("unexpected responses \(first.responses)")
                return
            }
            #expect(revision == first.header.revision && after.kvs.first?.value == bytes("v2"))
            // The same commit again: the compares fail, the failure branch shows the new state and the marker.
            let again = try client.txn(commit)
            #expect(!again.succeeded)
            guard case .range(let current) = again.responses[0], case .range(let seen) = again.responses[1] else {
                Issue.record("unexpected responses \(again.responses)")
                return
            }
            #expect(current.kvs.first?.value == bytes("v2") && current.kvs.first?.modRevision == first.header.revision)
            #expect(seen.kvs.map(\.key) == [marker])
            #expect(try client.value(account) == "v2")
        }
    }
}
