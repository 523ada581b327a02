@testable import DurableFiles

extension CommitScenario {
    /// Transactions where a power loss has more to tear: the journal's
    /// creation, files that shrink or grow, a directory emptied, many files
    /// at once; appending only, and checkpointing every commit.
    static let powerLoss: [CommitScenario] = powerLossBase + powerLossBase.map { scenario in
        var checkpointing = scenario
        checkpointing.id += ", checkpoint at every commit"
        checkpointing.checkpointSize = 0
        return checkpointing
    }

    private static let powerLossBase: [CommitScenario] = [
        CommitScenario(
            id: "first commit of an empty store",
            old: ["a": nil, "d/b": nil],
            new: ["a": "new-a", "d/b": "new-b"]),
        CommitScenario(
            id: "one file shrinks, one grows",
            old: ["a": String(repeating: "long old a ", count: 30), "b": "b"],
            new: ["a": "short a", "b": String(repeating: "long new b ", count: 40)]),
        CommitScenario(
            id: "a directory's only file deleted, a sibling directory created",
            old: ["d/a": "old-a", "e": "old-e", "f/g": nil],
            new: ["d/a": nil, "e": "old-e", "f/g": "new-g"]),
        CommitScenario(
            id: "two nested directories emptied by one delete",
            old: ["p/q/a": "old-a", "b": "old-b"],
            new: ["p/q/a": nil, "b": "new-b"]),
        CommitScenario(
            id: "seven files in four directories",
            old: ["a": "1", "b": nil, "x/c": "3", "x/d": "4", "x/y/e": nil, "z/f": "6", "z/g": "7"],
            new: ["a": "one", "b": "two", "x/c": nil, "x/d": "four", "x/y/e": "five", "z/f": "six", "z/g": nil]),
    ]

    /// The old state as stored files.
    var oldData: [String: [UInt8]] { old.compactMapValues { $0.map(bytes) } }
    /// The new state as stored files.
    var newData: [String: [UInt8]] { new.compactMapValues { $0.map(bytes) } }

    /// Creates the old state in `store`.
    func seed(_ store: DurableDirectory) throws {
        try store.write { tx in
            for (path, content) in old {
                if let content { try tx.write(path, bytes(content)) }
            }
        }
    }
}
