import TestSupport
import Testing

@testable import DurableFiles
@testable import SystemFiles

/// Stops a commit dead after each of its steps, cuts the power, and lets a
/// fresh store find its way back.
@Suite("Power loss at every step of a commit", .hangGuard)
struct PowerLossCommitTests {
    /// A scenario on a platform with or without boot identifiers.
    struct Case: Sendable, CustomTestStringConvertible {
        let scenario: CommitScenario
        let configuration: PowerLossMachine.Configuration
        var testDescription: String { "\(scenario.id), \(configuration.id)" }
    }

    /// Every scenario with its own checkpoint size; without boot identifiers
    /// every commit checkpoints, so the scenarios that only append suffice.
    /// Every checkpoint is also taken with one sync of the whole file system
    /// (as a large one is) instead of a sync of each file and directory.
    static let cases: [Case] = (CommitScenario.all + CommitScenario.powerLoss).flatMap { scenario in
        let booted = Case(scenario: scenario, configuration: PowerLossMachine.Configuration(
            id: "boot identifiers", checkpointSize: scenario.checkpointSize, namesBoots: true))
        var wholeSync = PowerLossMachine.Configuration(
            id: "no boot identifier, whole-file-system sync", checkpointSize: scenario.checkpointSize, namesBoots: false)
        wholeSync.wholeSyncFrom = 1
        guard scenario.checkpointSize != 0 else { return [booted, Case(scenario: scenario, configuration: wholeSync)] }
        let bootless = Case(scenario: scenario, configuration: PowerLossMachine.Configuration(
            id: "no boot identifier", checkpointSize: scenario.checkpointSize, namesBoots: false))
        return [booted, bootless, Case(scenario: scenario, configuration: wholeSync)]
    }

    /// The losses tried at each step: the worst case and two drawn at random.
    static func losses(atStep step: Int) -> [PowerLossMode] {
        [.worstCase, .randomSubset(seed: UInt64(step) << 8 | 1), .randomSubset(seed: UInt64(step) << 8 | 2)]
    }

    @Test("a fresh store finds exactly the old or the new state; its recovery is clean, idempotent and durable",
          arguments: cases)
    func powerLossEverywhere(_ testCase: Case) throws {
        let (scenario, configuration) = (testCase.scenario, testCase.configuration)
        let reference = try Self.referenceCalls(scenario, configuration)
        // The variant must take the path it names (a commit with nothing to write has no checkpoint).
        #expect(configuration.wholeSyncFrom != 1 || !scenario.writesAnything || reference.contains { $0.operation == .syncfs },
                "\(testCase.testDescription): no whole-file-system sync among \(reference)")
        // One step past the last call: the commit completes and is acknowledged.
        for step in 1...(reference.count + 1) {
            let call = step <= reference.count ? "\(reference[step - 1])" : "none: acknowledged"
            for loss in Self.losses(atStep: step) {
                let context = "\(testCase.testDescription): crash at step \(step) of \(reference.count) "
                    + "(\(call)), then power loss, \(loss)"
                // One broken step is enough to report; the rest would repeat it.
                guard stepPasses(context, {
                    try Self.crashAndRecover(scenario, configuration, step: step, loss: loss, context: context)
                }) else { return }
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

    private static func crashAndRecover(
        _ scenario: CommitScenario, _ configuration: PowerLossMachine.Configuration,
        step: Int, loss: PowerLossMode, context: String
    ) throws {
        let machine = PowerLossMachine(configuration)
        try scenario.seed(machine.store())
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        injector.setFault(.crash(atCall: step))
        var verdict = Verdict.failed
        do {
            try store.write { tx in try scenario.apply(tx) }
            verdict = .acknowledged
        } catch let error as DurableFilesError {
            if error.isCommitted { verdict = .committed }
        }
        let crashed = injector.calls.first { $0.injected }
        machine.disk.powerLoss(loss)

        let seen = try machine.read(scenario.paths)
        try checkFirstAccess(seen, scenario, verdict: verdict, crashed: crashed, loss: loss, context: context)
        try #require(machine.data() == seen, "\(context): files outside the transaction")
        try checkRecovery(machine, scenario, seen: seen, loss: loss, context: context)
    }

    /// What the interrupted `write` told its caller.
    private enum Verdict {
        case acknowledged
        /// Failed with `isCommitted`.
        case committed
        case failed
    }

    /// The state a fresh store reads first must match what the writer was told.
    private static func checkFirstAccess(
        _ seen: [String: [UInt8]], _ scenario: CommitScenario, verdict: Verdict,
        crashed: FaultInjectingFileSystem.Call?, loss: PowerLossMode, context: String
    ) throws {
        // A cut-short fsync leaves its outcome unknown, even to the store.
        let fsyncCut = crashed?.operation == .fsync
        switch verdict {
        case .acknowledged:
            try #require(seen == scenario.newData, "\(context): expected the new state, the commit was acknowledged")
        case .committed where !fsyncCut:
            try #require(seen == scenario.newData, "\(context): expected the new state, the commit was reported as committed")
        case .failed where loss == .worstCase:
            // Nothing unsynced survives, and the commit point was not reached.
            try #require(seen == scenario.oldData,
                         "\(context): expected the old state, the commit failed before its commit point")
        case .committed, .failed:
            try #require(seen == scenario.oldData || seen == scenario.newData,
                         "\(context): expected the old or the new state")
        }
    }

    /// `recover()` leaves no temporary files, a second one changes nothing,
    /// the result survives another power loss, and the store goes on committing.
    private static func checkRecovery(
        _ machine: PowerLossMachine, _ scenario: CommitScenario, seen: [String: [UInt8]],
        loss: PowerLossMode, context: String
    ) throws {
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
