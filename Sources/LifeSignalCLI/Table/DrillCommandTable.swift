import CommandEngine

/// Proving the alarm chain: `drill`.
enum DrillCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("drill") { Drill.spec },
    ]
}

/// `drill [--wait DURATION]`
struct Drill: CommandInput, Equatable {
    static let wait = Option<Int>(
        "wait", valueName: "DURATION",
        help: "Wait up to this long (0s to 1h, default 2m) for every responder's delivery to take the notice.",
        expected: "a duration from 0s to 1h such as 30s or 2m", completion: .choices(["0s", "30s", "2m", "10m"])) { text in
        SharedInputs.duration(text).flatMap { (0...3600).contains($0) ? $0 : nil }
    }

    static let last = Flag("last", help: "Report on your latest drill (who acknowledged it since, too) without sending one.")

    static let spec = CommandSpec(
        "drill",
        summary: "Test your alarm: every responder gets a labelled test notice the way a missed check-in would reach them",
        discussion: [
            "Each responder gets a notice of type test (\"TEST: ... nothing is wrong\") through the path a missed check-in takes: their preferences cannot hold it back, delays do not apply, and their notify command or agent hands it on (the notify command sees \"test\": true and LIFESIGNAL_NOTIFICATION_TEST=1). It never counts as an alert, never escalates and never repeats.",
            "Then it waits up to --wait for their deliveries, showing progress on a terminal, and reports for each responder when they were told, when their delivery took it, when they read it and when they acknowledged it ('lifesignal ack YOUR-NAME'), or why not. Exits 0 when every responder's delivery took it, 15 when at least one did not (or you have no responders).",
            "At most one drill every 10 minutes (refused, exit 5).",
        ],
        options: [wait.spec, last.spec],
        examples: [
            CommandExample("drill", "test the alarm and wait up to 2 minutes for every delivery"),
            CommandExample("drill --wait 0s --json", "send it and report at once, as JSON"),
            CommandExample("drill --last", "see who has acknowledged your latest drill"),
        ],
        input: .running(Drill.self))

    /// Seconds to wait for the deliveries.
    let wait: Int
    let last: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        let given = try parsed.value(Self.wait)
        wait = given ?? 120
        last = parsed[Self.last]
        if last, given != nil { throw parsed.problem(.conflict("--last", "--wait")) }
    }
}
