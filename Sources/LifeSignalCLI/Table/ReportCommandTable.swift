import CommandEngine

/// Measuring the alarm chain: `report`.
enum ReportCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("report") { Report.spec },
    ]
}

/// `report [--since DURATION]`
struct Report: CommandInput, Equatable {
    static let since = Option<Int>(
        "since", valueName: "DURATION",
        help: "Look back this far (1h to 400d, default 30d).",
        expected: "a duration from 1h to 400d such as 7d or 30d", completion: .choices(["7d", "30d", "90d", "400d"])) { text in
        SharedInputs.duration(text).flatMap { (3600...400 * 86_400).contains($0) ? $0 : nil }
    }

    static let spec = CommandSpec(
        "report",
        summary: "How your missed check-ins reached your responders: delivery times and what never got through",
        discussion: [
            "For every missed check-in in the period (the one standing included), each responder's notice is measured from the moment they were to be told (the deadline, the grace period and their delay) to the moment their notify command or agent took it: 50 %, 80 % and 98.5 % of them within how long, and the longest. Lone-worker alarm standards ask for 80 % within 10 s and 98.5 % within 40 s (BS 8484).",
            "Notices no delivery took are listed with why: never put in their feed, in their feed but not taken, or gone from it before anything took it.",
        ],
        options: [since.spec],
        examples: [
            CommandExample("report", "the last 30 days"),
            CommandExample("report --since 400d --json", "everything kept, as JSON"),
        ],
        input: .running(Report.self))

    /// Seconds to look back.
    let since: Int

    init(from parsed: ParsedCommand) throws(UsageError) {
        since = try parsed.value(Self.since) ?? 30 * 86_400
    }
}
