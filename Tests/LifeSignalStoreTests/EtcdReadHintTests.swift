import EtcdClient
import EtcdStore
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// What an etcd backend counts as read "in a round trip of its own" (the
/// files the CLI keeps for the next command's first request): never the
/// read that carried the hint, or every command would learn `store.json`
/// and read its hint file again afterwards to see it known already.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct EtcdReadHintTests {
    let location: EtcdURL

    init() throws {
        let cluster = try EtcdCluster.shared("conformance")
        let location = try cluster.freshStore("read-hint")
        self.location = location
    }

    @Test func theReadThatCarriesTheHintIsNoMiss() throws {
        try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in
            try tx.write("store.json", Array("{}".utf8))
            try tx.write("hinted", Array("h".utf8))
            try tx.write("other", Array("o".utf8))
        }
        let backend = try EtcdBackend(location: location, access: EtcdGroupedReadTests.keeping)
        backend.expect(StoreReadHint(files: ["hinted"]))
        try backend.read { snapshot throws in
            #expect(try snapshot.read("store.json") == Array("{}".utf8))
            #expect(try snapshot.read("hinted") == Array("h".utf8))
        }
        #expect(backend.traffic?.roundTrips == 1)
        #expect(backend.readLessons.readAlone.isEmpty, "\(backend.readLessons)")
        // A read moments later starts from the snapshot the first kept (or,
        // on a machine that paused past `EtcdBackend.reuseWindow`, from the
        // hint again); a file read after it, in a round trip of its own, is
        // a miss.
        try backend.read { snapshot throws in
            #expect(try snapshot.read("store.json") == Array("{}".utf8))
            #expect(try snapshot.read("other") == Array("o".utf8))
        }
        #expect([2, 3].contains(backend.traffic?.roundTrips ?? 0), "\(String(describing: backend.traffic))")
        #expect(backend.readLessons.readAlone == ["other"] && backend.readLessons.readAloneAbsent.isEmpty, "\(backend.readLessons)")
        #expect(backend.readLessons.hintedTwice.isEmpty)
    }

    @Test func aFileAskedForByNameAndBroughtAsTheNewestIsNamedOnce() throws {
        try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in
            try tx.write("store.json", Array("{}".utf8))
            try tx.write("log/1", Array("old".utf8))
        }
        try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in try tx.write("log/2", Array("new".utf8)) }
        for (named, redundant) in [("log/2", ["log/2"]), ("log/1", [])] {
            let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
            backend.expect(StoreReadHint(files: [named], newestFiles: ["log"]))
            try backend.read { snapshot throws in
                #expect(try snapshot.read("store.json") == Array("{}".utf8))
                #expect(try snapshot.read("log/2") == Array("new".utf8))
                #expect(try snapshot.read("log/1") == Array("old".utf8))
            }
            #expect(backend.traffic?.roundTrips == (named == "log/1" ? 1 : 2), "\(named)")
            #expect(backend.readLessons.hintedTwice == redundant, "\(named)")
        }
    }

    /// The first request says which of the files it named exist, at no
    /// extra round trip, and the backend which absent ones the command read:
    /// what prunes a learned file that is gone and unneeded. A later
    /// snapshot's finding replaces an earlier one's; a file read alone says
    /// whether it was there.
    @Test func theFirstRequestSaysWhichNamedFilesExist() throws {
        try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in
            try tx.write("store.json", Array("{}".utf8))
            try tx.write("kept", Array("k".utf8))
            try tx.write("gone", Array("g".utf8))
            try tx.write("other", Array("o".utf8))
        }
        try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in try tx.delete("gone") }
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        backend.expect(StoreReadHint(files: ["kept", "gone", "never"]))
        try backend.read { snapshot throws in
            #expect(try snapshot.read("store.json") == Array("{}".utf8))
        }
        #expect(backend.traffic?.roundTrips == 1)
        #expect(backend.readLessons == StoreReadLessons(hintedAbsent: ["gone", "never"], hintedPresent: ["kept"]))
        // This command makes "never"; its next snapshot sees it, and reads
        // one absent file and one present file alone.
        try backend.write { tx throws in try tx.write("never", Array("n".utf8)) }
        try backend.read { snapshot throws in
            #expect(try snapshot.read("store.json") == Array("{}".utf8))
            #expect(try snapshot.read("unhinted-absent") == nil)
            #expect(try snapshot.read("other") == Array("o".utf8))
            #expect(try snapshot.read("gone") == nil)
            #expect(try snapshot.read("gone") == nil)
        }
        let lessons = backend.readLessons
        #expect(lessons.hintedAbsent == ["gone"] && lessons.hintedPresent == ["kept", "never"], "\(lessons)")
        #expect(lessons.hintedAbsentRead == ["gone"], "read, its absence was needed: \(lessons)")
        #expect(backend.traffic?.roundTrips == 5, "two first requests, the commit and the two files read alone")
        #expect(lessons.readAlone == ["unhinted-absent", "other"] && lessons.readAloneAbsent == ["unhinted-absent"], "\(lessons)")
    }

    /// A command first asks the cluster's clock (one read that carries the
    /// hint), then reads from that snapshot: an absent named file it reads
    /// there counts as read, so it is not pruned.
    @Test func anAbsentNamedFileReadAfterTheClockCountsAsRead() throws {
        try EtcdBackend(location: location, access: EtcdStoreAccess()).write { tx throws in
            try tx.write("store.json", Array("{}".utf8))
        }
        let backend = try EtcdBackend(location: location, access: EtcdStoreAccess())
        backend.expect(StoreReadHint(files: ["store.json", "needed", "unneeded"]))
        _ = try backend.clock()
        try backend.read { snapshot throws in
            #expect(try snapshot.read("needed") == nil)
        }
        #expect(backend.traffic?.roundTrips == 1)
        let lessons = backend.readLessons
        #expect(lessons.hintedAbsent == ["needed", "unneeded"] && lessons.hintedAbsentRead == ["needed"], "\(lessons)")
    }
}
