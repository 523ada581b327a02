import EtcdStore
import FoundationEssentials
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// etcd's limits on one transaction (128 operations, 1.5 MiB), on a real
/// member: what would pass them is refused before anything is sent, with
/// a reason, and nothing of it is written; a change within them commits.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct EtcdLimitsTests {
    let store: EtcdBackend

    init() throws {
        let cluster = try EtcdCluster.shared("conformance")
        let url = "etcd://127.0.0.1:\(cluster.members[0].clientPort)/limits-\(UInt64.random(in: 0...UInt64.max))"
        guard case .etcd(let location) = try StoreLocation.parse(url, workingDirectory: "/") else {
            throw StoreError.badLocation(url, reason: "not an etcd URL")
        }
        store = try EtcdBackend(location: location, access: EtcdStoreAccess())
    }

    /// The store's files, read back.
    func files() throws -> [String] { try store.read { try $0.files(under: "") } }

    func expectTooLarge(_ id: String, _ body: (any StoreTransaction) throws -> Void) throws {
        do {
            try store.write { tx in
                try tx.write("before", [1])
                try body(tx)
            }
            Issue.record("\(id): committed")
        } catch let error as StoreError {
            guard case .tooLarge(_, let reason) = error else {
                Issue.record("\(id): expected 'cannot take this change', got \(error)")
                return
            }
            #expect(error.message.hasSuffix("nothing was written"), "\(id): \(error.message)")
            #expect(!reason.isEmpty)
        }
        #expect(try files().isEmpty, "\(id): something was written")
    }

    @Test func aValueOverTheLimitIsRefusedWhenStaged() throws {
        try expectTooLarge("one value of 1.5 MiB") { tx in
            try tx.write("big", [UInt8](repeating: 7, count: 1_572_864))
        }
    }

    @Test func valuesTogetherOverTheLimitAreRefusedWhole() throws {
        try expectTooLarge("two values of 1 MiB") { tx in
            try tx.write("a", [UInt8](repeating: 1, count: 1 << 20))
            try tx.write("b", [UInt8](repeating: 2, count: 1 << 20))
        }
    }

    @Test func moreFilesThanOneTransactionTakesAreRefusedWhole() throws {
        try expectTooLarge("200 files") { tx in
            for index in 0..<200 { try tx.write("many/\(index)", [UInt8(index % 256)]) }
        }
    }

    @Test func aChangeWithinTheLimitsCommits() throws {
        try store.write { tx in
            try tx.write("big", [UInt8](repeating: 7, count: 1 << 20))
            for index in 0..<100 { try tx.write("many/\(index)", [UInt8(index)]) }
        }
        #expect(try files().count == 101)
        #expect(try store.read { try $0.read("big") }?.count == 1 << 20)
    }
}
