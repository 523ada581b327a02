import DurableFiles
import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

/// Hands the signed-in account's new notifications to the notify command,
/// at least once each and in order.
///
/// Only one process delivers for an account at a time (a lock beside the
/// store's data; a second deliverer skips its turn), so a `tick` from cron
/// and a running `follow` never hand over the same item twice. An item is
/// marked delivered only after the command exited 0; a failure stops the
/// run and the item is retried next time.
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

    func run() throws -> Report {
        let c = context
        var report = Report()
        let session = try c.session()
        // Read the feed's index first: a damaged store must fail before
        // anything (the lock's directory) is created in it.
        _ = try c.reading { store, account in try store.feedSummary(of: account.id) }
        let store = try c.paths().store
        let lockDirectory = store + "/delivery/" + session.accountID.rawValue
        let lock: StoreLock
        do {
            try c.env.fileSystem.requireSafeDirectories(root: store, toward: "delivery/\(session.accountID.rawValue)/lock")
            try c.env.fileSystem.ensureDirectory(lockDirectory)
            lock = try StoreLock(directory: lockDirectory, mode: .exclusive, timeout: .zero, fileSystem: c.env.fileSystem)
        } catch .busy {
            report.busy = true
            return report
        } catch .unsafe(let path, let reason, let remedy) {
            throw StoreError.unsafe(path: path, reason: reason, remedy: remedy)
        } catch {
            throw StoreError.io(error.description)
        }
        defer { lock.release() }

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
