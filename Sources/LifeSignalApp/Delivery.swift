import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

/// Hands the signed-in account's new notifications to the notify command,
/// at least once each.
///
/// Only one process delivers for an account at a time (the store's
/// delivery lease; a second deliverer skips its turn), so a `tick` from cron
/// and a running `follow` never hand over the same item twice. An item
/// counts as delivered only after the command exited 0. An item the command
/// fails on waits with a back-off (`DeliveryLedger`) while the others go on.
///
/// Each run tries every due item, in `DeliveryOrder` (urgent first, the
/// senders taking turns), bounded by a time budget rather than a count of
/// failures: one sender's failing or hanging items never stop the run
/// before another's. What the budget leaves waits for the next run, due at
/// once (`DeliveryLedger`).
///
/// A look at the feed's counts comes first (nothing to deliver, and nothing
/// waiting for a retry, needs no lease); the plan is made from one read once
/// the lease is held, since the lease's last holder may have moved the
/// cursor meanwhile.
public struct Delivery {
    public struct Report {
        public var delivered = 0
        public var skipped = 0
        /// Items quiet hours hold back until their end (they wait as retries).
        public var held = 0
        /// Items the command failed on in this run, and when each is tried again.
        public var failures: [(item: FeedItem, outcome: ProcessOutcome, verdict: DeliveryLedger.Verdict)] = []
        /// Items still waiting for a retry after this run, and the earliest retry.
        public var waiting = 0
        public var nextRetry: Date?
        public var busy = false
        public var noCommand = false
        /// New items not handed over because they came before the notify
        /// command started on this store.
        public var olderThanCommand = 0
        /// The time budget ended the run with items still to try.
        public var cutShort = false

        public var failed: Bool { !failures.isEmpty }
    }

    /// What happened to one item, as it happens (the agent prints it at once).
    public enum Event {
        case delivered(FeedItem)
        case failed(item: FeedItem, outcome: ProcessOutcome, verdict: DeliveryLedger.Verdict)
    }

    /// Longest value of a `LIFESIGNAL_NOTIFICATION_*` variable, in bytes; the
    /// whole notification is on stdin, so the environment never overflows.
    static let environmentValueLimit = 1024

    let context: AppSession
    /// How the items read when handed over.
    let rendering: NotificationRendering
    /// Told of each item once its delivery or failure is recorded.
    public var observe: (Event) -> Void = { _ in }
    /// Asked between items: a stop request (SIGTERM to the agent) ends the
    /// run once the item in hand is done; the rest wait for the next run.
    public var shouldStop: () -> Bool = { false }
    /// A long-running command's clock moves on while commands run: each
    /// command sees the time it starts at, and a receipt the time it ended.
    public var liveClock = false

    public init(context: AppSession, rendering: NotificationRendering) {
        self.context = context
        self.rendering = rendering
    }

    /// Seconds a notify command may run before it is killed.
    var timeout: Double {
        AppEnvironment.seconds(context.env.variable("LIFESIGNAL_COMMAND_TIMEOUT"), within: 0.1...86_400) ?? 30
    }

    /// How long the lease lasts unrenewed: the longest a command may run, and a minute.
    var leaseDuration: Duration { .milliseconds(Int64((timeout + 60) * 1000)) }

    /// How long a run may go on starting commands: two that hang to their
    /// time limit (the urgent items of two senders), and at least 10 s; a
    /// run from cron each minute then ends about when the next begins.
    var timeBudget: Duration { .milliseconds(Int64(max(10, 2 * timeout) * 1000)) }

