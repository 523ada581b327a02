import FoundationEssentials
import Glibc
import LifeSignalApp
import LifeSignalCore

/// The agent's output: one line per event, written at once (a journal or a
/// tmux pane shows it as it happens); others' text made harmless as on any
/// terminal. A person reads
/// `2026-03-02 09:00:01  delivered  Ada L missed a check-in (7b730948)`;
/// with `--json`, each line is an object with `event` and `at`.
struct AgentEvents {
    let c: Context

    /// Shows one event of the agent, at once.
    func show(_ event: AgentEvent, at now: Date) {
        switch event {
        case .started(let account, let store, let notifyCommand, let nextWake):
            started(account: account, store: store, notifyCommand: notifyCommand, nextWake: nextWake, at: now)
        case .deadlines(let notices): deadlines(notices, at: now)
        case .notification(let item): notification(item, at: now)
        case .delivered(let item): delivered(item, at: now)
        case .failed(let item, let outcome, let verdict): failed(item, outcome: outcome, verdict: verdict, at: now)
        case .olderThanCommand(let count): olderThanCommand(count, at: now)
        case .busy: busy(at: now)
        case .error(let message, let kind, let retryIn): error(message, code: ExitCode(kind), retryIn: retryIn, at: now)
        case .recovered(let seconds): recovered(after: seconds, at: now)
        case .stopped: stopped(at: now)
        }
    }

    private func started(account: Account, store: String, notifyCommand: Bool, nextWake: Date?, at now: Date) {
        let wake = nextWake.map { "; next deadline \(TimeText.both($0, now: now))" } ?? "; no deadline pending"
        emit("started", at: now,
             human: "watching \(TerminalText.line(store)) for \(TerminalText.line(account.fullName))"
                + (notifyCommand ? ", delivering through the notify-command" : ", no notify-command set (notifications are printed here)")
                + wake,
             [("account", .id(account.id)), ("store", .string(store)), ("notifyCommand", .bool(notifyCommand)),
              ("nextWake", .date(nextWake)), ("pid", .int(Int(getpid())))])
    }

    private func deadlines(_ notices: Int, at now: Date) {
        emit("deadlines", at: now, human: "deadlines up to date: \(notices) notice\(notices == 1 ? "" : "s") sent",
             [("notices", .int(notices))])
    }

    private func notification(_ item: FeedItem, at now: Date) {
        emit("notification", at: now,
             human: "\(NotificationText.label(item.type))  " + c.style.bold(TerminalText.line(HumanText.localTimes(in: item.title)))
                + "  " + TerminalText.block(HumanText.localTimes(in: item.message), indent: "    "),
             [("notification", JSONViews.notification(item))])
    }

    private func delivered(_ item: FeedItem, at now: Date) {
        emit("delivered", at: now, human: "\(TerminalText.line(HumanText.localTimes(in: item.title))) (\(item.id.short))",
             [("notification", brief(item))])
    }

    private func failed(_ item: FeedItem, outcome: ProcessOutcome, verdict: DeliveryLedger.Verdict, at now: Date) {
        var members: [(String, JSONValue)] = [("notification", brief(item)), ("reason", .string("the notify-command \(outcome.summary)"))]
        switch verdict {
        case .retry(let at): members += [("retryAt", .date(at)), ("setAside", .bool(false))]
        case .setAside: members += [("retryAt", .null), ("setAside", .bool(true))]
        }
        emit("failed", at: now, human: DeliveryText.failure((item, outcome, verdict), now: now), members)
    }

    /// Items passed over because they came before the notify command started on this store.
    private func olderThanCommand(_ count: Int, at now: Date) {
        emit("skipped", at: now, human: DeliveryText.olderThanCommand(count), [("olderThanCommand", .int(count))])
    }

    private func busy(at now: Date) {
        emit("busy", at: now, human: "another process is delivering your notifications; looking again shortly", [])
    }

    private func error(_ message: String, code: ExitCode, retryIn: Double?, at now: Date) {
        var human = "error: " + TerminalText.line(HumanText.localTimes(in: message))
        if let retryIn { human += "; trying again in \(RelativeTime.span(seconds: Int(retryIn.rounded(.up))))" }
        emit("error", at: now, human: human,
             [("code", .int(Int(code.rawValue))), ("message", .string(message)),
              ("retryIn", retryIn.map { .int(Int($0.rounded(.up))) } ?? .null)])
    }

    /// The store serves again after `seconds` of failing steps; what was
    /// missed meanwhile follows.
    private func recovered(after seconds: Double, at now: Date) {
        emit("recovered", at: now, human: "the store answers again after \(RelativeTime.span(seconds: Int(seconds.rounded())))",
             [("after", .int(Int(seconds.rounded())))])
    }

    private func stopped(at now: Date) {
        emit("stopped", at: now, human: "stopped", [])
    }

    /// What a delivery line says of its item: enough to find it in the feed.
    private func brief(_ item: FeedItem) -> JSONValue {
        .object([("id", .id(item.id)), ("type", .string(item.type.rawValue)), ("title", .string(item.title))])
    }

    private func emit(_ event: String, at now: Date, human: String, _ members: [(String, JSONValue)]) {
        if c.json {
            c.out.line(JSONValue.object([("event", .string(event)), ("at", .date(now))] + members).rendered(pretty: false))
        } else {
            c.out.line(TimeText.stamp(now) + "  " + event.padding(toLength: 12) + human)
        }
        // A log that went away (a closed pipe) must not stop the agent.
        try? c.out.flush()
    }
}

private extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}

extension NotificationRendering {
    /// A notification as the notify command gets it: `title` and `message`
    /// ready to send, their times in this machine's local time (the
    /// recipient's: their own agent or tick runs here), and the stored text,
    /// with UTC times, kept in `titleUTC` and `messageUTC` beside
    /// `timestamp`; the variables' text made harmless as on a terminal.
    static var terminal: NotificationRendering {
        NotificationRendering(
            readyToSend: { item in
                JSONViews.notification(item)
                    .adding("title", .string(HumanText.localTimes(in: item.title)))
                    .adding("message", .string(HumanText.localTimes(in: item.message)))
                    .adding("titleUTC", .string(item.title))
                    .adding("messageUTC", .string(item.message))
                    .rendered(pretty: false)
            },
            title: { TerminalText.line(HumanText.localTimes(in: $0.title)) },
            message: { TerminalText.block(HumanText.localTimes(in: $0.message)) },
            line: { TerminalText.line($0) })
    }
}
