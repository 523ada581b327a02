import Dispatch
import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import StoreOpening
import Synchronization
import TestSupport
import Testing

/// The contract every store backend keeps (see `StoreBackend`), checked the
/// same way for each conformer in `Conformer.all`.
@Suite(.serialized) struct StoreBackendConformanceTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    /// Someone deliberately failing a transaction's body.
    struct Abandon: Error {}

    // MARK: Files and directories

    @Test(arguments: Conformer.all)
    func filesAndDirectoriesReadBackAsWritten(_ conformer: Conformer) throws {
        do { try readsBackAsWritten(conformer) } catch is Abandon {}
    }

    func readsBackAsWritten(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open()
        try store.write { tx throws in
            for path in ["a", "d/b", "d/e/c", "x/y/z"] { try tx.write(path, Self.bytes("content of " + path)) }
            try tx.write("empty", [])
            #expect(try tx.read("d/b") == Self.bytes("content of d/b"), "a transaction sees its own writes")
        }
        try store.read { snapshot throws in
            #expect(try snapshot.read("d/e/c") == Self.bytes("content of d/e/c"))
            #expect(try snapshot.read("empty") == [], "an empty file is not a missing one")
            #expect(try snapshot.read("missing") == nil)
            #expect(try snapshot.read("d/missing") == nil)
            #expect(try snapshot.list("") == ["a", "d", "empty", "x"])
            #expect(try snapshot.list("d") == ["b", "e"])
            #expect(try snapshot.list("nowhere") == [])
            #expect(try snapshot.files(under: "") == ["a", "d/b", "d/e/c", "empty", "x/y/z"])
            #expect(try snapshot.files(under: "d") == ["d/b", "d/e/c"])
            #expect(try snapshot.listOutsideReadSet("d") == ["b", "e"])
            #expect(try snapshot.readOutsideReadSet("a") == Self.bytes("content of a"))
            #expect(try snapshot.firstFileOutsideReadSet(under: "") == "a")
            #expect(try snapshot.firstFileOutsideReadSet(under: "d") == "d/b")
            #expect(try snapshot.firstFileOutsideReadSet(under: "x") == "x/y/z")
            #expect(try snapshot.firstFileOutsideReadSet(under: "nowhere") == nil)
        }
        try store.write { tx throws in
            try tx.write("d/a", Self.bytes("new"))
            #expect(try tx.firstFileOutsideReadSet(under: "d") == "d/a", "a staged file is not seen first")
            try tx.delete("a")
            try tx.delete("d/a")
            try tx.delete("d/b")
            #expect(try tx.firstFileOutsideReadSet(under: "") == "d/e/c", "staged deletes are seen")
            throw Abandon()
        }
    }

    @Test(arguments: Conformer.all)
    func aDirectoryLastsWhileAFileIsInIt(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open()
        try store.write { tx throws in
            try tx.write("x/y/z", Self.bytes("1"))
            try tx.write("d/b", Self.bytes("2"))
            try tx.write("d/e/c", Self.bytes("3"))
        }
        try store.write { tx throws in
            try tx.delete("d/e/c")
            #expect(try tx.list("d") == ["b"], "inside the transaction that emptied it")
            try tx.delete("never/there")
        }
        try store.write { tx in try tx.delete("x/y/z") }
        try store.read { snapshot throws in
            #expect(try snapshot.list("") == ["d"])
            #expect(try snapshot.list("d") == ["b"])
            #expect(try snapshot.files(under: "x") == [])
        }
    }

    @Test(arguments: Conformer.all)
    func pathsOutsideTheRulesAreRefused(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open()
        for path in ["", "../x", "a/../b", ".hidden", "a/.b", "/absolute", "a//b", "a/", "journal", "lock", "gate",
                     "tab\there", "new\nline", String(repeating: "a", count: 4097),
                     // A combining mark after the dot: hidden by its first byte on every backend.
                     ".\u{301}x", "a/.\u{301}b"] {
            #expect(throws: StoreError.self, "writing \(path.debugDescription)") {
                try store.write { tx in try tx.write(path, Self.bytes("x")) }
            }
            #expect(throws: StoreError.self, "reading \(path.debugDescription)") {
                try store.read { snapshot in try snapshot.read(path) }
            }
        }
        for directory in ["../x", ".hidden", "a//b", "/absolute"] {
            #expect(throws: StoreError.self, "listing \(directory.debugDescription)") {
                try store.read { snapshot in try snapshot.list(directory) }
            }
        }
        #expect(try store.read { try $0.files(under: "") }.isEmpty, "a refused write left something behind")
    }

    // MARK: Transactions

    @Test(arguments: Conformer.all)
    func aBodyThatThrowsChangesNothing(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open()
        try store.write { tx in try tx.write("kept", Self.bytes("old")) }
        #expect(throws: Abandon.self) {
            try store.write { tx throws in
                try tx.write("kept", Self.bytes("new"))
                try tx.write("p/q", Self.bytes("new"))
                try tx.delete("kept")
                throw Abandon()
            }
        }
        try store.read { snapshot throws in
            #expect(try snapshot.files(under: "") == ["kept"])
            #expect(try snapshot.read("kept") == Self.bytes("old"))
        }
    }

    /// A competing commit between a body's read and its commit makes an
    /// optimistic backend run the body again: only the second run's changes
    /// land, once. A serialising backend runs the body once.
    @Test(arguments: Conformer.all)
    func aBodyRunTwiceChangesNothingTwice(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open(), rival = try subject.open()
        try store.write { tx in try tx.write("counter", Self.bytes("0")) }
        var runs = 0
        let result = try store.write { tx throws -> Int in
            runs += 1
            let value = Int(Self.text(try tx.read("counter")) ?? "") ?? -1
            if subject.isOptimistic, runs == 1 {
                try rival.write { competing in try competing.write("counter", Self.bytes("100")) }
            }
            try tx.write("counter", Self.bytes(String(value + 1)))
            try tx.write("run-\(runs)", Self.bytes("ran"))
            return value + 1
        }
        try store.read { snapshot throws in
            if subject.isOptimistic {
                #expect(runs == 2)
                #expect(result == 101)
                #expect(try snapshot.read("counter") == Self.bytes("101"), "the rival's change was lost or doubled")
                #expect(try snapshot.read("run-1") == nil, "the first run's change committed too")
                #expect(try snapshot.read("run-2") == Self.bytes("ran"))
            } else {
                #expect(runs == 1)
                #expect(try snapshot.read("counter") == Self.bytes("1"))
            }
        }
    }

    /// What a body listed is checked at commit like what it read: a file
    /// added or removed in that directory meanwhile makes it run again.
    @Test(arguments: Conformer.all)
    func aListedDirectoryIsCheckedToo(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        guard subject.isOptimistic else { return }
        let store = try subject.open(), rival = try subject.open()
        try store.write { tx in try tx.write("dir/a", Self.bytes("1")) }
        for change in ["add", "remove"] {
            var runs = 0
            var counts: [Int] = []
            try store.write { tx throws in
                runs += 1
                counts.append(try tx.list("dir").count)
                if runs == 1 {
                    try rival.write { competing in
                        if change == "add" { try competing.write("dir/b", Self.bytes("2")) } else { try competing.delete("dir/b") }
                    }
                }
                // Bytes no earlier run wrote: a write of what the file holds
                // changes nothing, and a transaction that changes nothing has
                // nothing to commit (it is a read at its snapshot).
                try tx.write("count", Self.bytes(change + " " + String(counts.last ?? 0)))
            }
            #expect(runs == 2, "\(change): the listing was not checked")
            #expect(try store.read { try $0.read("count") } == Self.bytes(change == "add" ? "add 2" : "remove 1"))
        }
    }

    /// Reads outside the read set never make a body run again, whatever changes.
    @Test(arguments: Conformer.all)
    func readsOutsideTheReadSetCauseNoConflict(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open(), rival = try subject.open()
        try store.write { tx in try tx.write("schedule/1/entry", Self.bytes("")) }
        var runs = 0
        try store.write { tx throws in
            runs += 1
            _ = try tx.readOutsideReadSet("schedule/1/entry")
            _ = try tx.listOutsideReadSet("schedule")
            if subject.isOptimistic, runs == 1 {
                try rival.write { competing in
                    try competing.write("schedule/2/entry", Self.bytes(""))
                    try competing.delete("schedule/1/entry")
                }
            }
            try tx.write("mine", Self.bytes("done"))
        }
        #expect(runs == 1)
        #expect(try store.read { try $0.read("mine") } == Self.bytes("done"))
    }

    @Test(arguments: Conformer.all)
    func concurrentWritersLoseAndDoubleNothing(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let writers = 4, increments = 25
        try subject.open().write { tx in try tx.write("counter", Self.bytes("0")) }
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            do {
                let store = try subject.open()
                for step in 0..<increments {
                    try store.write { tx throws in
                        let value = Int(Self.text(try tx.read("counter")) ?? "") ?? -1_000_000
                        try tx.write("counter", Self.bytes(String(value + 1)))
                        try tx.write("writer-\(writer)/\(step)", Self.bytes("x"))
                    }
                }
            } catch {
                failures.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        try subject.open().read { snapshot throws in
            #expect(try snapshot.read("counter") == Self.bytes(String(writers * increments)))
            #expect(try snapshot.files(under: "").count == 1 + writers * increments)
        }
    }

    /// Readers during concurrent commits never see half of one.
    @Test(arguments: Conformer.all)
    func aSnapshotNeverShowsHalfACommit(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        try subject.open().write { tx throws in
            try tx.write("pair/a", Self.bytes("0"))
            try tx.write("pair/b", Self.bytes("0"))
        }
        let done = Atomic<Int>(0)
        let torn = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            do {
                let store = try subject.open()
                if worker < 2 {
                    for value in 1...30 {
                        try store.write { tx throws in
                            try tx.write("pair/a", Self.bytes("\(worker)-\(value)"))
                            try tx.write("pair/b", Self.bytes("\(worker)-\(value)"))
                        }
                    }
                    done.add(1, ordering: .sequentiallyConsistent)
                } else {
                    while done.load(ordering: .sequentiallyConsistent) < 2 {
                        let (a, b) = try store.read { snapshot in (try snapshot.read("pair/a"), try snapshot.read("pair/b")) }
                        if a != b { torn.withLock { $0.append("\(Self.text(a) ?? "-") vs \(Self.text(b) ?? "-")") } }
                    }
                }
            } catch {
                torn.withLock { $0.append("worker \(worker): \(error)") }
            }
        }
        #expect(torn.withLock { $0 }.isEmpty)
    }

    // MARK: Damage

    /// A value lifesignal cannot read is an error that names it in full:
    /// bytes that are not a store file, and (where the backend can hold it)
    /// something that is not a file at all.
    @Test(arguments: Conformer.all)
    func damagedValuesAreNamed(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open()
        let id = EntityID(randomBytes: Array(repeating: 7, count: 16))
        let path = "accounts/\(id)/account.json"
        try store.write { tx in
            try tx.write("store.json", World.storeFile)
            try tx.write(path, Self.bytes("{\"schemaVersion\":1,\"data\":{\"id\":"))
        }
        let full = store.name + "/" + path
        #expect(throws: StoreError.damaged(path: full, reason: "not valid JSON: the file ends early, at byte 32 (expected a value)")) {
            try SharedStore(backend: store).readWithoutCatchUp { try $0.account(id) }
        }
        guard let named = try subject.damage(path) else { return }
        #expect(named == full)
        do {
            _ = try store.read { try $0.read(path) }
            Issue.record("a damaged value read as a file")
        } catch StoreError.damaged(let reported, _) {
            #expect(reported == full)
        }
    }

    // MARK: Leases, changes, inspection

    @Test(arguments: Conformer.all)
    func aLeaseIsExclusiveUntilReleased(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open(), other = try subject.open()
        let held = try #require(try store.lease("delivery/a", for: .seconds(60)))
        #expect(try other.lease("delivery/a", for: .seconds(60)) == nil, "two holders at once")
        let unrelated = try #require(try other.lease("delivery/b", for: .seconds(60)), "leases of other names are separate")
        #expect(try held.renew(for: .seconds(60)))
        held.release()
        let next = try #require(try other.lease("delivery/a", for: .seconds(60)), "a released lease is free")
        next.release()
        unrelated.release()
        #expect(try store.read { try $0.files(under: "") }.isEmpty, "a lease is no file of the store")
    }

    @Test(arguments: Conformer.all)
    func aChangeSignalWakesForItsDirectoryOnly(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open(), writer = try subject.open()
        let signal = try store.changes(under: "feed")
        #expect(!signal.wait(timeout: .milliseconds(50)), "a change before any")
        try writer.write { tx in try tx.write("feed/1", Self.bytes("1")) }
        #expect(signal.wait(timeout: .seconds(5)), "the directory's first file went unseen")
        try writer.write { tx in try tx.write("elsewhere/1", Self.bytes("1")) }
        #expect(!signal.wait(timeout: .milliseconds(100)), "a change elsewhere woke it")
        try writer.write { tx in try tx.write("feed/1", Self.bytes("2")) }
        #expect(signal.wait(timeout: .seconds(5)), "a replaced file went unseen")
        try writer.write { tx in try tx.write("feed/2", Self.bytes("2")) }
        #expect(signal.wait(timeout: .seconds(5)), "an added file went unseen")
    }

    /// What the agent waits on: its feed and the whole schedule, whose
    /// entries sit in directories of their own that come and go.
    @Test(arguments: Conformer.all)
    func aSignalOverSeveralDirectoriesWakesForAnyOfThemAndWhatLiesBelow(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open(), writer = try subject.open()
        try writer.write { tx in try tx.write("schedule/0001/a", Self.bytes("")) }
        let signal = try store.changes(under: ["feed", "schedule"])
        #expect(!signal.wait(timeout: .milliseconds(50)), "a change before any")
        try writer.write { tx in try tx.write("elsewhere/x", Self.bytes("")) }
        #expect(!signal.wait(timeout: .milliseconds(200)), "a change outside the directories woke the waiter")
        try writer.write { tx in try tx.write("schedule/0001/b", Self.bytes("")) }
        #expect(signal.wait(timeout: .seconds(5)), "an entry in a directory that existed went unseen")
        try writer.write { tx in try tx.write("schedule/0002/c", Self.bytes("")) }
        #expect(signal.wait(timeout: .seconds(5)), "a new directory went unseen")
        try writer.write { tx in try tx.write("schedule/0002/d", Self.bytes("")) }
        #expect(signal.wait(timeout: .seconds(5)), "an entry in a directory that appeared since went unseen")
        try writer.write { tx in try tx.delete("schedule/0001/a") }
        #expect(signal.wait(timeout: .seconds(5)), "a removal went unseen")
        try writer.write { tx in try tx.write("feed/1", Self.bytes("1")) }
        #expect(signal.wait(timeout: .seconds(5)), "the other directory went unseen")
        try writer.write { tx in try tx.write("feed/sub/1", Self.bytes("1")) }
        #expect(signal.wait(timeout: .seconds(5)), "a file below the other directory went unseen")
    }

    @Test(arguments: Conformer.all)
    func inspectionChangesNothingOnAHealthyStore(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let store = try subject.open()
        try store.write { tx in try tx.write("a/b", Self.bytes("1")) }
        let (files, findings) = try store.inspect { snapshot in try snapshot.files(under: "") }
        #expect(files == ["a/b"])
        #expect(findings.filter(\.isProblem).isEmpty, "a healthy store has no problem (notes, such as an etcd database's size, are fine)")
    }
}
