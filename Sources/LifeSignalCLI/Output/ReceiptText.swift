import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// How `status` shows who an alarm reached: each responder's delivery
/// set-up, and for the current alert or missed check-in, who was told,
/// whose notify command took it, and who read it.
enum ReceiptText {
    /// A responder's name made harmless, or their short ID when their
    /// account cannot be read.
    static func name(_ responder: ResponderReach) -> String {
        responder.account.map { TerminalText.line($0.fullName) } ?? responder.id.short
    }

    /// Whether notifications really reach them beyond their feed, in a few
    /// words: working (and when it last delivered), failing (since when, how
    /// many tries, the last error), not running (for how long), or none.
    static func delivery(_ responder: ResponderReach, now: Date) -> String {
        if responder.unreadable != nil { return "cannot be checked" }
        let health = responder.health
        switch health.state {
        case .working:
            let last = health.lastDeliveredAt.map { ", last delivered \(RelativeTime.describe($0, now: now))" } ?? ""
            return (health.agentRunning ? "agent running" : "notify-command working") + last
        case .failing:
            let tries = health.failedAttempts
            let since = health.failingSince.map { " since " + TimeText.both($0, now: now) } ?? ""
            let error = health.lastError.map { "; last: " + TerminalText.line($0) } ?? ""
            return "notify-command failing\(since), \(tries) tr\(tries == 1 ? "y" : "ies")\(error)"
        case .notRunning:
            // Said plainly: an agent that stopped tells them of nothing until they run lifesignal.
            let idle = health.lastRun.map { "no agent or tick for \(RelativeTime.span(seconds: max(0, Int(now.timeIntervalSince($0)))))" }
            return "notify-command not running: \(idle ?? "not run yet by tick or an agent"); told only when they next run lifesignal"
        case .none:
            return "no delivery set up: sees it only when running lifesignal"
        }
    }

    /// "Watched by 2 responders: Bob (agent running), Cleo (no delivery ...)".
    static func watched(_ report: StatusReport, now: Date) -> String {
        let count = report.responderCount
        let head = "by \(count) responder\(count == 1 ? "" : "s")"
        guard !report.responders.isEmpty else { return head }
        return head + ": " + report.responders.map { "\(name($0)) (\(delivery($0, now: now)))" }.concatenated(separator: ", ")
    }

    /// The title of the alarm block.
    static func title(_ alarm: CurrentAlarm, now: Date) -> String {
        switch alarm {
        case .alert(_, let raisedAt): "Your alert, raised \(TimeText.both(raisedAt, now: now))"
        case .missedCheckIn(let due): "Your missed check-in, due \(TimeText.both(due, now: now))"
        }
    }

    /// One responder's row under the alarm: told, delivered, read.
    static func row(_ responder: ResponderReach, now: Date, _ s: Style) -> [String] {
        if let problem = responder.unreadable { return [name(responder), s.red("cannot be checked: ") + TerminalText.line(problem)] }
        guard let receipt = responder.receipt, let told = receipt.toldAt else {
            return [name(responder), s.yellow("not told yet")]
        }
        var parts = ["told " + TimeText.both(told, now: now)]
        if let delivered = receipt.deliveredAt {
            parts.append("delivered " + TimeText.local(delivered, now: now))
        } else if responder.health.state == .none {
            parts.append(s.yellow("no delivery set up: sees it only when running lifesignal"))
        } else if responder.health.state == .failing {
            parts.append(s.red("not delivered") + " (\(delivery(responder, now: now)))")
        } else {
            parts.append(s.yellow("not delivered yet") + " (\(delivery(responder, now: now)))")
        }
        parts.append(receipt.readAt.map { "read " + TimeText.local($0, now: now) } ?? "not read")
        return [name(responder), parts.concatenated(separator: ", ")]
    }

    /// The `status --json` members for the alarm and the responders.
    static func json(_ report: StatusReport, now: Date) -> [(String, JSONValue)] {
        let alarm: JSONValue = report.alarm.map { alarm in
            let (event, at): (String, Date) = switch alarm {
            case .alert(_, let raisedAt): ("alert", raisedAt)
            case .missedCheckIn(let due): ("missedCheckIn", due)
            }
            return .object([("event", .string(event)), ("at", .date(at)),
                            ("recipients", .array(report.responders.map { recipient($0, receipt: true) }))])
        } ?? .null
        return [
            ("responders", .array(report.responders.map { recipient($0, receipt: false) })),
            ("currentAlarm", alarm),
            ("lastLooked", report.lastLook.map { .object([("at", .date($0.at)), ("by", .string($0.by.rawValue))]) } ?? .null),
            ("unattended", .bool(report.isUnattended(at: now))),
        ] + (report.lastLookProblem.map { [("lastLookedProblem", JSONValue.string($0))] } ?? [])
    }

    /// A responder as a contact object, with delivery and, under an alarm, its receipt.
    static func recipient(_ responder: ResponderReach, receipt: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .id(responder.id)),
            ("firstName", responder.account.map { .string($0.firstName) } ?? .null),
            ("lastName", responder.account.map { .string($0.lastName) } ?? .null),
            ("delivery", .string(responder.delivery.rawValue)),
            ("lastDeliveryRun", .date(responder.lastDeliveryRun)),
        ] + reach(responder.health)
        if receipt {
            members += [("toldAt", .date(responder.receipt?.toldAt)), ("deliveredAt", .date(responder.receipt?.deliveredAt)),
                        ("readAt", .date(responder.receipt?.readAt))]
        }
        if let problem = responder.unreadable { members.append(("cannotBeChecked", .string(problem))) }
        return .object(members)
    }

    /// CLI.md's `reach` of a responder, with when it last delivered and,
    /// when failing, since when, how many tries and the last error.
    private static func reach(_ health: DeliveryHealth) -> [(String, JSONValue)] {
        let failing = health.state == .failing
        return [("reach", .string(health.state.rawValue)), ("lastDeliveredAt", .date(health.lastDeliveredAt)),
                ("failingSince", .date(failing ? health.failingSince : nil)),
                ("failedAttempts", .int(failing ? health.failedAttempts : 0)),
                ("lastError", .optional(failing ? health.lastError : nil))]
    }

    /// The warning when nothing keeps the store's deadlines on time.
    static func unattended(_ report: StatusReport, now: Date) -> String {
        let reminder = DurationText.format(seconds: report.shortestReminder ?? 0)
        let whose = report.shortestReminderOf.map { "\(TerminalText.line($0.fullName))'s reminder" } ?? "your reminder"
        guard let look = report.lastLook else {
            return "nothing fires on time: no agent or tick has ever looked at this store, "
                + "so a deadline is noticed only when someone runs lifesignal"
        }
        return "nothing fires on time: no agent or tick has looked at this store since "
            + "\(TimeText.both(look.at, now: now)), longer than " + whose + " (\(reminder))"
    }

    /// The hint that sets up an agent; it makes the unit's directory, which a
    /// fresh account does not have.
    static let setUpAgent = "mkdir -p ~/.config/systemd/user && lifesignal agent --systemd-unit > ~/.config/systemd/user/lifesignal.service && systemctl --user enable --now lifesignal"
}
