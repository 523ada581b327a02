import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `notifications follow`
struct NotificationsFollow: CommandInput, Equatable {
    static let spec = CommandSpec(
        "follow",
        summary: "Print new notifications as they arrive, until interrupted",
        discussion: [
            "With --json, one JSON object per line. New items of the types enabled in settings are also handed to the notify-command.",
        ],
        input: .running(NotificationsFollow.self))

    init(from parsed: ParsedCommand) {}
}

/// `notifications follow`: prints new items as they arrive until SIGINT or
/// SIGTERM, and hands them to the notify command like `tick`.
///
/// It opens the store and reads the session once, then sleeps on the
/// store's change signal for the account's feed (inotify on a directory
/// store) and reads only the items past the last one it printed. It also
/// wakes when the next deadline of any account comes due, because nothing
/// writes a missed check-in until someone looks.
///
/// A store that stops answering does not end it: the outage is said once
/// on stderr, the store is tried again every few seconds, and when it
/// answers again that is said too and what arrived meanwhile is printed.
extension NotificationsFollow: RunnableCommand {
    /// The longest sleep between looks when nothing signals a change.
    static let longestWait = 30.0
    /// How soon a failed delivery is tried again.
    static let retryWait = 0.5

    func run(_ c: Context) throws -> Int32 {
        let start = try c.reading { store, account in (next: try store.feedSummary(of: account.id).nextIndex, id: account.id) }
        let waiter = c.env.makeWaiter(try c.store().feedChanges(of: start.id))
        var next = start.next
        if !c.quiet {
            // The readiness notice: from here on, every new item is printed.
            c.err.line(c.json ? JSONValue.object([("following", .bool(true))]).rendered(pretty: false)
                              : "Following notifications; Ctrl-C to stop.")
            try? c.err.flush()
        }
        // Delivery runs when items arrive and when a failed one is due again.
        var nextRetry: Date?
        var wait = 0.0
        var outage: String?
        repeat {
            c.refreshNow()
            do {
                wait = try look(from: &next, nextRetry: &nextRetry, waiter: waiter, c)
            } catch let failure as any UserFacingError where !AgentLoop.isFatal(failure) {
                wait = AgentLoop.retryPause(c)
                if outage != failure.message { reportOutage(failure, retryIn: wait, c) }
                outage = failure.message
                continue
            }
            if outage != nil {
                outage = nil
                reportRecovery(c)
            }
        } while waiter.wait(seconds: wait) != .stopRequested
        return success
    }

    /// One look: prints the items from `next` on, delivers when there is
    /// something to deliver, and returns how long to wait for the next.
    private func look(from next: inout Int, nextRetry: inout Date?, waiter: any ChangeWaiter, _ c: Context) throws -> Double {
        let first = next
        let look = try c.reading { store, account in
            var items: [FeedItem] = []
            try store.visitFeed(of: account.id, from: first) { items.append($0); return items.count < 1000 }
            return (items: items, wake: try store.nextScheduledWake(), now: try c.now())
        }
        for item in look.items {
            if c.json {
                c.out.line(JSONViews.notification(item).rendered(pretty: false))
            } else {
                // The message may span lines (a note): each further line is indented.
                c.out.line("\(TimeText.local(item.timestamp, now: item.timestamp))  \(NotificationText.label(item.type))  "
                           + c.style.bold(TerminalText.line(HumanText.localTimes(in: item.title))) + "  "
                           + TerminalText.block(HumanText.localTimes(in: item.message), indent: "    "))
            }
            next = item.index + 1
        }
        try c.out.flush()
        let now = look.now
        if !look.items.isEmpty || nextRetry.map({ $0 <= now }) == true {
            var delivery = Delivery(context: c, rendering: .terminal)
            delivery.shouldStop = { waiter.stopRequested }
            delivery.liveClock = true
            let report = try delivery.run()
            nextRetry = report.nextRetry
            for failure in report.failures {
                c.err.line("error: " + DeliveryText.failure(failure, now: now))
            }
            if report.olderThanCommand > 0 { c.err.line("note: " + DeliveryText.olderThanCommand(report.olderThanCommand)) }
            try? c.err.flush()
        }
        var wait = look.items.count >= 1000 ? 0 : min(Self.longestWait, max(0.05, look.wake.map { $0.timeIntervalSince(now) } ?? Self.longestWait))
        if let nextRetry { wait = min(wait, max(Self.retryWait, nextRetry.timeIntervalSince(now))) }
        return wait
    }

    /// Says on stderr that the store fails, and that following goes on.
    private func reportOutage(_ failure: any UserFacingError, retryIn seconds: Double, _ c: Context) {
        let message = HumanText.localTimes(in: failure.message)
        if c.json {
            c.err.line(LifeSignalCLI.errorJSON(code: ExitCode(failure.kind), message: message))
        } else {
            c.err.line("error: \(TerminalText.line(message))")
            c.err.line("still following: trying again every few seconds (next in \(Int(seconds))s); Ctrl-C to stop")
        }
        try? c.err.flush()
    }

    /// Says on stderr that the store answers again: what arrived meanwhile follows.
    private func reportRecovery(_ c: Context) {
        c.err.line(c.json ? JSONValue.object([("following", .bool(true)), ("recovered", .bool(true))]).rendered(pretty: false)
                          : "The store answers again; following notifications.")
        try? c.err.flush()
    }
}
