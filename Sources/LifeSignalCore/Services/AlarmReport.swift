import FoundationEssentials

/// `lifesignal report`: how the account's missed check-ins and alerts since
/// a moment reached its responders, the way lone-worker alarm standards
/// report response times (BS 8484: 80 % within 10 s, 98.5 % within 40 s):
/// the delay from the moment each responder was to be told to the moment
/// their delivery took the notice, and the notices it never took.
public struct AlarmReport: Sendable, Equatable {
    /// Delays in whole seconds, by the nearest-rank method; nil without any.
    public struct Delays: Sendable, Equatable {
        public var count: Int
        public var p50: Int?
        public var p80: Int?
        public var p985: Int?
        public var max: Int?

        public init(_ seconds: [Int]) {
            let sorted = seconds.sorted()
            count = sorted.count
            func rank(_ share: Double) -> Int? {
                sorted.isEmpty ? nil : sorted[Swift.max(0, Int((share * Double(sorted.count)).rounded(.up)) - 1)]
            }
            p50 = rank(0.5)
            p80 = rank(0.8)
            p985 = rank(0.985)
            max = sorted.last
        }
    }

    /// A notice no delivery took.
    public struct Undelivered: Sendable, Equatable {
        public enum Reason: String, Sendable {
            /// It never reached their feed (it could not be written, or is still owed).
            case notTold
            /// It is in their feed; no notify command took it.
            case notDelivered
            /// It left their feed (deleted or dropped) before anything took it, or their feed cannot be read.
            case unknown
        }

        public var kind: PastAlarm.Kind
        /// The alarm's moment (the deadline, or when the alert was raised).
        public var at: Date
        public var recipient: EntityID
        /// When they were to be told.
        public var dueAt: Date
        public var reason: Reason
    }

    public var since: Date
    public var deadlinesMissed: Int
    public var alerts: Int
    public var deliveries: Delays
    public var undelivered: [Undelivered]

    /// The report of `account`'s alarms from `since` on, those still
    /// standing (a missed check-in, an alert) included, read from the responders' feeds.
    public init(for account: Account, since: Date, store: any StoreReading, engine: DeadlineEngine = .standard) throws {
        var alarms = account.pastAlarms.filter { $0.at >= since }
        if let current = PastAlarm.missed(engine.aligned(account)), current.at >= since { alarms.append(current) }
        if let alert = account.alertSoFar, alert.at >= since { alarms.append(alert) }
        self.since = since
        deadlinesMissed = alarms.count { $0.kind == .missedCheckIn }
        alerts = alarms.count { $0.kind == .alert }
        var delays: [Int] = []
        var undelivered: [Undelivered] = []
        for alarm in alarms {
            for notice in alarm.notices {
                func missing(_ reason: Undelivered.Reason) {
                    undelivered.append(Undelivered(kind: alarm.kind, at: alarm.at, recipient: notice.recipient,
                                                   dueAt: notice.dueAt, reason: reason))
                }
                guard let index = notice.item else {
                    missing(.notTold)
                    continue
                }
                let item: FeedItem?
                do {
                    item = try store.feedItem(of: notice.recipient, index: index)
                } catch let failure as any UserFacingError where failure.isUnreadableFile {
                    item = nil
                }
                guard let item else {
                    missing(.unknown)
                    continue
                }
                guard let delivered = item.deliveredAt else {
                    missing(.notDelivered)
                    continue
                }
                delays.append(Swift.max(0, WholeSeconds.of(delivered.timeIntervalSince(notice.dueAt))))
            }
        }
        deliveries = Delays(delays)
        self.undelivered = undelivered
    }
}
