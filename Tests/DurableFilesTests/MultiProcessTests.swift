import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableFiles

/// Several processes sharing one store: the test binary starts copies of
/// itself, which run this same test in worker mode.
@Suite("Concurrent processes", .hangGuard)
struct MultiProcessTests {
    static let workerVariable = "DURABLEFILES_TEST_WORKER_STORE"
    static let processes = 4
    static let increments = 200

    @Test("4 processes × 200 increments give exactly 800; every read sees a consistent pair")
    func processes() throws {
        if let root = ProcessInfo.processInfo.environment[Self.workerVariable] {
            // This process is one of the workers started below.
            try Self.work(root)
            return
        }
        let directory = TemporaryDirectory(inMemory: true)
        let logs = TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment[Self.workerVariable] = directory.path
        var workers: [(process: Process, log: String)] = []
        for index in 0..<Self.processes {
            let log = logs.path + "/worker-\(index).log"
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            let output = try #require(FileHandle(forWritingAtPath: log))
            let worker = Process()
            worker.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            worker.arguments = ["--testing-library", "swift-testing", "--filter", "MultiProcessTests"]
            worker.environment = environment
            worker.standardOutput = output
            worker.standardError = output
            try worker.run()
            workers.append((worker, log))
        }
        let deadline = ContinuousClock.now + .seconds(100)
        for (worker, log) in workers {
            while worker.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
            if worker.isRunning {
                kill(worker.processIdentifier, SIGKILL)
                Issue.record("worker \(worker.processIdentifier) still running after 100 s")
            }
            worker.waitUntilExit()
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            #expect(worker.terminationStatus == 0, "worker output:\n\(output)")
        }
        let final = try DurableDirectory(root: directory.path).read { reader in
            (text(try reader.read("pair/first")), text(try reader.read("pair/second")))
        }
        #expect(final.0 == String(Self.processes * Self.increments))
        #expect(final.1 == final.0)
    }

    /// One worker's share: increments, each followed by a consistency check.
    static func work(_ root: String) throws {
        let store = try DurableDirectory(root: root, lockTimeout: .seconds(30))
        for _ in 0..<increments {
            try store.write { tx in
                let next = (text(try tx.read("pair/first")).flatMap { Int($0) } ?? 0) + 1
                try tx.write("pair/first", bytes(String(next)))
                try tx.write("pair/second", bytes(String(next)))
            }
            let pair = try store.read { reader in (try reader.read("pair/first"), try reader.read("pair/second")) }
            #expect(pair.0 == pair.1)
        }
    }
}
