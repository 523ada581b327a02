import FoundationEssentials

/// Which feed items are handed to the notify command.
///
/// The four switches of CLI.md (`alerts`, `pings`, `checkIns`, `contacts`)
/// govern what is about yourself: your own reminders and check-in notices,
/// who is handling your alert, pings you get and answers to yours, contact
/// changes. `dependentNews` governs the news about the people you watch
/// that is no alarm (they are safe again, paused, changed their schedule,
/// cancelled an alert, someone else is handling it). An alarm about
/// someone you watch (a missed check-in, each escalation step and repeat
/// of it, an alert, duress included, an unanswered ping, an account that
/// can no longer be watched) is never held back: nothing a responder sets
/// for their own quiet may silence someone else's emergency.
public struct NotificationPreferences: Codable, Sendable, Equatable {
    public var alerts = true
    public var pings = true
    public var checkIns = true
    public var contacts = true
    /// Preferences stored before this switch existed have none; they read
    /// as on, so an upgrade hands on more than before, never less.
    public var dependentNews = true

    public init() {}

    enum CodingKeys: String, CodingKey {
        case alerts, pings, checkIns, contacts, dependentNews
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        alerts = try c.decode(Bool.self, forKey: .alerts)
        pings = try c.decode(Bool.self, forKey: .pings)
        checkIns = try c.decode(Bool.self, forKey: .checkIns)
        contacts = try c.decode(Bool.self, forKey: .contacts)
        dependentNews = try c.decodeIfPresent(Bool.self, forKey: .dependentNews) ?? true
    }

    /// Whether an item of `type` about yourself is handed on.
    public func allows(_ type: NotificationType) -> Bool {
        switch type {
        case .alert: alerts
        case .ping: pings
        case .checkIn: checkIns
        // A sign-in to the account is always handed on: it may be someone else.
        case .signIn: true
        // A drill tests the path an alarm takes, so it goes as one would.
        case .test: true
        case .role, .added, .removed: contacts
        }
    }

    /// Whether `item` is handed to the notify command: what it is about
    /// decides which switch counts, and an alarm about someone you watch
    /// goes whatever they say.
    public func delivers(_ item: FeedItem) -> Bool {
        switch FeedConcern(item) {
        case .dependentAlarm: true
        case .dependentNews: dependentNews
        case .own: allows(item.type)
        }
    }
}
