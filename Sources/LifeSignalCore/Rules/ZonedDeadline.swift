import FoundationEssentials

/// The times of a dependent's schedule a notice about them names (a
/// deadline, the end of a pause), named to a responder in another time
/// zone on both clocks: "due at 2026-03-02T09:00:00Z (10:00 Europe/Madrid
/// time, 04:00 yours)". Each instant itself stays in the text
/// (`notifications` shows it in the reader's local time); the words in
/// brackets are added per reader when it is delivered (`Notifier`), and
/// only where the dependent's clock reads otherwise than the reader's.
public struct ZonedDeadline: Sendable, Equatable {
    /// The instants to name, each at its first mention in the message.
    public var times: [Date]
    /// The dependent's zone (`Account.timeZone`; UTC when it has none).
    public var zone: String

    public init(times: [Date], of account: Account) {
        self.init(times: times, zone: account.timeZone ?? ZoneName.utc.rawValue)
    }

    public init(times: [Date], zone: String) {
        self.times = times
        self.zone = zone
    }

    /// `message` with each of the times named on both clocks after its
    /// first mention, for a reader in `readerZone`; unchanged when both
    /// clocks read the same, either zone cannot be read, or the message
    /// does not name it.
    func message(_ message: String, readerZone: String, zones: ZoneCatalog) -> String {
        guard readerZone != zone, let theirs = try? zones.rules(named: zone), let yours = try? zones.rules(named: readerZone)
        else { return message }
        var named = message
        // Each instant once: two times of one notice may be the same.
        for (index, time) in times.enumerated() where !times[..<index].contains(time) {
            let their = theirs.localDateTime(at: time), your = yours.localDateTime(at: time)
            let instant = ISO8601.format(time)
            guard their != your, let mention = named.firstRange(of: instant) else { continue }
            let days = their.date != your.date
            let words = " (\(Self.text(their, day: days)) \(zone) time, \(Self.text(your, day: days)) yours)"
            named.replaceSubrange(mention, with: instant + words)
        }
        return named
    }

    /// "10:00", or "Mon 10:00" when the two clocks are on different days.
    private static func text(_ time: LocalDateTime, day: Bool) -> String {
        let clock = (time.hour < 10 ? "0" : "") + "\(time.hour):" + (time.minute < 10 ? "0" : "") + "\(time.minute)"
        guard day else { return clock }
        let name = time.date.weekday.shortName
        return name.prefix(1).uppercased() + name.dropFirst() + " " + clock
    }
}

extension FeedDraft {
    /// This draft, naming `times` of `account`'s schedule (those not nil)
    /// on each reader's clock too (`ZonedDeadline`).
    func zoned(_ times: [Date?], of account: Account) -> FeedDraft {
        var draft = self
        let times = times.compactMap { $0 }
        draft.zonedDue = times.isEmpty ? nil : ZonedDeadline(times: times, of: account)
        return draft
    }
}
