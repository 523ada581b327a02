import EtcdClient
import EtcdStore
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// The prefetch queue on etcd (`StoreSnapshot.prefetch`,
/// `StoreBackend.prefetch`): the files a body says it will read go with the
/// snapshot's next request, whatever that asks for, a bounded number a
/// request, and change no answer.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct EtcdPrefetchTests {
    let location: EtcdURL

    init() throws {
        let cluster = try EtcdCluster.shared("conformance")
        let location = try cluster.freshStore("prefetch")
        self.location = location
        try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in
            try tx.write("store.json", Array("{}".utf8))
            for name in ["a", "b", "c"] { try tx.write("accounts/\(name)/account.json", Array(name.utf8)) }
        }
    }

    @Test func queuedFilesGoWithTheNextRequest() throws {
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        try backend.read { snapshot throws in
            #expect(snapshot.prefetches)
            #expect(try snapshot.read("store.json") == Array("{}".utf8))
            try snapshot.prefetch(PrefetchPlan(files: ["accounts/b/account.json", "accounts/c/account.json", "accounts/d/account.json"]))
            // Nothing is sent until something is read: the queue rides along.
            #expect(backend.traffic?.roundTrips == 1)
            #expect(try snapshot.read("accounts/a/account.json") == Array("a".utf8))
            #expect(try snapshot.read("accounts/b/account.json") == Array("b".utf8))
            #expect(try snapshot.read("accounts/c/account.json") == Array("c".utf8))
            #expect(try snapshot.read("accounts/d/account.json") == nil)
        }
        #expect(backend.traffic?.roundTrips == 2, "store.json; a's file with the queued ones")
        // Brought after the first request: the next command's hint may ask for them in its first.
        #expect(Set(backend.readLessons.readAlone).isSuperset(of: ["accounts/b/account.json", "accounts/c/account.json"]),
                "\(backend.readLessons)")
    }

    @Test func filesNamedBeforeTheSnapshotComeWithItsFirstRequest() throws {
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        backend.prefetch(PrefetchPlan(files: ["accounts/a/account.json", "accounts/z/account.json"]))
        try backend.read { snapshot throws in
            #expect(try snapshot.read("store.json") == Array("{}".utf8))
            #expect(try snapshot.read("accounts/a/account.json") == Array("a".utf8))
            #expect(try snapshot.read("accounts/z/account.json") == nil)
        }
        #expect(backend.traffic?.roundTrips == 1)
        #expect(!backend.readLessons.readAlone.contains("accounts/a/account.json"), "it came with the first: \(backend.readLessons)")
        // Taken by the one snapshot that sent them.
        try backend.read { snapshot throws in _ = try snapshot.read("store.json") }
        #expect(backend.traffic?.roundTrips == 2)
    }

    @Test func aRequestCarriesABoundedNumber() throws {
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let paths = (0..<150).map { "many/\($0).json" }
        try backend.read { snapshot throws in
            _ = try snapshot.read("store.json")
            try snapshot.prefetch(PrefetchPlan(files: paths))
            for path in paths { #expect(try snapshot.read(path) == nil) }
        }
        // 64 queued files a request besides the one read: 150 in three.
        #expect(backend.traffic?.roundTrips == 4)
    }

    @Test func aStagedFileIsReadAsStaged() throws {
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        try backend.write { tx throws in
            try tx.write("accounts/a/account.json", Array("new".utf8))
            try tx.prefetch(PrefetchPlan(files: ["accounts/a/account.json", "accounts/b/account.json"]))
            #expect(try tx.read("accounts/a/account.json") == Array("new".utf8))
            #expect(try tx.read("accounts/b/account.json") == Array("b".utf8))
        }
        #expect(try backend.read { try $0.read("accounts/a/account.json") } == Array("new".utf8))
    }

    @Test func aLocalBackendPrefetchesNothing() throws {
        let backend = MemoryBackend()
        try backend.write { tx throws in try tx.write("a.json", [1]) }
        try backend.read { snapshot throws in
            #expect(!snapshot.prefetches)
            try snapshot.prefetch(PrefetchPlan(files: ["a.json", "b.json"]))
            #expect(try snapshot.read("a.json") == [1])
            #expect(try snapshot.read("b.json") == nil)
        }
    }
}
