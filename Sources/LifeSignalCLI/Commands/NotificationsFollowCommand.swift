import FoundationEssentials
import LifeSignalCore

/// `notifications follow`: prints new items as they arrive until SIGINT or
/// SIGTERM, and hands them to the notify command like `tick`.
///
/// It looks at the feed's small index twice a second (an idle process, no
/// busy loop) and reads only the items past the last one it printed.
extension NotificationsFollow: RunnableCommand {
    static let interval = 0.5

    func run(_ c: Context) throws -> Int32 {
        var next = try c.reading { store, account in try store.feedSummary(of: account.id).nextIndex }
        if !c.json, !c.quiet {
            c.err.line("Following notifications; Ctrl-C to stop.")
            try? c.err.flush()
        }
        var retryDelivery = false
        repeat {
            c.refreshNow()
            let fresh = try c.engine().read(env: try c.core()) { store -> [FeedItem] in
                let account = try AuthService.account(forToken: try c.session().token, in: store)
                var items: [FeedItem] = []
                try store.visitFeed(of: account.id, from: next) { items.append($0); return items.count < 1000 }
                return items
            }
            for item in fresh {
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
            if !fresh.isEmpty || retryDelivery {
                let report = try Delivery(context: c).run()
                retryDelivery = report.failure != nil
                if let failure = report.failure {
                    c.err.line("error: delivery of \(failure.item.id.short) failed: the notify-command \(failure.outcome.summary); will retry")
                    try? c.err.flush()
                }
            }
        } while c.env.pause(Self.interval)
        return success
    }
}