    public func run() throws -> Report {
        let c = context
        var report = Report()
        // A damaged store fails here, before the lease makes anything in it.
        let pending = try c.reading { store, account in
            let summary = try store.feedSummary(of: account.id)
            return (account: account.id, any: summary.deliveredThrough < summary.nextIndex || !summary.retries.isEmpty)
        }
        guard pending.any else { return report }
        guard let lease = try c.store().deliveryLease(for: pending.account, duration: leaseDuration) else {
            report.busy = true
            return report
        }
        defer { lease.release() }

        let settings = try c.settings()
        let command = settings.notifyCommand
        let now = try c.now()
        let records = PresenceRecords(context: c)
        let session = try records.session()
        let zones = try c.core().zones
        // When the notify command started on this store, by the store's
        // clock, is read with the plan, in one snapshot.
        let (plan, account, recorded) = try c.reading { store, account in
            let recorded = try command == nil ? nil : store.deliverySetup(of: account.id).places[session]?.notifyCommandSince
            return (try DeliveryPlan(store: store, owner: account, now: now, command: command, since: command == nil ? nil : recorded ?? now,
                                     quietUntil: QuietHoursRules.end(for: account, at: now, zones: zones)), account, recorded)
        }
        // No record for this sign-in (the command was set while signed in to
        // another store, whose moment means nothing here): items from now on
        // are handed over, and the record says so.
        if command != nil, recorded == nil { try records.notifyCommandChanged(since: now) }
        report.noCommand = command == nil
        report.olderThanCommand = plan.olderThanCommand
        var ledger = DeliveryLedger(plan)
        var saved = plan.state
        var receipts: [(item: FeedItem, at: Date)] = []
        var attempts: [DeliveryAttempt] = []
        var succeeded = false
        var queue = plan.steps[...]
        var waiting = plan.waiting[...]
        let clock = ContinuousClock()
        let started = clock.now
        var tried = false
        deliveries: while !shouldStop() {
            let step: DeliveryPlan.Step
            if let next = queue.popFirst() {
                step = next
            } else if succeeded, let retry = waiting.popFirst() {
                step = .deliver(retry)
            } else {
                break
            }
            switch step {
            case .skip(let item):
                report.skipped += 1
                ledger.skipped(item)
            case .hold(let item, let until):
                guard let command else { continue }
                report.held += 1
                ledger.held(item, until: until, command: command)
            case .deliver(let item):
                guard let command else { continue }
                // At least one item a run, whatever the budget.
                guard !tried || clock.now - started < timeBudget else {
                    report.cutShort = true
                    break deliveries
                }
                tried = true
                // A lease that runs out (a store whose leases expire) may be taken by another deliverer.
                guard try lease.renew(for: leaseDuration) else {
                    report.busy = true
                    break deliveries
                }
                if liveClock { c.refreshNow() }
                let outcome = c.env.processRunner.run(.shell(
                    command, input: Array((rendering.readyToSend(item) + "\n").utf8),
                    environment: environment(for: item, account: account, now: try c.now()), timeout: timeout))
                if liveClock { c.refreshNow() }
                let event: Event
                if outcome.succeeded {
                    ledger.delivered(item)
                    report.delivered += 1
                    succeeded = true
                    // The receipt: when the command ended, on a live clock.
                    receipts.append((item, try c.now()))
                    attempts.append(.delivered(at: try c.now()))
                    event = .delivered(item)
                } else {
                    let verdict = ledger.failed(item, now: now, command: command)
                    report.failures.append((item, outcome, verdict))
                    attempts.append(.failed(at: try c.now(), error: "the notify-command \(outcome.summary)"))
                    event = .failed(item: item, outcome: outcome, verdict: verdict)
                }
                // Recorded at once, with the receipt: an item handed over is
                // not handed over again because a later one hung or the
                // process was killed. Told only once recorded.
                try save(ledger.state, &saved, receipts: &receipts, attempts: &attempts, session: session)
                observe(event)
            }
        }
        try save(ledger.state, &saved, receipts: &receipts, attempts: &attempts, session: session)
        report.waiting = ledger.state.retries.count
        report.nextRetry = ledger.nextRetry
        return report
    }

