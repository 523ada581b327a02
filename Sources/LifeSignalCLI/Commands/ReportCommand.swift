import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

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
        summary: "How your missed check-ins and alerts reached your responders: delivery times and what never got through",
        discussion: [
            "For every missed check-in and alert in the period (those standing included), each responder's notice is measured from the moment they were to be told (the deadline, the grace period and their delay; the moment an alert was raised) to the moment their notify command or agent took it: 50 %, 80 % and 98.5 % of them within how long, and the longest. Lone-worker alarm standards ask for 80 % within 10 s and 98.5 % within 40 s (BS 8484).",
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

/// `report [--since DURATION]`: how the account's missed check-ins and alerts reached
/// its responders, measured.
extension Report: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let start = now.addingTimeInterval(-Double(since))
        let (report, names) = try c.reading { store, account in
            let report = try AlarmReport(for: account, since: start, store: store)
            var names: [EntityID: String] = [:]
            for id in Set(report.undelivered.map(\.recipient)) {
                names[id] = (try? store.account(id))??.fullName ?? "someone no longer in your contacts"
            }
            return (report, names)
        }
        if c.json {
            c.printJSON(ReportText.json(report))
        } else {
            ReportText.render(report, names: names, now: now, c)
        }
        return success
    }
}

/// How `report` reads.
enum ReportText {
    /// `{"since", "deadlinesMissed", "alerts", "deliveries": {"count",
    /// "p50", "p80", "p985", "max"}, "undelivered": [...]}`, seconds.
    static func json(_ report: AlarmReport) -> JSONValue {
        let delays = report.deliveries
        return .object([
            ("since", .date(report.since)),
            ("deadlinesMissed", .int(report.deadlinesMissed)),
            ("alerts", .int(report.alerts)),
            ("deliveries", .object([
                ("count", .int(delays.count)), ("p50", seconds(delays.p50)), ("p80", seconds(delays.p80)),
                ("p985", seconds(delays.p985)), ("max", seconds(delays.max)),
            ])),
            ("undelivered", .array(report.undelivered.map { missing in
                .object([
                    ("kind", .string(missing.kind.rawValue)), ("at", .date(missing.at)), ("contactID", .id(missing.recipient)),
                    ("dueAt", .date(missing.dueAt)), ("reason", .string(missing.reason.rawValue)),
                ])
            })),
        ])
    }

    private static func seconds(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }

    static func render(_ report: AlarmReport, names: [EntityID: String], now: Date, _ c: Context) {
        let s = c.style
        let missed = report.deadlinesMissed, alerts = report.alerts
        c.out.line(s.bold("Since \(TimeText.local(report.since, now: now))") + ": "
            + "\(missed) missed check-in\(missed == 1 ? "" : "s"), \(alerts) alert\(alerts == 1 ? "" : "s").")
        let delays = report.deliveries
        if let p50 = delays.p50, let p80 = delays.p80, let p985 = delays.p985, let longest = delays.max {
            c.out.line("\(delays.count) notice\(delays.count == 1 ? "" : "s") taken by your responders' deliveries: "
                + "50 % within \(text(p50)), 80 % within \(text(p80)), 98.5 % within \(text(p985)); the longest took \(text(longest)).")
            let meets = p80 <= 10 && p985 <= 40
            c.say(meets ? s.green("Within BS 8484's response times") + " (80 % within 10s, 98.5 % within 40s)."
                        : s.red("Slower than BS 8484's response times") + " (80 % within 10s, 98.5 % within 40s).")
        } else if missed + alerts > 0 {
            c.out.line("No notice was taken by a responder's delivery yet.")
        }
        guard !report.undelivered.isEmpty else { return }
        c.out.line(s.bold("Not taken by any delivery:"))
        var rows = TextTable(columns: [.fixed, .flexible])
        for missing in report.undelivered {
            let what = missing.kind == .alert ? "alert" : "missed check-in"
            rows.add([names[missing.recipient] ?? missing.recipient.short,
                      "\(what) of \(TimeText.local(missing.at, now: now)): " + reason(missing.reason)])
        }
        c.print(rows)
    }

    private static func text(_ seconds: Int) -> String { DurationText.format(seconds: seconds) }

    private static func reason(_ reason: AlarmReport.Undelivered.Reason) -> String {
        switch reason {
        case .notTold: "never reached their feed"
        case .notDelivered: "in their feed, not taken by a notify command or agent"
        case .unknown: "gone from their feed (or it cannot be read) before anything took it"
        }
    }
}
