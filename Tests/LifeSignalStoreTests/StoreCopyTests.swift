import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// `StoreCopy` between any two backends: the same files and identity
/// arrive, in bounded transactions with `store.json` last, and nothing is
/// copied into a store that is not empty.
struct StoreCopyTests {
    /// A world with two linked people, a feed and a schedule, as a memory store.
    static func source() throws -> MemoryBackend {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        try world.link(ada, bob, responder: true, dependent: true)
        try world.checkIn(ada)
        try world.command { _ in }  // gives the store its identity file
        return world.backend
    }

    @Test func aCopyBetweenBackendsHoldsTheSameFilesAndIdentity() throws {
        let original = try Self.source()
        let scratch = TemporaryDirectory("lifesignal-copy")
        let directory = try DirectoryBackend(root: scratch.path + "/copy")
        let report = try StoreCopy(from: SharedStore(backend: original), to: SharedStore(backend: directory)).run()
        let back = MemoryBackend(name: "memory:back")
        _ = try StoreCopy(from: SharedStore(backend: directory), to: SharedStore(backend: back)).run()
        #expect(back.contents == original.contents)
        #expect(report.files == original.contents.count)
        let identity = try SharedStore(backend: original).readWithoutCatchUp { try $0.identity() }
        #expect(report.identity == identity)
        #expect(try SharedStore(backend: back).readWithoutCatchUp { try $0.identity() } == identity)
    }

    @Test func aLargeStoreGoesInBoundedStepsWithItsIdentityLast() throws {
        var files = try Self.source().contents
        for number in 0..<250 { files["extra/\(number)"] = Array("file \(number)".utf8) }
        let source = try MemoryBackend(files: files)
        let destination = MemoryBackend(name: "memory:destination")
        var steps: [StoreCopy.Progress] = []
        var metaSeenEarly = false
        _ = try StoreCopy(from: SharedStore(backend: source), to: SharedStore(backend: destination)).run { progress in
            steps.append(progress)
            if progress.files < progress.totalFiles, destination.contents["store.json"] != nil { metaSeenEarly = true }
        }
        #expect(steps.count >= 3)
        #expect(steps.allSatisfy { $0.totalFiles == files.count })
        #expect(steps.last?.files == files.count)
        #expect(!metaSeenEarly, "store.json arrived before the rest")
        #expect(destination.contents == files)
    }

    @Test func aCopyCutShortSaysSoAndLeavesNoUsableStore() throws {
        var files = try Self.source().contents
        for number in 0..<250 { files["extra/\(number)"] = Array("file \(number)".utf8) }
        let source = try MemoryBackend(files: files)
        let destination = FailingAfter(commits: 2, MemoryBackend(name: "memory:flaky"))
        do {
            _ = try StoreCopy(from: SharedStore(backend: source), to: SharedStore(backend: destination)).run()
            Issue.record("a failing destination was reported as copied")
        } catch let error as CopyError {
            #expect(error.message.contains("stopped after 200 of \(files.count) files"), "\(error.message)")
            #expect(error.kind == .io)
        }
        #expect(destination.base.contents["store.json"] == nil, "a partial copy looks like a store")
    }

    @Test func onlyAnEmptyStoreTakesACopy() throws {
        let source = try Self.source()
        let occupied = try MemoryBackend(files: ["accounts/x": [1]])
        #expect(throws: CopyError.notEmpty(occupied.name)) {
            try StoreCopy(from: SharedStore(backend: source), to: SharedStore(backend: occupied)).run()
        }
        #expect(occupied.contents == ["accounts/x": [1]])
        let notAStore = try MemoryBackend(files: ["accounts/x": [1]])
        #expect(throws: StoreError.notAStore(store: notAStore.name)) {
            try StoreCopy(from: SharedStore(backend: notAStore), to: SharedStore(backend: MemoryBackend())).run()
        }
    }
}

/// A backend whose commits fail after the first `commits`, as a disk that fills up.
final class FailingAfter: StoreBackend, @unchecked Sendable {
    let base: MemoryBackend
    private var left: Int

    init(commits: Int, _ base: MemoryBackend) {
        self.base = base
        left = commits
    }

    var name: String { base.name }
    func read<T>(_ body: (any StoreSnapshot) throws -> T) throws -> T { try base.read(body) }
    func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        guard left > 0 else { throw StoreError.io("cannot write \(name)/x: No space left on device (ENOSPC)") }
        left -= 1
        return try base.write(body)
    }
    func inspect<T>(_ body: (any StoreSnapshot) throws -> T) throws -> (T, [BackendFinding]) { try base.inspect(body) }
    func lease(_ name: String, for duration: Duration) throws -> (any StoreLease)? { try base.lease(name, for: duration) }
    func changes(under directory: String) throws -> any StoreChangeSignal { try base.changes(under: directory) }
}
