import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

/// `notifications follow`: prints new items as they arrive until SIGINT or
/// SIGTERM, and hands them to the notify command like `tick`.
///
/// It opens the store and reads the session once, then sleeps on the
/// store's change signal for the account's feed (inotify on a directory
/// store) and reads only the items past the last one it printed. It also
/// wakes when the next deadline of any account comes due, because nothing
/// writes a missed check-in until someone looks.
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
        repeat {
            c.refreshNow()
            let look = try c.reading { store, account in
                var items: [FeedItem] = []
                try store.visitFeed(of: account.id, from: next) { items.append($0); return items.count < 1000 }
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
                var delivery = Delivery(context: c)
                delivery.shouldStop = { waiter.stopRequested }
                delivery.liveClock = true
                let report = try delivery.run()
                nextRetry = report.nextRetry
                for failure in report.failures {
                    c.err.line("error: " + DeliveryText.failure(failure, now: now))
                }
                try? c.err.flush()
            }
            wait = look.items.count >= 1000 ? 0 : min(Self.longestWait, max(0.05, look.wake.map { $0.timeIntervalSince(look.now) } ?? Self.longestWait))
            if let nextRetry { wait = min(wait, max(Self.retryWait, nextRetry.timeIntervalSince(now))) }
        } while waiter.wait(seconds: wait) != .stopRequested
        return success
    }
}
