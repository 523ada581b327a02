@testable import DurableFiles

extension CommitScenario {
    /// Transactions where a power loss has more to tear: files that shrink
    /// or grow, a directory emptied, many files at once.
    static let powerLoss: [CommitScenario] = [
        CommitScenario(
            id: "one file shrinks, one grows",
            old: ["a": String(repeating: "long old a ", count: 30), "b": "b"],
            new: ["a": "short a", "b": String(repeating: "long new b ", count: 40)]),
        CommitScenario(
            id: "a directory's only file deleted, a sibling directory created",
            old: ["d/a": "old-a", "e": "old-e", "f/g": nil],
            new: ["d/a": nil, "e": "old-e", "f/g": "new-g"]),
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
    func seed(_ store: DurableStore) throws {
        try store.write { tx in
            for (path, content) in old {
                if let content { try tx.write(path, bytes(content)) }
            }
        }
    }
}
