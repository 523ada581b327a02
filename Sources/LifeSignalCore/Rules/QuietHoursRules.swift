import FoundationEssentials

/// What quiet hours hold back, and until when.
///
/// Nothing about someone in danger ever waits: missed check-ins, alerts
/// (duress included), their escalations and repeats are critical, and an
/// alert's news (its cancellation too), an acknowledgement, an all-clear
/// (`FeedItem.allClear`: "is safe", a job recovered) and a sign-in to your
/// account go at once. Pings, reminders, contact and role news, pauses,
/// drills and the like wait for the end of the quiet hours, and then go in
/// one batch.
public enum QuietHoursRules {
    /// Whether quiet hours hold `item` back.
    public static func holds(_ item: FeedItem) -> Bool {
        guard !item.isCritical, !item.allClear, item.acknowledgedBy == nil else { return false }
        switch item.type {
        case .alert, .signIn: return false
        case .checkIn, .ping, .role, .added, .removed, .test: return true
        }
    }

    /// When the quiet hours `account` is in at `now` end; nil when it is
    /// in none (or has none, or its zone cannot be read: then nothing waits).
    public static func end(for account: Account, at now: Date, zones: ZoneCatalog) -> Date? {
        guard let hours = account.quietHours,
              let zone = try? zones.rules(named: account.timeZone ?? ZoneName.utc.rawValue) else { return nil }
        return hours.end(ofPeriodContaining: now, in: zone)
    }
}
