import FoundationEssentials

/// A dependent's deadline as a notice about them names it to a responder
/// in another time zone: "due at 2026-03-02T09:00:00Z (10:00 Europe/Madrid
/// time, 04:00 yours)". The instant itself stays in the text (`notifications`
/// shows it in the reader's local time); the words in brackets are added per
/// reader when it is delivered (`Notifier`), and only where the dependent's
/// clock reads otherwise than the reader's.
public struct ZonedDeadline: Sendable, Equatable {
    public var due: Date
    /// The dependent's zone (`Account.timeZone`; UTC when it has none).
    public var zone: String

    public init(due: Date, of account: Account) {
        self.due = due
        zone = account.timeZone ?? ZoneName.utc.rawValue
    }

    /// `message` with the deadline named on both clocks after its first
    /// mention, for a reader in `readerZone`; unchanged when both clocks read
    /// the same, either zone cannot be read, or the message does not name it.
    func message(_ message: String, readerZone: String, zones: ZoneCatalog) -> String {
        guard readerZone != zone, let theirs = try? zones.rules(named: zone), let yours = try? zones.rules(named: readerZone)
        else { return message }
        let their = theirs.localDateTime(at: due), your = yours.localDateTime(at: due)
        let instant = ISO8601.format(due)
        guard their != your, let mention = message.firstRange(of: instant) else { return message }
        let days = their.date != your.date
        let words = " (\(Self.text(their, day: days)) \(zone) time, \(Self.text(your, day: days)) yours)"
        var named = message
        named.replaceSubrange(mention, with: instant + words)
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
