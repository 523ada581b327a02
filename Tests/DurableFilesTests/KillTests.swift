import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableFiles

/// Real `kill -9` at random instants of real commits: the test binary starts
/// a copy of itself that commits in a loop, kills it, and checks the store.
@Suite("Killed writers", .hangGuard)
struct KillTests {
    static let workerVariable = "DURABLEFILES_TEST_CHURN_STORE"
    static let rounds = 12

    @Test("after each SIGKILL the store is consistent and recovery leaves no debris")
    func killedMidCommit() throws {
        if let root = ProcessInfo.processInfo.environment[Self.workerVariable] {
            // This process is the worker started below; it runs until killed.
            try Self.churn(root)
            return
        }
        // On a real disk, where fsync takes time, kills land inside commits.
        let directory = TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment[Self.workerVariable] = directory.path
        var generator = SystemRandomNumberGenerator()
        var previous = 0
        for round in 1...Self.rounds {
            let worker = Process()
            worker.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            worker.arguments = ["--testing-library", "swift-testing", "--filter", "KillTests"]
            worker.environment = environment
            worker.standardOutput = FileHandle.nullDevice
            worker.standardError = FileHandle.nullDevice
            try worker.run()
            // Wait (bounded) for the worker to commit, then kill it a little later.
            let deadline = ContinuousClock.now + .seconds(20)
            while try Self.state(directory.path).counter == previous, ContinuousClock.now < deadline, worker.isRunning {
                usleep(2_000)
            }
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            kill(worker.processIdentifier, SIGKILL)
            worker.waitUntilExit()

            let state = try Self.state(directory.path)
            #expect(state.counter > previous, "round \(round): the worker never committed")
            #expect(state.consistent, "round \(round): \(state)")
            previous = state.counter
            try DurableDirectory(root: directory.path).recover()
            #expect(temporaryFiles(directory.path).isEmpty, "round \(round)")
        }
    }

    struct State: CustomStringConvertible {
        var counter: Int
        var second: Int
        var history: [String]

        /// Both counters agree and exactly the last two history entries exist.
        var consistent: Bool {
            counter == second && history == [counter - 1, counter].filter { $0 > 0 }.map(String.init).sorted()
        }

        var description: String { "first \(counter), second \(second), history \(history)" }
    }

    /// What a fresh store reads (recovering a pending commit first).
    static func state(_ root: String) throws -> State {
        try DurableDirectory(root: root, lockTimeout: .seconds(10)).read { reader in
            State(
                counter: number(try reader.read("pair/first")),
                second: number(try reader.read("pair/second")),
                history: try reader.list("history"))
        }
    }

    /// Each transaction bumps both counters, adds a history entry and
    /// deletes the one two steps back.
    static func churn(_ root: String) throws {
        let store = try DurableDirectory(root: root, lockTimeout: .seconds(10))
        while true {
            try store.write { tx in
                let next = number(try tx.read("pair/first")) + 1
                try tx.write("pair/first", bytes(String(next)))
                try tx.write("pair/second", bytes(String(next)))
                try tx.write("history/\(next)", bytes(String(next)))
                if next > 2 { try tx.delete("history/\(next - 2)") }
            }
        }
    }

    static func number(_ bytes: [UInt8]?) -> Int {
        text(bytes).flatMap { Int($0) } ?? 0
    }
}
