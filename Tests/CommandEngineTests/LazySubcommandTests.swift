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

    @Test func anEntryNamedUnlikeItsCommandIsALintProblem() {
        var root = CommandSpec("prog", summary: "a program", isRunnable: true)
        root.subcommandEntries = [SubcommandEntry("a") { CommandSpec("b", summary: "command b") }]
        let problems = CommandTableLint.problems(in: CommandTable(root: root, helpCommandName: nil))
        #expect(problems.contains { $0.contains("the entry 'a' builds the command 'b'") }, "\(problems)")
    }
}
