@testable import CommandEngine
import Synchronization
import Testing

/// A table's commands named by `SubcommandEntry` are built only when a run
/// reaches them: parsing `b` builds `b`, never `a`.
struct LazySubcommandTests {
    static let built = Mutex<Set<String>>([])

    static func table(prefix: String) -> CommandTable {
        var root = CommandSpec(prefix, summary: "a program", isRunnable: true)
        root.subcommandEntries = ["a", "b"].map { name in
            SubcommandEntry(name) {
                built.withLock { _ = $0.insert(prefix + name) }
                return CommandSpec(name, summary: "command \(name)")
            }
        }
        return CommandTable(root: root, helpCommandName: nil)
    }

    @Test func parsingBuildsOnlyTheInvokedCommand() throws {
        let table = Self.table(prefix: "parse-")
        _ = try CommandParser(table: table).parse(["b"])
        #expect(Set(Self.built.withLock { $0.filter { $0.hasPrefix("parse-") } }) == ["parse-b"])
    }

    @Test func listingTheCommandsBuildsThemAll() {
        let table = Self.table(prefix: "list-")
        #expect(table.root.subcommands.map(\.name) == ["a", "b"])
        #expect(Set(Self.built.withLock { $0.filter { $0.hasPrefix("list-") } }) == ["list-a", "list-b"])
    }

    /// Entries given to the initializer: a nested command (`checkin
    /// history`) is built only when a run reaches it, and a command with
    /// entries only runs by itself when it says so, as with built ones.
    @Test func entriesGivenAtInitAreBuiltOnlyWhenReached() throws {
        let group = CommandSpec("group", summary: "a group", subcommands: [CommandSpec("x", summary: "built")],
                                subcommandEntries: ["y", "z"].map { name in
                                    SubcommandEntry(name) {
                                        Self.built.withLock { _ = $0.insert("init-" + name) }
                                        return CommandSpec(name, summary: "command \(name)")
                                    }
                                })
        #expect(!group.isRunnable)
        #expect(group.subcommandEntries.map { $0.name } == ["x", "y", "z"])
        let root = CommandSpec("prog", summary: "a program", subcommands: [group], isRunnable: true)
        _ = try CommandParser(table: CommandTable(root: root, helpCommandName: nil)).parse(["group", "z"])
        #expect(Self.built.withLock { $0.filter { $0.hasPrefix("init-") } } == ["init-z"])
    }

    @Test func anEntryNamedUnlikeItsCommandIsALintProblem() {
        var root = CommandSpec("prog", summary: "a program", isRunnable: true)
        root.subcommandEntries = [SubcommandEntry("a") { CommandSpec("b", summary: "command b") }]
        let problems = CommandTableLint.problems(in: CommandTable(root: root, helpCommandName: nil))
        #expect(problems.contains { $0.contains("the entry 'a' builds the command 'b'") }, "\(problems)")
    }
}
