import TestSupport
import Testing

@testable import DurableFiles
@testable import SystemFiles

/// After a power loss the journal is the authority; the replay that follows
/// can itself be cut short, by a crash and then another power loss.
@Suite("Power loss at every step of a replay", .hangGuard)
struct PowerLossReplayTests {
    static let configurations: [PowerLossMachine.Configuration] = [
        .defaultCheckpoint, .everyFewCommits, .noBootIdentifier,
    ]

    /// Acknowledged commits that write, rewrite shorter and longer, delete and write again.
    static let history: [[String: String?]] = [
        ["a": "1", "d/b": "2", "d/e/c": "3"],
        ["a": "one", "d/b": nil],
        ["d/e/c": "three, longer than it was", "f": "4"],
        ["d/b": "two again", "f": nil, "g/h": String(repeating: "h", count: 300)],
    ]
    static let paths = ["a", "d/b", "d/e/c", "f", "g/h"]

    /// The two losses of each step: before the replay, and during it.
    static func losses(atStep step: Int) -> [(before: PowerLossMode, during: PowerLossMode)] {
        let seed = UInt64(step) << 8
        return [(.worstCase, .worstCase), (.randomSubset(seed: seed | 1), .randomSubset(seed: seed | 2))]
    }

    @Test("a replay cut short at any step, then another power loss, still ends in the last acknowledged state",
          arguments: configurations)
    func replayEverywhere(_ configuration: PowerLossMachine.Configuration) throws {
        let reference = try Self.referenceCalls(configuration)
        for step in 1...(reference.count + 1) {
            let call = step <= reference.count ? "\(reference[step - 1])" : "none: the replay completes"
            for (before, during) in Self.losses(atStep: step) {
                let context = "\(configuration.id): power loss (\(before)), replay crashed at step \(step) of "
                    + "\(reference.count) (\(call)), power loss (\(during))"
                guard stepPasses(context, { try Self.replay(configuration, crashingAt: step, before, during, context) })
                else { return }
            }
        }
    }

    /// Loses power, crashes the replay at `step`, loses power again, and
    /// checks what a fresh store reads.
    private static func replay(
        _ configuration: PowerLossMachine.Configuration, crashingAt step: Int,
        _ before: PowerLossMode, _ during: PowerLossMode, _ context: String
    ) throws {
        let (machine, expected) = try prepare(configuration)
        machine.disk.powerLoss(before)
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        injector.setFault(.crash(atCall: step))
        _ = try? store.read { reader in try reader.read("a") }
        machine.disk.powerLoss(during)
        let seen = try machine.read(paths)
        try #require(seen == expected, "\(context)")
        try #require(machine.data() == expected, "\(context): files outside the history")
    }

    /// The calls of the first access after a worst-case power loss.
    static func referenceCalls(
        _ configuration: PowerLossMachine.Configuration
    ) throws -> [FaultInjectingFileSystem.Call] {
        let (machine, expected) = try prepare(configuration)
        machine.disk.powerLoss(.worstCase)
        let injector = machine.injector()
        let store = try machine.store(on: injector)
        injector.clearCalls()
        _ = try store.read { reader in try reader.read("a") }
        #expect(try machine.read(paths) == expected, "reference run, \(configuration.id)")
        return injector.calls
    }

    /// A machine after `history`, and the files it must hold.
    static func prepare(
        _ configuration: PowerLossMachine.Configuration
    ) throws -> (PowerLossMachine, [String: [UInt8]]) {
        let machine = PowerLossMachine(configuration)
        var expected: [String: [UInt8]] = [:]
        for changes in history {
            try machine.store().write { tx in
                for (path, content) in changes {
                    if let content { try tx.write(path, bytes(content)) } else { try tx.delete(path) }
                }
            }
            for (path, content) in changes { expected[path] = content.map(bytes) }
        }
        return (machine, expected)
    }
}
