import FoundationEssentials

/// One person's account: profile, check-in timer, alert and preferences.
public struct Account: Codable, Sendable, Equatable {
    public var id: EntityID
    public var phoneNumber: String
    public var firstName: String
    public var lastName: String
    public var emergencyNote: String
    public var qrCodeID: String
    /// Seconds between check-ins.
    public var checkInInterval: Int
    /// Seconds before the deadline at which the reminder is sent.
    public var reminderInterval: Int
    public var lastCheckIn: Date?
    public var alert: ActiveAlert?
    /// The earliest moment an invitation this account sent may expire, so
    /// the deadline schedule wakes the account then without reading its
    /// invitations; nil when none is pending. It may be early (the
    /// invitation was answered meanwhile), never late.
    public var invitationWake: Date?
    public var createdAt: Date
    public var preferences: NotificationPreferences
    public var deadlines: DeadlineMarks
    /// Set when a check-in found nobody watching (no responders), so that
    /// `checkin` warns once rather than at every run; cleared once watched.
    public var warnedUnwatchedAt: Date?

    public init(id: EntityID, phoneNumber: String, qrCodeID: String, createdAt: Date) {
        self.id = id
        self.phoneNumber = phoneNumber
        self.firstName = ""
        self.lastName = ""
        self.emergencyNote = ""
        self.qrCodeID = qrCodeID
        self.checkInInterval = IntervalRules.defaultCheckIn
        self.reminderInterval = IntervalRules.defaultReminder
        self.lastCheckIn = nil
        self.alert = nil
        self.createdAt = createdAt
        self.preferences = NotificationPreferences()
        self.deadlines = DeadlineMarks()
    }

    /// A new account has no name until onboarding sets one.
    public var needsOnboarding: Bool { firstName.isEmpty || lastName.isEmpty }

    public var fullName: String {
        let name = [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? phoneNumber : name
    }

    public var isAlertActive: Bool { alert != nil }

    /// When the next check-in is due; nil until the first check-in starts the timer.
    /// A deadline whose miss the responders were told of stands until the
    /// next check-in, whatever the interval became since.
    public var nextCheckInDue: Date? {
        guard let lastCheckIn else { return nil }
        if let held = deadlines.heldDue, deadlines.cycleStart == lastCheckIn { return held }
        return lastCheckIn.addingTimeInterval(Double(checkInInterval))
    }

    public func isOverdue(at now: Date) -> Bool {
        guard let due = nextCheckInDue else { return false }
        return now >= due
    }
}

/// An emergency alert that is currently raised.
public struct ActiveAlert: Codable, Sendable, Equatable {
    public var id: EntityID
    public var activatedAt: Date

    public init(id: EntityID, activatedAt: Date) {
        self.id = id
        self.activatedAt = activatedAt
    }
}

/// Which kinds of notification are handed to the notify command.
public struct NotificationPreferences: Codable, Sendable, Equatable {
    public var alerts = true
    public var pings = true
    public var checkIns = true
    public var contacts = true

    public init() {}

    public func allows(_ type: NotificationType) -> Bool {
        switch type {
        case .alert: alerts
        case .ping: pings
        case .checkIn: checkIns
        // A sign-in to the account is always handed on: it may be someone else.
        case .signIn: true
        case .role, .added, .removed: contacts
        }
    }
}
