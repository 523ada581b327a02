import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DurableFiles

/// Real threads, each taking its own lock (its own open file description),
/// so they exclude each other exactly as separate processes would.
@Suite("Concurrent writers and readers", .hangGuard)
struct ConcurrencyTests {
    static let writers = 4
    static let increments = 200
    static let readers = 2

    @Test("4 × 200 increments give exactly 800; readers always see a consistent pair")
    func counter() throws {
        // Locking does not depend on the disk; in memory, commits are fast
        // enough that the threads really interleave.
        let directory = TemporaryDirectory(inMemory: true)
        let root = directory.path
        // Generous: a waiter may lose several races on a loaded machine.
        let timeout: Duration = .seconds(30)
        let failures = Mutex<[String]>([])
        let writersDone = Atomic<Int>(0)
        let readsChecked = Atomic<Int>(0)
        let group = DispatchGroup()

        @Sendable func record(_ failure: String) {
            failures.withLock { if $0.count < 10 { $0.append(failure) } }
        }

        func spawn(_ body: @escaping @Sendable () throws -> Void) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do { try body() } catch { record("\(error)") }
            }
            thread.start()
        }

        for _ in 0..<Self.writers {
            spawn {
                // Each thread opens its own store value, like a separate process.
                // Counted even on failure, so that readers stop either way.
                defer { writersDone.add(1, ordering: .sequentiallyConsistent) }
                let store = try DurableDirectory(root: root, lockTimeout: timeout)
                for _ in 0..<Self.increments {
                    try store.write { tx in
                        let current = Self.number(try tx.read("pair/first"))
                        try tx.write("pair/first", bytes(String(current + 1)))
                        try tx.write("pair/second", bytes(String(current + 1)))
                    }
                }
            }
        }
        for _ in 0..<Self.readers {
            spawn {
                let store = try DurableDirectory(root: root, lockTimeout: timeout)
                while writersDone.load(ordering: .sequentiallyConsistent) < Self.writers {
                    let (first, second) = try store.read { reader in
                        (Self.number(try reader.read("pair/first")), Self.number(try reader.read("pair/second")))
                    }
                    if first != second { record("reader saw \(first) and \(second)") }
                    readsChecked.add(1, ordering: .relaxed)
                }
            }
        }

        let finished = group.wait(timeout: .now() + 100) == .success
        try #require(finished, "threads still running after 100 s")
        #expect(failures.withLock { $0 } == [])
        let final = try DurableDirectory(root: root).read { reader in
            (Self.number(try reader.read("pair/first")), Self.number(try reader.read("pair/second")))
        }
        #expect(final.0 == Self.writers * Self.increments)
        #expect(final.1 == Self.writers * Self.increments)
        #expect(readsChecked.load(ordering: .relaxed) > 0)
        #expect(temporaryFiles(root).isEmpty)
    }

    static func number(_ bytes: [UInt8]?) -> Int {
        text(bytes).flatMap { Int($0) } ?? 0
    }
}
