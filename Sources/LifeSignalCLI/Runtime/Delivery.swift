import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

/// Hands the signed-in account's new notifications to the notify command,
/// at least once each and in order.
///
/// Only one process delivers for an account at a time (the store's
/// delivery lease; a second deliverer skips its turn), so a `tick` from cron
/// and a running `follow` never hand over the same item twice. An item is
/// marked delivered only after the command exited 0; a failure stops the
/// run and the item is retried next time.
///
/// A look at the feed's counts comes first (nothing to deliver needs no
/// lease); the plan is made from one read once the lease is held, since
/// the lease's last holder may have moved the cursor meanwhile.
struct Delivery {
    struct Report {
        var delivered = 0
        var skipped = 0
        var failure: (item: FeedItem, outcome: ProcessOutcome)?
        var busy = false
        var noCommand = false
    }

    let context: Context

    /// Seconds a notify command may run before it is killed.
    var timeout: Double {
        CLIEnvironment.seconds(context.env.variables["LIFESIGNAL_COMMAND_TIMEOUT"], within: 0.1...86_400) ?? 30
    }

    /// How long the lease lasts unrenewed: the longest a command may run, and a minute.
    var leaseDuration: Duration { .milliseconds(Int64((timeout + 60) * 1000)) }

    func run() throws -> Report {
        let c = context
        var report = Report()
        // A damaged store fails here, before the lease makes anything in it.
        let pending = try c.reading { store, account in
            let summary = try store.feedSummary(of: account.id)
            return (account: account.id, any: summary.deliveredThrough < summary.nextIndex)
        }
        guard pending.any else { return report }
        guard let lease = try c.store().deliveryLease(for: pending.account, duration: leaseDuration) else {
            report.busy = true
            return report
        }
        defer { lease.release() }

        let command = try c.localSettings().load().notifyCommand
        let (plan, account) = try c.reading { store, account in (try DeliveryPlan(store: store, owner: account), account) }
        var handledThrough: Int?
        for step in plan.steps {
            switch step {
            case .skip(let item):
                report.skipped += 1
                handledThrough = item.index + 1
            case .deliver(let item):
                guard let command else {
                    report.noCommand = true
                    report.skipped += 1
                    handledThrough = item.index + 1
                    continue
                }
                if let through = handledThrough { try mark(through); handledThrough = nil }
                // A lease that runs out (a store whose leases expire) may be taken by another deliverer.
                guard try lease.renew(for: leaseDuration) else {
                    report.busy = true
                    return report
                }
                let outcome = c.env.processRunner.run(.shell(
                    command, input: Array((JSONViews.notification(item).rendered(pretty: false) + "\n").utf8),
                    environment: environment(for: item, account: account), timeout: timeout))
                guard outcome.succeeded else {
                    report.failure = (item, outcome)
                    return report
                }
                try mark(item.index + 1)
                report.delivered += 1
            }
        }
        if let through = handledThrough { try mark(through) }
        return report
    }

    private func mark(_ through: Int) throws {
        try context.writing { store, account in try store.setDeliveredThrough(through, of: account.id) }
    }

    private func environment(for item: FeedItem, account: Account) -> [String: String] {
        var environment = context.env.variables
        environment["LIFESIGNAL_NOTIFICATION_ID"] = item.id.rawValue
        environment["LIFESIGNAL_NOTIFICATION_TYPE"] = item.type.rawValue
        // For people (a mail subject, an SMS): local times, made harmless as
        // on a terminal (the title one line, further lines of the message
        // indented); stdin keeps the exact JSON.
        environment["LIFESIGNAL_NOTIFICATION_TITLE"] = TerminalText.line(HumanText.localTimes(in: item.title))
        environment["LIFESIGNAL_NOTIFICATION_MESSAGE"] = TerminalText.block(HumanText.localTimes(in: item.message), indent: "  ")
        environment["LIFESIGNAL_NOTIFICATION_TIMESTAMP"] = ISO8601.format(item.timestamp)
        environment["LIFESIGNAL_ACCOUNT_PHONE"] = account.phoneNumber
        environment["LIFESIGNAL_ACCOUNT_NAME"] = TerminalText.line(account.fullName)
        return environment
    }
}
