import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// How `drill` reports what became of its notice at each responder.
enum DrillText {
    /// `{"sentAt", "responders": [contact fields..., "toldAt", "deliveredAt",
    /// "readAt", "acknowledgedAt", "reason"]}`.
    static func json(_ report: DrillReport) -> JSONValue {
        .object([
            ("id", .id(report.record.id)),
            ("sentAt", .date(report.record.sentAt)),
            ("reachedEveryone", .bool(report.reachedEveryone)),
            ("responders", .array(report.outcomes.map(responder))),
        ])
    }

    private static func responder(_ outcome: DrillOutcome) -> JSONValue {
        guard case .object(var members) = ReceiptText.recipient(outcome.reach, receipt: false) else { return .null }
        members += [
            ("toldAt", .date(outcome.toldAt)), ("deliveredAt", .date(outcome.deliveredAt)),
            ("readAt", .date(outcome.readAt)), ("acknowledgedAt", .date(outcome.acknowledgedAt)),
            ("reason", .optional(outcome.shortfall?.rawValue)),
        ]
        return .object(members)
    }

    static func render(_ report: DrillReport, now: Date, _ c: Context) {
        let s = c.style
        c.out.line(s.bold("Drill sent \(TimeText.both(report.record.sentAt, now: now))"))
        var rows = TextTable(columns: [.fixed, .flexible])
        for outcome in report.outcomes { rows.add(row(outcome, now: now, s)) }
        c.print(rows)
        let took = report.outcomes.filter(\.tookIt).count
        if report.reachedEveryone {
            c.say(s.green("Every responder's delivery took the test notice") + ": your alarm would reach them.")
        } else {
            c.say(s.red("\(report.outcomes.count - took) of \(report.outcomes.count) responders' delivery did not take it")
                  + ": a real alarm would not reach them beyond their feed until that is mended.")
        }
    }

    /// One responder: told, delivered, read, acknowledged, or why not.
    private static func row(_ outcome: DrillOutcome, now: Date, _ s: Style) -> [String] {
        let name = ReceiptText.name(outcome.reach)
        var parts: [String] = []
        if let told = outcome.toldAt { parts.append("told " + TimeText.local(told, now: now)) }
        if let delivered = outcome.deliveredAt {
            parts.append("handed to their delivery " + TimeText.local(delivered, now: now))
        } else if let shortfall = outcome.shortfall {
            parts.append(s.red("not delivered: ") + reason(shortfall, outcome, now: now))
        }
        if outcome.toldAt != nil {
            parts.append(outcome.readAt.map { "read " + TimeText.local($0, now: now) } ?? "not read")
            parts.append(outcome.acknowledgedAt.map { "acknowledged " + TimeText.local($0, now: now) } ?? "not acknowledged")
        }
        return [name, parts.concatenated(separator: ", ")]
    }

    private static func reason(_ shortfall: DrillOutcome.Shortfall, _ outcome: DrillOutcome, now: Date) -> String {
        switch shortfall {
        case .notTold: "not told (their data could not be read when it was sent, or they became a responder since)"
        case .unreadable: "their data cannot be read (" + TerminalText.line(outcome.reach.unreadable ?? "") + ")"
        case .noDelivery, .notRunning, .failing: ReceiptText.delivery(outcome.reach, now: now)
        case .notYetDelivered: "not taken within the wait (" + ReceiptText.delivery(outcome.reach, now: now) + ")"
        }
    }
}
