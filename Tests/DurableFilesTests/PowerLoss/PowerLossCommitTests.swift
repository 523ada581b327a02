import Testing

@testable import DurableFiles

/// Stops a commit dead after each of its steps, cuts the power, and lets a
/// fresh store find its way back.
@Suite("Power loss at every step of a commit", .timeLimit(.minutes(2)))
struct PowerLossCommitTests {
    static let scenarios = CommitScenario.all + CommitScenario.powerLoss
    static let configurations: [PowerLossMachine.Configuration] = [.defaultCheckpoint, .everyCommit, .noBootIdentifier]

    /// The losses tried at each step: the worst case and two drawn at random.
    static func losses(atStep step: Int) -> [PowerLossMode] {
        [.worstCase, .randomSubset(seed: UInt64(step) << 8 | 1), .randomSubset(seed: UInt64(step) << 8 | 2)]
    }

    @Test("a fresh store finds exactly the old or the new state; its recovery is clean, idempotent and durable",
          arguments: scenarios, configurations)
    func powerLossEverywhere(_ scenario: CommitScenario, _ configuration: PowerLossMachine.Configuration) throws {
        let reference = try Self.referenceCalls(scenario, configuration)
        // One step past the last call: the commit completes and is acknowledged.
        for step in 1...(reference.count + 1) {
            let call = step <= reference.count ? "\(reference[step - 1])" : "none: acknowledged"
            for loss in Self.losses(atStep: step) {
                let context = "\(scenario.id), \(configuration.id): crash at step \(step) of \(reference.count) "
                    + "(\(call)), then power loss, \(loss)"
                // One broken step is enough to report; the rest would repeat it.
                guard Self.check(scenario, configuration, step: step, loss: loss, context: context) else { return }
            }
        }
    }

    /// The calls a fault-free commit makes on a freshly seeded machine.
    static func referenceCalls(
        _ scenario: CommitScenario, _ configuration: PowerLossMachine.Configuration
    ) throws -> [FaultInjectingFileSystem.Call] {
        let machine = PowerLossMachine(configuration)
        try scenario.seed(machine.store())
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        injector.clearCalls()
        try store.write { tx in try scenario.apply(tx) }
        #expect(try machine.read(scenario.paths) == scenario.newData, "reference run of \(scenario.id)")
        return injector.calls
    }

    /// Runs one crash and power loss; `false` when an expectation failed.
    static func check(
        _ scenario: CommitScenario, _ configuration: PowerLossMachine.Configuration,
        step: Int, loss: PowerLossMode, context: String
    ) -> Bool {
        do {
            try crashAndRecover(scenario, configuration, step: step, loss: loss, context: context)
            return true
        } catch is ExpectationFailedError {
            return false
        } catch {
            Issue.record("\(context): \(error)")
            return false
        }
    }

    private static func crashAndRecover(
        _ scenario: CommitScenario, _ configuration: PowerLossMachine.Configuration,
        step: Int, loss: PowerLossMode, context: String
    ) throws {
        let machine = PowerLossMachine(configuration)
        try scenario.seed(machine.store())
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        injector.setFault(.crash(atCall: step))
        var outcome = "failed before its commit point"
        do {
            try store.write { tx in try scenario.apply(tx) }
            outcome = "acknowledged"
        } catch let error as DurableFilesError {
            if error.isCommitted { outcome = "committed but incomplete" }
        }
        machine.disk.powerLoss(loss)

        let seen = try machine.read(scenario.paths)
        if outcome != "failed before its commit point" {
            try #require(seen == scenario.newData, "\(context): the commit was \(outcome), then lost")
        } else if loss == .worstCase {
            // Nothing unsynced survives, and the commit point was not reached.
            try #require(seen == scenario.oldData, "\(context): the commit \(outcome), yet it shows")
        } else {
            try #require(seen == scenario.oldData || seen == scenario.newData, "\(context): neither old nor new")
        }
        try #require(machine.data() == seen, "\(context): files outside the transaction")

        try machine.store().recover()
        try #require(machine.temporaryFiles() == [], "\(context): temporary files left by recover()")
        let recovered = machine.allFiles()
        try machine.store().recover()
        try #require(machine.allFiles() == recovered, "\(context): a second recovery changed files")

        machine.disk.powerLoss(.worstCase)
        let survived = try machine.read(scenario.paths)
        try #require(survived == seen, "\(context): the recovered state did not survive a second power loss")
        try machine.store().write { tx in try tx.write("after", bytes("after")) }
        machine.disk.powerLoss(loss)
        let after = seen.merging(["after": bytes("after")]) { $1 }
        let seenAfter = try machine.read(scenario.paths + ["after"])
        try #require(seenAfter == after, "\(context): a commit after recovery")
        try #require(machine.data() == after, "\(context): files outside the transactions after recovery")
    }
}

extension CommitScenario {
    /// Every watched path, sorted.
    fileprivate var paths: [String] { Set(old.keys).union(new.keys).sorted() }
}
