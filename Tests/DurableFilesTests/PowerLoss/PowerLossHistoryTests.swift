import TestSupport
import Testing

@testable import DurableFiles
import TestSupport

/// Many acknowledged commits, with power losses, crashes and readers in
/// between: after each loss a fresh store must read the last acknowledged state.
@Suite("Acknowledged commits survive power loss", .hangGuard)
struct PowerLossHistoryTests {
    static let configurations: [PowerLossMachine.Configuration] = [
        .defaultCheckpoint, .everyCommit, .everyFewCommits, .noBootIdentifier,
    ]
    static let seeds: [UInt64] = [1, 2, 3, 4, 5]
    static let paths = ["a", "b", "dir/c", "dir/sub/d", "x/y/z/e"]
    static let rounds = 12

    private struct Abandoned: Error {}

    @Test("after any number of acknowledged commits, a power loss leaves exactly the last acknowledged state",
          arguments: configurations, seeds)
    func history(_ configuration: PowerLossMachine.Configuration, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let machine = PowerLossMachine(configuration)
        var expected: [String: [UInt8]] = [:]
        for round in 1...Self.rounds {
            for commit in 0..<Int.random(in: 0...4, using: &random) {
                let changes = Self.changes(label: "r\(round)c\(commit)-", using: &random)
                try machine.store().write { tx in
                    for (path, content) in changes {
                        if let content { try tx.write(path, content) } else { try tx.delete(path) }
                    }
                }
                for (path, content) in changes { expected[path] = content }
            }
            switch random.next() % 6 {
            case 0: machine.disk.crash()
            case 1: _ = try machine.read(Self.paths)
            case 2: try machine.store().write { _ in }
            case 3: _ = try? machine.store().write { tx in try tx.write("a", []); throw Abandoned() }
            default: break
            }
            let loss: PowerLossMode = random.next() % 3 == 0 ? .worstCase : .randomSubset(seed: random.next())
            machine.disk.powerLoss(loss)
            let context = "\(configuration.id), seed \(seed), round \(round), \(loss)"
            guard stepPasses(context, {
                let seen = try machine.read(Self.paths)
                try #require(seen == expected, "\(context)")
                try #require(machine.data() == expected, "\(context): files outside the history")
                try #require(machine.disk.openDescriptorCount == 0, "\(context): descriptors left open")
            }) else { return }
        }
    }

    @Test("a journal grown past the default checkpoint size survives power loss", arguments: [
        PowerLossMode.worstCase, .randomSubset(seed: 7),
    ])
    func largeCommits(_ loss: PowerLossMode) throws {
        let machine = PowerLossMachine(.defaultCheckpoint)
        var expected: [String: [UInt8]] = [:]
        for (index, path) in ["a", "b", "c", "a"].enumerated() {
            let content = [UInt8](repeating: UInt8(ascii: "0") + UInt8(index), count: 400 << 10)
            try machine.store().write { tx in try tx.write(path, content) }
            expected[path] = content
        }
        machine.disk.powerLoss(loss)
        #expect(try machine.read(["a", "b", "c"]) == expected)
        #expect(machine.data() == expected)
    }

    /// One to three changes among `paths`: mostly writes of varying length
    /// (empty included), some deletes.
    private static func changes(label: String, using random: inout SeededGenerator) -> [String: [UInt8]?] {
        var changes: [String: [UInt8]?] = [:]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let path = paths.randomElement(using: &random) ?? "a"
            if random.next() % 4 == 0 {
                changes[path] = .some(nil)
            } else {
                let length = Int.random(in: 0...240, using: &random)
                changes[path] = Array(repeatElement(label + path + ";", count: length).joined().utf8.prefix(length))
            }
        }
        return changes
    }
}