    /// Records where delivery stands and, with it, the delivery receipt of
    /// each item the command took (`FeedItem.deliveredAt`, which timelines
    /// and `status` show the people who were told) and what the command did
    /// on this sign-in (the dependents' `status` shows whether it works),
    /// and whether it keeps failing (`ChainWatchService`). The agent
    /// delivers through here too.
    private func save(_ state: DeliveryState, _ saved: inout DeliveryState, receipts: inout [(item: FeedItem, at: Date)],
                      attempts: inout [DeliveryAttempt], session: String) throws {
        guard state != saved || !receipts.isEmpty || !attempts.isEmpty else { return }
        let (taken, tried) = (receipts, attempts)
        let env = try context.core()
        try context.writing { store, account in
            try store.setDeliveryState(state, of: account.id)
            let editor = NotificationEditor(store: store)
            for (item, time) in taken { try editor.markDelivered(item, of: account.id, at: time) }
            try DeliverySetupService(store: store, env: env).deliveriesTried(tried, account: account.id, session: session)
            // A command that keeps failing is told to its owner (and that it works again).
            if !tried.isEmpty {
                var account = account
                try ChainWatchService(store: store, env: env).watchOwnDelivery(&account)
            }
        }
        saved = state
        receipts = []
        attempts = []
    }

    private func environment(for item: FeedItem, account: Account, now: Date) -> [String: String] {
        var environment = context.env.childEnvironment()
        let limit = Self.environmentValueLimit
        // A command that runs lifesignal itself sees the simulated present,
        // not the instant the agent (or follow) started at.
        if context.clockKind == .simulated { environment["LIFESIGNAL_NOW"] = ISO8601.format(now) }
        environment["LIFESIGNAL_NOTIFICATION_ID"] = item.id.rawValue
        environment["LIFESIGNAL_NOTIFICATION_TYPE"] = item.type.rawValue
        // For push services: an alert or a missed check-in is urgent.
        environment["LIFESIGNAL_NOTIFICATION_PRIORITY"] = item.isCritical ? "urgent" : "default"
        // A drill's notice is a test: a script can tell it from an emergency.
        if item.type == .test { environment["LIFESIGNAL_NOTIFICATION_TEST"] = "1" }
        // For people (a mail subject, an SMS): local times, made harmless as
        // on a terminal (the title one line; the message keeps its own line
        // breaks, with no indentation a terminal would add), and short, so no
        // item can overflow the environment; stdin has the whole item.
        environment["LIFESIGNAL_NOTIFICATION_TITLE"] = Self.shortened(rendering.title(item), limit: limit)
        environment["LIFESIGNAL_NOTIFICATION_MESSAGE"] = Self.shortened(rendering.message(item), limit: limit)
        environment["LIFESIGNAL_NOTIFICATION_TIMESTAMP"] = ISO8601.format(item.timestamp)
        environment["LIFESIGNAL_ACCOUNT_PHONE"] = account.phoneNumber
        environment["LIFESIGNAL_ACCOUNT_NAME"] = Self.shortened(rendering.line(account.fullName), limit: limit)
        return environment
    }

    /// `text` cut to at most `limit` UTF-8 bytes at a character boundary,
    /// ending in "…" when cut; never holds a NUL, which would end it early.
    static func shortened(_ text: String, limit: Int) -> String {
        let clean = text.contains("\0") ? text.replacing("\0", with: " ") : text
        guard clean.utf8.count > limit else { return clean }
        let ellipsis = "…"
        var kept = ""
        var bytes = 0
        for character in clean {
            let size = character.utf8.count
            guard bytes + size + ellipsis.utf8.count <= limit else { break }
            kept.append(character)
            bytes += size
        }
        return kept + ellipsis
    }
}

/// How a notification reads when handed to the notify command: as the
/// command line shows it, so the notify command's words are the terminal's.
public struct NotificationRendering {
    /// The whole item, ready to send, as one line of JSON for the command's stdin.
    public var readyToSend: (FeedItem) -> String
    /// The title for people: local times, one harmless line.
    public var title: (FeedItem) -> String
    /// The message for people: local times, harmless, its own line breaks kept.
    public var message: (FeedItem) -> String
    /// Someone's text (a name) on one harmless line.
    public var line: (String) -> String

    public init(readyToSend: @escaping (FeedItem) -> String, title: @escaping (FeedItem) -> String,
                message: @escaping (FeedItem) -> String, line: @escaping (String) -> String) {
        self.readyToSend = readyToSend
        self.title = title
        self.message = message
        self.line = line
    }
}
