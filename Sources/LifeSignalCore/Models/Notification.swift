import FoundationEssentials

/// The kinds of feed item: the seeds' six, a sign-in to the account, and
/// a drill's test notice (never an alarm).
public enum NotificationType: String, Codable, Sendable, CaseIterable {
    case alert, ping, role, added, removed, checkIn, signIn, test
}

/// The `--type` filters of `notifications`, after the seeds' tabs.
public enum NotificationFilter: String, Sendable, CaseIterable {
    case alerts, pings, roles, added, removed, contacts
    case checkIns = "check-ins"
    case signIns = "sign-ins"
    case tests

    public func matches(_ type: NotificationType) -> Bool {
        switch self {
        case .alerts: type == .alert
        case .pings: type == .ping
        case .roles: type == .role
        case .added: type == .added
        case .removed: type == .removed
        case .contacts: type == .added || type == .removed
        case .checkIns: type == .checkIn
        case .signIns: type == .signIn
        case .tests: type == .test
        }
    }
}

/// One item of an account's notification feed.
public struct FeedItem: Codable, Sendable, Equatable {
    public var id: EntityID
    /// Position in the feed, counting from 0 in order of arrival; never reused.
    public var index: Int
    public var type: NotificationType
    public var title: String
    public var message: String
    public var timestamp: Date
    public var isRead: Bool
    public var relatedContactID: EntityID?
    public var relatedPingID: EntityID?
    public var relatedAlertID: EntityID?
    /// Alerts and missed check-ins are never dropped unread by retention.
    public var isCritical: Bool
    /// An alert raised by the duress code (only responders ever get one).
    public var duress: Bool
    /// On an acknowledgement: the responder who is handling it.
    public var acknowledgedBy: EntityID?
    /// When the owner marked it read.
    public var readAt: Date?
    /// When the owner's notify command took it (exited 0).
    public var deliveredAt: Date?
    /// On a notice about one of the sender's jobs: the job's name.
    public var job: String?
    /// On a notice of a job's failed run: its exit status.
    public var exitStatus: Int?
    /// An all-clear: the alarm it follows is over (they checked in after a
    /// missed check-in, a job recovered). Quiet hours never hold one back.
    public var allClear: Bool

    /// Every stored field as a file holds it: the store's reader builds
    /// items so, with no draft made and copied in between.
    package init(id: EntityID, index: Int, type: NotificationType, title: String, message: String, timestamp: Date,
                 isRead: Bool, relatedContactID: EntityID?, relatedPingID: EntityID?, relatedAlertID: EntityID?,
                 isCritical: Bool, duress: Bool, acknowledgedBy: EntityID?, readAt: Date?, deliveredAt: Date?,
                 job: String? = nil, exitStatus: Int? = nil, allClear: Bool = false) {
        self.id = id
        self.index = index
        self.type = type
        self.title = title
        self.message = message
        self.timestamp = timestamp
        self.isRead = isRead
        self.relatedContactID = relatedContactID
        self.relatedPingID = relatedPingID
        self.relatedAlertID = relatedAlertID
        self.isCritical = isCritical
        self.duress = duress
        self.acknowledgedBy = acknowledgedBy
        self.readAt = readAt
        self.deliveredAt = deliveredAt
        self.job = job
        self.exitStatus = exitStatus
        self.allClear = allClear
    }

    public init(id: EntityID, index: Int, draft: FeedDraft, timestamp: Date) {
        self.id = id
        self.index = index
        self.type = draft.type
        self.title = draft.title
        self.message = draft.message
        self.timestamp = timestamp
        self.isRead = false
        self.relatedContactID = draft.relatedContactID
        self.relatedPingID = draft.relatedPingID
        self.relatedAlertID = draft.relatedAlertID
        self.isCritical = draft.isCritical
        self.duress = draft.duress
        self.acknowledgedBy = draft.acknowledgedBy
        self.job = draft.job
        self.exitStatus = draft.exitStatus
        self.allClear = draft.allClear
    }

    enum CodingKeys: String, CodingKey {
        case id, index, type, title, message, timestamp, isRead
        case relatedContactID, relatedPingID, relatedAlertID, isCritical
        case duress, acknowledgedBy, readAt, deliveredAt, job, exitStatus, allClear
    }

