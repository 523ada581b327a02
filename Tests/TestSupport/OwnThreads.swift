import Foundation
import Testing

/// Runs a suite's tests on threads of their own, apart from the shared pool
/// every other test runs on.
///
/// Tests that run the built binary, start clusters or wait for processes
/// block the thread they run on for seconds at a time. Swift Testing runs
/// every test on the cooperative pool, which has as many threads as the
/// machine has cores: two such tests fill it on a two-core machine, and
/// every other test then waits in line, for minutes on a loaded machine.
/// Tests marked `.ownThreads` wait in a line of their own instead. The mark
/// goes on the outermost suite and holds for everything inside it.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(BlockingTestThreads.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// Runs the suite's tests on threads apart from the shared pool (see ``OwnThreads``).
    public static var ownThreads: OwnThreads { OwnThreads() }
}

/// A fixed set of threads that run jobs in the order they arrive, for tests
/// that block their thread.
final class BlockingTestThreads: TaskExecutor, @unchecked Sendable {
    /// As many threads as the machine has cores, like the shared pool: the
    /// blocking tests keep the pace they had, and the rest no longer wait for them.
    static let shared = BlockingTestThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    /// Guarded by `condition`; `head` is the next job to run.
    private var jobs: [UnownedJob] = []
    private var head = 0

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "blocking tests \(index + 1)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
