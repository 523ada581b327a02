import EtcdClient
import NetworkIO
import Testing
import TestSupport

/// The trait of every test that needs an etcd server.
let needsEtcd = ConditionTrait.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote))

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

extension EtcdClient {
    @discardableResult
    func put(_ key: [UInt8], _ value: String) throws(EtcdError) -> Int64 {
        try txn(TxnRequest(success: [.put(key: key, value: bytes(value))])).header.revision
    }

    func value(_ key: [UInt8], revision: Int64 = 0) throws(EtcdError) -> String? {
        try range(RangeRequest(key: key, revision: revision)).kvs.first.map { text($0.value) }
    }
}

/// Seconds since `start`: for bounds on waiting only, never for speed.
func seconds(since start: Deadline) -> Double {
    Double(Deadline.now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// Every suite that runs etcd members, one test at a time: several clusters
/// electing leaders at once on a small, shared machine make each other's
/// timing worse than any fault a test injects.
@Suite(.serialized, .ownThreads) enum LiveEtcdTests {}
