import CommandEngine
import Testing

@Suite struct LintTests {
    @Test func sampleTableIsSound() {
        #expect(CommandTableLint.problems(in: SampleTable.table) == [])
    }

    struct BrokenCase: CustomTestStringConvertible, Sendable {
        let id: String
        let root: CommandSpec
        let problem: String
        var testDescription: String { id }

        init(_ id: String, _ problem: String, _ subcommands: [CommandSpec], options: [OptionSpec] = []) {
            self.id = id
            self.problem = problem
            root = CommandSpec("tool", summary: "A tool.", options: options, subcommands: subcommands)
        }
    }

    static let leaf = CommandSpec("run", summary: "Run.")

    static let cases: [BrokenCase] = [
        BrokenCase("duplicate subcommand", "tool: subcommand 'run' defined twice", [leaf, leaf]),
        BrokenCase("missing summary", "tool x: no summary", [CommandSpec("x", summary: "")]),
        BrokenCase("bad command name", "tool -x: bad command name '-x'", [CommandSpec("-x", summary: "X.")],
                   options: []),
        BrokenCase("option without help", "tool run: option '--fast' has no help",
                   [CommandSpec("run", summary: "Run.", options: [.flag("fast", help: "")])]),
        BrokenCase("duplicate long option", "tool run: option '--fast' defined twice",
                   [CommandSpec("run", summary: "Run.", options: [.flag("fast", help: "F."), .flag("fast", help: "G.")])]),
        BrokenCase("option shadows a global", "tool run: option '--json' defined twice",
                   [CommandSpec("run", summary: "Run.", options: [.flag("json", help: "J.")])],
                   options: [.flag("json", help: "JSON.", isGlobal: true)]),
        BrokenCase("negation collides", "tool run: option '--no-cache' defined twice",
                   [CommandSpec("run", summary: "Run.", options: [
                       .negatable("cache", help: "C."), .flag("no-cache", help: "N."),
                   ])]),
        BrokenCase("duplicate short", "tool run: short option '-q' defined twice",
                   [CommandSpec("run", summary: "Run.", options: [.flag("quick", short: "q", help: "Q.")])],
                   options: [.flag("quiet", short: "q", help: "Q.", isGlobal: true)]),
        BrokenCase("empty choices", "tool run: option '--mode' has no choices",
                   [CommandSpec("run", summary: "Run.", options: [.choice("mode", choices: [], help: "M.")])]),
        BrokenCase("repeated choice", "tool run: option '--mode' repeats a choice",
                   [CommandSpec("run", summary: "Run.", options: [.choice("mode", choices: ["a", "a"], help: "M.")])]),
        BrokenCase("global below root", "tool run: option '--all' is global but not on the root",
                   [CommandSpec("run", summary: "Run.", options: [.flag("all", help: "A.", isGlobal: true)])]),
        BrokenCase("argument without help", "tool run: argument FILE has no help",
                   [CommandSpec("run", summary: "Run.", arguments: [ArgumentSpec("FILE", help: "")])]),
        BrokenCase("variadic not last", "tool run: variadic argument A is not the last",
                   [CommandSpec("run", summary: "Run.", arguments: [
                       ArgumentSpec("A", help: "A.", isVariadic: true), ArgumentSpec("B", help: "B."),
                   ])]),
        BrokenCase("required after optional", "tool run: required argument B follows an optional one",
                   [CommandSpec("run", summary: "Run.", arguments: [
                       ArgumentSpec("A", help: "A.", isOptional: true), ArgumentSpec("B", help: "B."),
                   ])]),
        BrokenCase("unknown default", "tool group: default subcommand 'nope' does not exist",
                   [CommandSpec("group", summary: "G.", subcommands: [leaf], defaultSubcommand: "nope")]),
        BrokenCase("runnable with default", "tool group: runnable and has a default subcommand; one of them never applies",
                   [CommandSpec("group", summary: "G.", subcommands: [leaf], defaultSubcommand: "run", isRunnable: true)]),
        BrokenCase("options never used", "tool group: options of a command that never runs",
                   [CommandSpec("group", summary: "G.", options: [.flag("x", help: "X.")], subcommands: [leaf])]),
        BrokenCase("group member unknown", "tool run: exclusive group names unknown 'b'",
                   [CommandSpec("run", summary: "Run.", options: [.flag("a", help: "A.")],
                                exclusiveGroups: [ExclusiveGroup(["a", "b"])])]),
        BrokenCase("example does not parse", "tool run: example 'run --fats' does not parse: unknown option '--fats' (did you mean '--fast'?)",
                   [CommandSpec("run", summary: "Run.", options: [.flag("fast", help: "F.")],
                                examples: [CommandExample("run --fats", "Fast.")])]),
        BrokenCase("dynamic completion needs the hidden command", "dynamic completions need the hidden command '__complete'",
                   [CommandSpec("run", summary: "Run.", arguments: [
                       ArgumentSpec("NAME", help: "N.", completion: .dynamic("names")),
                   ])]),
        BrokenCase("choice with a blank", "tool run: option '--mode' completes the unusable word 'a b'",
                   [CommandSpec("run", summary: "Run.", options: [.choice("mode", choices: ["a b"], help: "M.")])]),
        BrokenCase("argument completes nothing", "tool run: argument KEY completes an empty list",
                   [CommandSpec("run", summary: "Run.", arguments: [
                       ArgumentSpec("KEY", help: "K.", completion: .choices([])),
                   ])]),
        BrokenCase("flag with value completion", "tool run: flag '--x' has a value completion",
                   [CommandSpec("run", summary: "Run.", options: [OptionSpec("x", help: "X.", completion: .file)])]),
    ]

    @Test(arguments: cases)
    func findsProblem(_ testCase: BrokenCase) {
        let table = CommandTable(root: testCase.root, helpCommandName: nil)
        let problems = CommandTableLint.problems(in: table)
        #expect(problems.contains(testCase.problem), "\(problems)")
    }

    @Test func missingHelpCommandIsReported() {
        let table = CommandTable(root: CommandSpec("tool", summary: "A tool.", subcommands: [Self.leaf]))
        #expect(CommandTableLint.problems(in: table) == ["the help command 'help' is not in the table"])
    }
}
