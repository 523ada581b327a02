import EtcdClient
import EtcdStore
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// How an etcd backend saves round trips beyond the first request's hint: a
/// hint given once a snapshot is open goes with its next request; a file of
/// a group read alone brings the group (and the groups the body expects)
/// in the same request; a read's snapshot serves the next call for a
/// moment, unless the command took a lease or waited for a change since.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct EtcdGroupedReadTests {
    let location: EtcdURL
    static let groups = StoreReadGroups(parent: "accounts", files: ["account.json", "delivery.json"])

    init() throws {
        let cluster = try EtcdCluster.shared("conformance")
        let location = try cluster.freshStore("grouped")
        self.location = location
        try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in
            try tx.write("store.json", Array("{}".utf8))
            for name in ["a", "b", "c"] {
                try tx.write("accounts/\(name)/account.json", Array(name.utf8))
                try tx.write("accounts/\(name)/delivery.json", Array((name + "-d").utf8))
            }
        }
    }

    @Test func aHintGivenOnceASnapshotIsOpenGoesWithItsNextRequest() throws {
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        try backend.read { snapshot throws in
            #expect(try snapshot.read("store.json") == Array("{}".utf8))
            // Only now does the command know whose files it reads.
            backend.expect(StoreReadHint(files: ["accounts/a/account.json", "accounts/a/delivery.json"]))
            #expect(try snapshot.read("accounts/a/account.json") == Array("a".utf8))
            #expect(try snapshot.read("accounts/a/delivery.json") == Array("a-d".utf8))
        }
        #expect(backend.traffic?.roundTrips == 2)
        #expect(backend.readLessons.readAlone == ["store.json"], "read before the hint; the hint's files are no misses: \(backend.readLessons)")
    }

    @Test func aGroupComesWholeWithTheGroupsTheBodyExpects() throws {
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        backend.expect(StoreReadHint(files: ["store.json"], groups: Self.groups))
        try backend.read { snapshot throws in
            #expect(try snapshot.read("store.json") == Array("{}".utf8))
            try snapshot.prefetch(PrefetchPlan(groups: ["accounts/b", "accounts/c"]))
            for name in ["a", "b", "c"] {
                #expect(try snapshot.read("accounts/\(name)/account.json") == Array(name.utf8))
                #expect(try snapshot.read("accounts/\(name)/delivery.json") == Array((name + "-d").utf8))
            }
            #expect(try snapshot.read("accounts/d/account.json") == nil)
        }
        #expect(backend.traffic?.roundTrips == 3, "the hint, the three accounts together, the fourth alone")
        // What a group brought and the body read is learned, as a file read alone would be.
        #expect(Set(backend.readLessons.readAlone) == Set(["a", "b", "c"].flatMap { ["accounts/\($0)/account.json", "accounts/\($0)/delivery.json"] }
            + ["accounts/d/account.json"]), "\(backend.readLessons)")
    }

    /// A command's access: its reads' snapshots serve its next call for a moment.
    static var keeping: EtcdStoreAccess {
        var access = EtcdStoreAccess()
        access.keepsSnapshots = true
        return access
    }

    @Test func whatIsReadUnderALeaseIsNoOlderThanTheLease() throws {
        let backend = try EtcdBackend(location: location, access: Self.keeping)
        let rival = try EtcdBackend(location: location, access: EtcdStoreAccess())
        #expect(try backend.read { try $0.read("accounts/a/account.json") } == Array("a".utf8))
        try rival.write { tx throws in try tx.write("accounts/a/account.json", Array("changed".utf8)) }
        // Moments later, a read would start from the kept snapshot; under the lease it may not.
        let lease = try #require(try backend.lease("delivery/a", for: .seconds(30)))
        defer { lease.release() }
        #expect(try backend.read { try $0.read("accounts/a/account.json") } == Array("changed".utf8))
    }

    /// A group's read also brings the numbered file of its feed created
    /// last and one ID-index file picked at random; the range's count
    /// shows the other numbered files absent when there are none.
    @Test func aGroupBringsWhatAnAppendToItsFeedReads() throws {
        let groups = StoreReadGroups(parent: "accounts", files: ["account.json"], lastNumbered: "feed", picked: "feed/ids",
                                     pickedDigits: 3)
        let writer = try EtcdBackend(location: location, access: EtcdStoreAccess())
        try writer.write { tx throws in
            try tx.write("accounts/a/feed/0.json", Array("zero".utf8))
            try tx.write("accounts/a/feed/ids/abc.json", Array("[]".utf8))
        }
        try writer.write { tx throws in try tx.write("accounts/a/feed/1.json", Array("one".utf8)) }
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        backend.expect(StoreReadHint(files: ["store.json"], groups: groups))
        try backend.write { tx throws in
            _ = try tx.read("store.json")
            try snapshotExpects(tx)
            #expect(try tx.read("accounts/a/account.json") == Array("a".utf8))
            #expect(try tx.read("accounts/a/feed/1.json") == Array("one".utf8))
            let picked = try #require(tx.pickedFile(in: "accounts/a/feed/ids"))
            #expect(picked.hasPrefix("accounts/a/feed/ids/") && picked.utf8.count == "accounts/a/feed/ids/abc.json".utf8.count)
            _ = try tx.read(picked)
            // b has no feed: its segments are known absent.
            #expect(try tx.read("accounts/b/feed/0.json") == nil)
            #expect(backend.traffic?.roundTrips == 2, "the hint, then both groups with their feeds'")
            // a has two segments: the older one is a read of its own.
            #expect(try tx.read("accounts/a/feed/0.json") == Array("zero".utf8))
            #expect(backend.traffic?.roundTrips == 3)
            try tx.write("accounts/b/feed/0.json", Array("new".utf8))
        }
        // An absence the count showed is compared like one read: a rival's segment made meanwhile conflicts.
        let rival = try EtcdBackend(location: location, access: EtcdStoreAccess())
        var runs = 0
        try backend.write { tx throws in
            runs += 1
            _ = try tx.read("store.json")
            _ = try tx.read("accounts/c/account.json")
            let requests = backend.traffic?.roundTrips
            if try tx.read("accounts/c/feed/0.json") == nil, runs == 1 {
                #expect(backend.traffic?.roundTrips == requests, "known absent from the group's read")
                try rival.write { try $0.write("accounts/c/feed/0.json", Array("rival".utf8)) }
            }
            try tx.write("accounts/c/account.json", Array("c2".utf8))
        }
        #expect(runs == 2, "the commit compared the segment's absence")
        func snapshotExpects(_ tx: any StoreTransaction) throws { try tx.prefetch(PrefetchPlan(groups: ["accounts/b"])) }
    }

    /// A lease's write reads what the hint names, at its own revision, and
    /// the next read starts from it.
    @Test func aLeaseBringsTheHintsReads() throws {
        let backend = try EtcdBackend(location: location, access: Self.keeping)
        let rival = try EtcdBackend(location: location, access: EtcdStoreAccess())
        try rival.write { tx throws in try tx.write("accounts/b/delivery.json", Array("before".utf8)) }
        backend.expect(StoreReadHint(files: ["accounts/b/account.json", "accounts/b/delivery.json"]))
        let lease = try #require(try backend.lease("delivery/b", for: .seconds(30)))
        defer { lease.release() }
        let before = backend.traffic?.roundTrips ?? 0
        #expect(try backend.read { try $0.read("accounts/b/delivery.json") } == Array("before".utf8))
        #expect(backend.traffic?.roundTrips == before, "the lease's write brought it")
    }

    /// A change signal that fires while a read is in flight (the agent's
    /// watcher runs on a thread of its own) forgets that read's snapshot
    /// too: the read the signal wakes sees the change. Kept, the older
    /// snapshot hid a moved deadline from a woken agent.
    @Test func aChangeSeenDuringAReadIsNotHiddenByItsSnapshot() throws {
        let backend = try EtcdBackend(location: location, access: Self.keeping)
        let rival = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let signal = try backend.changes(under: "accounts")
        let before = try backend.read { snapshot throws in
            let value = try snapshot.read("accounts/c/account.json")
            try rival.write { tx throws in try tx.write("accounts/c/account.json", Array("changed".utf8)) }
            #expect(signal.wait(timeout: .seconds(10)), "the rival's write")
            return value
        }
        #expect(before == Array("c".utf8))
        #expect(try backend.read { try $0.read("accounts/c/account.json") } == Array("changed".utf8))
    }

    /// Without `keepsSnapshots` (a caller that may learn of another
    /// process's change between two reads), every read is fresh.
    @Test func aReadIsFreshUnlessSnapshotsAreKept() throws {
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let rival = try EtcdBackend(location: location, access: EtcdStoreAccess())
        #expect(try backend.read { try $0.read("accounts/b/account.json") } == Array("b".utf8))
        try rival.write { tx throws in try tx.write("accounts/b/account.json", Array("changed".utf8)) }
        #expect(try backend.read { try $0.read("accounts/b/account.json") } == Array("changed".utf8))
    }
}
