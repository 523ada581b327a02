import TestSupport
import Testing

@testable import DurableFiles
@testable import SystemFiles

/// `flock` in the model: per open descriptor, shared or exclusive, released
/// by close, crash and power loss.
@Suite("PowerLossFileSystem locks", .hangGuard)
struct PowerLossLockingTests {
    struct Contention: Sendable, CustomTestStringConvertible {
        let id: String
        let held: LockOperation
        let wanted: LockOperation
        let granted: Bool
        var testDescription: String { id }
    }

    static let contentions: [Contention] = [
        Contention(id: "exclusive blocks exclusive", held: .exclusive(nonBlocking: true),
                   wanted: .exclusive(nonBlocking: true), granted: false),
        Contention(id: "exclusive blocks shared", held: .exclusive(nonBlocking: true),
                   wanted: .shared(nonBlocking: true), granted: false),
        Contention(id: "shared blocks exclusive", held: .shared(nonBlocking: true),
                   wanted: .exclusive(nonBlocking: true), granted: false),
        Contention(id: "shared admits shared", held: .shared(nonBlocking: true),
                   wanted: .shared(nonBlocking: true), granted: true),
    ]

    @Test("who excludes whom, between two descriptors of one file", arguments: contentions)
    func contention(_ contention: Contention) throws {
        let disk = PowerLossFileSystem()
        let holder = try disk.open("/lock", access: .readWrite, options: [.create], permissions: .ownerReadWrite)
        let waiter = try disk.open("/lock", access: .readWrite, options: [], permissions: .ownerReadWrite)
        try disk.flock(holder, contention.held)
        if contention.granted {
            try disk.flock(waiter, contention.wanted)
        } else {
            #expect(throws: Errno.wouldBlock) { try disk.flock(waiter, contention.wanted) }
        }
        // Another file's lock is independent.
        let other = try disk.open("/other", access: .readWrite, options: [.create], permissions: .ownerReadWrite)
        try disk.flock(other, .exclusive(nonBlocking: true))
    }

    @Test("a lock is released by unlock, by close, by a crash and by a power loss")
    func release() throws {
        let disk = PowerLossFileSystem()
        let ways: [(String, (FileDescriptor) throws -> Void)] = [
            ("unlock", { try disk.flock($0, .unlock) }),
            ("close", { try disk.close($0) }),
            ("crash", { _ in disk.crash() }),
            ("power loss", { _ in disk.powerLoss(.worstCase) }),
        ]
        for (way, release) in ways {
            // Re-created each round: a power loss may take the unsynced file away.
            let holder = try disk.open("/lock", access: .readWrite, options: [.create], permissions: .ownerReadWrite)
            let waiter = try disk.open("/lock", access: .readWrite, options: [], permissions: .ownerReadWrite)
            try disk.flock(holder, .exclusive(nonBlocking: true))
            #expect(throws: Errno.wouldBlock, "\(way)") { try disk.flock(waiter, .shared(nonBlocking: true)) }
            try release(holder)
            let taker = try disk.open("/lock", access: .readWrite, options: [.create], permissions: .ownerReadWrite)
            #expect(throws: Never.self, "\(way)") { try disk.flock(taker, .exclusive(nonBlocking: true)) }
            disk.crash()
        }
    }

    @Test("a conversion that conflicts drops the lock held, as Linux does; an unconflicted one succeeds")
    func conversion() throws {
        let disk = PowerLossFileSystem()
        let first = try disk.open("/lock", access: .readWrite, options: [.create], permissions: .ownerReadWrite)
        let second = try disk.open("/lock", access: .readWrite, options: [], permissions: .ownerReadWrite)
        try disk.flock(first, .exclusive(nonBlocking: true))
        try disk.flock(first, .shared(nonBlocking: true))
        try disk.flock(second, .shared(nonBlocking: true))
        #expect(throws: Errno.wouldBlock) { try disk.flock(first, .exclusive(nonBlocking: true)) }
        // first holds nothing now, so second may upgrade.
        try disk.flock(second, .exclusive(nonBlocking: true))
    }

    @Test("a blocking request waits until the holder lets go")
    func blocking() async throws {
        let disk = PowerLossFileSystem()
        let holder = try disk.open("/lock", access: .readWrite, options: [.create], permissions: .ownerReadWrite)
        let waiter = try disk.open("/lock", access: .readWrite, options: [], permissions: .ownerReadWrite)
        try disk.flock(holder, .exclusive(nonBlocking: false))
        let waiting = Task.detached { try disk.flock(waiter, .exclusive(nonBlocking: false)) }
        try await Task.sleep(for: .milliseconds(20))
        try disk.close(holder)
        try await waiting.value
        #expect(throws: Errno.wouldBlock) {
            let third = try disk.open("/lock", access: .readWrite, options: [], permissions: .ownerReadWrite)
            try disk.flock(third, .shared(nonBlocking: true))
        }
    }
}