    /// Items written before issue 14 have none of its fields, and those
    /// written before `allClear` none of it (false).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(EntityID.self, forKey: .id)
        index = try c.decode(Int.self, forKey: .index)
        type = try c.decode(NotificationType.self, forKey: .type)
        title = try c.decode(String.self, forKey: .title)
        message = try c.decode(String.self, forKey: .message)
        timestamp = try c.decode(Date.self, forKey: .timestamp)
        isRead = try c.decode(Bool.self, forKey: .isRead)
        relatedContactID = try c.decodeIfPresent(EntityID.self, forKey: .relatedContactID)
        relatedPingID = try c.decodeIfPresent(EntityID.self, forKey: .relatedPingID)
        relatedAlertID = try c.decodeIfPresent(EntityID.self, forKey: .relatedAlertID)
        isCritical = try c.decode(Bool.self, forKey: .isCritical)
        duress = try c.decodeIfPresent(Bool.self, forKey: .duress) ?? false
        acknowledgedBy = try c.decodeIfPresent(EntityID.self, forKey: .acknowledgedBy)
        readAt = try c.decodeIfPresent(Date.self, forKey: .readAt)
        deliveredAt = try c.decodeIfPresent(Date.self, forKey: .deliveredAt)
        job = try c.decodeIfPresent(String.self, forKey: .job)
        exitStatus = try c.decodeIfPresent(Int.self, forKey: .exitStatus)
        allClear = try c.decodeIfPresent(Bool.self, forKey: .allClear) ?? false
    }

    /// The fields of issue 14 only when they say something, so an ordinary
    /// item is written as before.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(index, forKey: .index)
        try c.encode(type, forKey: .type)
        try c.encode(title, forKey: .title)
        try c.encode(message, forKey: .message)
        try c.encode(timestamp, forKey: .timestamp)
        try c.encode(isRead, forKey: .isRead)
        try c.encodeIfPresent(relatedContactID, forKey: .relatedContactID)
        try c.encodeIfPresent(relatedPingID, forKey: .relatedPingID)
        try c.encodeIfPresent(relatedAlertID, forKey: .relatedAlertID)
        try c.encode(isCritical, forKey: .isCritical)
        if duress { try c.encode(duress, forKey: .duress) }
        try c.encodeIfPresent(acknowledgedBy, forKey: .acknowledgedBy)
        try c.encodeIfPresent(readAt, forKey: .readAt)
        try c.encodeIfPresent(deliveredAt, forKey: .deliveredAt)
        try c.encodeIfPresent(job, forKey: .job)
        try c.encodeIfPresent(exitStatus, forKey: .exitStatus)
        if allClear { try c.encode(allClear, forKey: .allClear) }
    }
}

/// A notification about to be added to someone's feed.
public struct FeedDraft: Sendable, Equatable {
    public var type: NotificationType
    public var title: String
    public var message: String
    public var relatedContactID: EntityID?
    public var relatedPingID: EntityID?
    public var relatedAlertID: EntityID?
    public var isCritical: Bool
    public var duress: Bool
    public var acknowledgedBy: EntityID?
    /// `FeedItem.job` and `FeedItem.exitStatus`.
    public var job: String?
    public var exitStatus: Int?
    /// `FeedItem.allClear`.
    public var allClear: Bool
    /// A dependent's deadline the message names, for `Notifier` to name on
    /// the reader's clock too when it differs (`ZonedDeadline`); not stored.
    public var zonedDue: ZonedDeadline?

    public init(type: NotificationType, title: String, message: String,
                relatedContactID: EntityID? = nil, relatedPingID: EntityID? = nil,
                relatedAlertID: EntityID? = nil, isCritical: Bool = false,
                duress: Bool = false, acknowledgedBy: EntityID? = nil, job: String? = nil, exitStatus: Int? = nil,
                allClear: Bool = false) {
        self.type = type
        self.title = title
        self.message = message
        self.relatedContactID = relatedContactID
        self.relatedPingID = relatedPingID
        self.relatedAlertID = relatedAlertID
        self.isCritical = isCritical
        self.duress = duress
        self.acknowledgedBy = acknowledgedBy
        self.job = job
        self.exitStatus = exitStatus
        self.allClear = allClear
    }
}

/// Counts kept beside the feed so `status` never reads the items.
public struct FeedSummary: Codable, Sendable, Equatable {
    public var total = 0
    public var unread = 0
    /// Index of the next item to be appended.
    public var nextIndex = 0
    /// Every item with an index below this one has been handed to the
    /// notify command, skipped, or is waiting in `retries`.
    public var deliveredThrough = 0
    /// Items below the cursor the notify command failed on, by index.
    public var retries: [DeliveryRetry] = []

    public init() {}

    enum CodingKeys: String, CodingKey {
        case total, unread, nextIndex, deliveredThrough, retries
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decode(Int.self, forKey: .total)
        unread = try container.decode(Int.self, forKey: .unread)
        nextIndex = try container.decode(Int.self, forKey: .nextIndex)
        deliveredThrough = try container.decode(Int.self, forKey: .deliveredThrough)
        retries = try container.decodeIfPresent([DeliveryRetry].self, forKey: .retries) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(total, forKey: .total)
        try container.encode(unread, forKey: .unread)
        try container.encode(nextIndex, forKey: .nextIndex)
        try container.encode(deliveredThrough, forKey: .deliveredThrough)
        if !retries.isEmpty { try container.encode(retries, forKey: .retries) }
    }
}
