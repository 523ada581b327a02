import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableFiles

@Suite("Store lock", .hangGuard)
struct LockTests {
    static let timeout: Duration = .milliseconds(300)
    /// Scheduling noise allowed on a loaded 2-core machine.
    static let slack: Duration = .milliseconds(400)

    struct Contention: Sendable, CustomTestStringConvertible {
        let id: String
        let held: StoreLock.Mode
        let wanted: StoreLock.Mode
        let excluded: Bool
        var testDescription: String { id }
    }

    static let contentions: [Contention] = [
        Contention(id: "exclusive blocks exclusive", held: .exclusive, wanted: .exclusive, excluded: true),
        Contention(id: "exclusive blocks shared", held: .exclusive, wanted: .shared, excluded: true),
        Contention(id: "shared blocks exclusive", held: .shared, wanted: .exclusive, excluded: true),
        Contention(id: "shared admits shared", held: .shared, wanted: .shared, excluded: false),
    ]

    @Test("who excludes whom; a refused waiter gives up after the timeout, not much later", arguments: contentions)
    func contention(_ contention: Contention) throws {
        let directory = TemporaryDirectory()
        let held = try StoreLock(directory: directory.path, mode: contention.held)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let second = try StoreLock(directory: directory.path, mode: contention.wanted, timeout: Self.timeout)
            #expect(!contention.excluded)
            second.release()
            #expect(clock.now - start < Self.slack)
        } catch {
            let elapsed = clock.now - start
            #expect(contention.excluded)
            #expect(error == .busy(storeDirectory: directory.path, timeout: Self.timeout))
            #expect(elapsed >= Self.timeout)
            #expect(elapsed < Self.timeout + Self.slack)
        }
        held.release()
    }

    @Test("a lock released explicitly or by deinit is taken at once")
    func release() throws {
        let directory = TemporaryDirectory()
        let first = try StoreLock(directory: directory.path, mode: .exclusive)
        first.release()
        first.release()
        let clock = ContinuousClock()
        var start = clock.now
        do {
            _ = try StoreLock(directory: directory.path, mode: .exclusive, timeout: .zero)
        }
        #expect(clock.now - start < .milliseconds(100))
        start = clock.now
        _ = try StoreLock(directory: directory.path, mode: .exclusive, timeout: .zero)
        #expect(clock.now - start < .milliseconds(100))
    }

    @Test("a busy store names its directory and the timeout")
    func busyStore() throws {
        let directory = TemporaryDirectory()
        let store = try DurableDirectory(root: directory.path, lockTimeout: .milliseconds(200))
        let held = try StoreLock(directory: directory.path, mode: .exclusive)
        defer { held.release() }
        let expected = DurableFilesError.busy(storeDirectory: directory.path, timeout: .milliseconds(200))
        #expect(throws: expected) { try store.write { tx in try tx.write("a", bytes("1")) } }
        #expect(throws: expected) { try store.read { try $0.read("a") } }
        #expect(expected.description
            == "the store '\(directory.path)' is busy: another process kept it locked for more than 200 ms")
        #expect(DurableFilesError.busy(storeDirectory: "/s", timeout: .seconds(5)).description
            == "the store '/s' is busy: another process kept it locked for more than 5 s")
    }

    @Test("a holder killed with SIGKILL frees the lock at once")
    func killedHolder() throws {
        let tool = "/usr/bin/flock"
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            print("skipped: \(tool) (util-linux) is not installed")
            return
        }
        let directory = TemporaryDirectory()
        _ = try StoreLock(directory: directory.path, mode: .shared)  // creates the lock file
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: tool)
        // --no-fork: the killed process itself must hold the lock, not a child of it.
        holder.arguments = ["--exclusive", "--no-fork", directory.path + "/lock", "/bin/sleep", "30"]
        try holder.run()
        defer {
            if holder.isRunning { kill(holder.processIdentifier, SIGKILL) }
            holder.waitUntilExit()
        }
        // Wait (bounded) until the child holds the lock.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        var taken = false
        while !taken && clock.now < deadline {
            do {
                _ = try StoreLock(directory: directory.path, mode: .shared, timeout: .zero)
                usleep(10_000)
            } catch {
                taken = true
            }
        }
        try #require(taken, "the child never took the lock")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let start = clock.now
        _ = try StoreLock(directory: directory.path, mode: .exclusive, timeout: .seconds(2))
        #expect(clock.now - start < .milliseconds(100))
    }
}
