import LifeSignalCore

/// The value of `notifications --type`: every type, or one kind of item,
/// however it is spelled.
enum FeedTypeChoice: Sendable, Equatable {
    case all
    case only(NotificationFilter)

    /// The one spelling help and completions show, as the list's `TYPE`
    /// column names an item.
    static let shown = ["alert", "ping", "role", "added", "removed", "contact", "check-in", "sign-in", "test", "all"]

    /// `typed` in any case, singular or plural, with or without a hyphen
    /// (`check-in`, `Check-Ins`, `checkins`, JSON's `checkIn`), or `all`.
    init?(typed: String) {
        let word = String(typed.lowercased().filter { $0 != "-" && $0 != "_" })
        let singular = word.hasSuffix("s") && word != "alls" ? String(word.dropLast()) : word
        switch singular {
        case "all": self = .all
        case "alert": self = .only(.alerts)
        case "ping": self = .only(.pings)
        case "role": self = .only(.roles)
        case "added": self = .only(.added)
        case "removed": self = .only(.removed)
        case "contact": self = .only(.contacts)
        case "checkin": self = .only(.checkIns)
        case "signin": self = .only(.signIns)
        case "test", "drill": self = .only(.tests)
        default: return nil
        }
    }

    var filter: NotificationFilter? {
        if case .only(let filter) = self { return filter }
        return nil
    }
}
