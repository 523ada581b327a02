import FoundationEssentials

/// What gives someone more time before the responders hear of a missed
/// check-in: a longer interval or grace period, fewer or no repeats, a
/// pause, its early end, an extension, a change of the codes. With codes
/// set, each needs one (someone standing over you could otherwise silence
/// the switch), and the duress code does it while raising its alert.
public enum ScheduleWeakening {
    /// Whether `checkin interval` with these values gives more time than
    /// the account has now: a longer interval or grace period, repeats
    /// turned off or made rarer. A shorter one, or a new reminder, does not.
    /// Under a daily deadline the interval waits for `checkin deadline off`,
    /// and gives no time until then.
    public static func weakens(_ account: Account, checkIn: Int?, grace: Int?, repeats: IntervalRules.Repeats?) -> Bool {
        if let checkIn, checkIn > account.checkInInterval, account.dailySchedule == nil { return true }
        if let grace, grace > account.graceInterval { return true }
        guard let current = account.repeatInterval, let repeats else { return false }
        switch repeats {
        case .off: return true
        case .every(let seconds): return seconds > current
        }
    }

    /// Whether `new` (a new daily deadline, zone or trip worked out, not
    /// saved) is due later than `old`: it gives more time, so with codes
    /// set it needs one.
    public static func givesMoreTime(from old: Account, to new: Account) -> Bool {
        guard let after = new.nextCheckInDue else { return false }
        guard let before = old.nextCheckInDue else { return true }
        return after > before
    }

    /// What the responders are told when `new` checks in less often than
    /// `old`, or gives itself a longer grace period: at once, not only when
    /// a deadline fires. Nil when neither lengthened.
    static func lengthened(from old: Account, to new: Account) -> FeedDraft? {
        var changes: [String] = []
        if new.checkInInterval > old.checkInInterval, new.dailySchedule == nil {
            changes.append("now checks in every \(DurationText.format(seconds: new.checkInInterval)) instead of every "
                + DurationText.format(seconds: old.checkInInterval))
        }
        if new.graceInterval > old.graceInterval {
            changes.append("gave themselves \(DurationText.format(seconds: new.graceInterval)) after a deadline before "
                + "you are told, instead of \(DurationText.format(seconds: old.graceInterval))")
        }
        guard !changes.isEmpty else { return nil }
        let due = new.nextCheckInDue.map { " Their next check-in is due at \(ISO8601.format($0))." } ?? ""
        return FeedDraft(type: .checkIn, title: title(new),
                         message: "\(new.fullName) \(changes.joined(separator: ", and ")).\(due)",
                         relatedContactID: new.id).zoned([new.nextCheckInDue], of: new)
    }

    /// What the responders are told when `account` (extended) gave itself
    /// `seconds` more for its current deadline: at once, like a longer
    /// interval, so that nobody learns of it only when the deadline fires.
    static func extended(_ account: Account, by seconds: Int) -> FeedDraft {
        let due = account.nextCheckInDue.map { " Their next check-in is due at \(ISO8601.format($0))." } ?? ""
        return FeedDraft(type: .checkIn, title: title(account),
                         message: "\(account.fullName) gave themselves \(DurationText.format(seconds: seconds)) more for their "
                            + "current check-in.\(due)",
                         relatedContactID: account.id).zoned([account.nextCheckInDue], of: account)
    }

    /// What the responders are told when `account` moved the end of its
    /// trip `seconds` later: at once, as an extension of a deadline is.
    static func tripExtended(_ account: Account, _ trip: Trip, by seconds: Int) -> FeedDraft {
        FeedDraft(type: .checkIn, title: title(account),
                  message: "\(account.fullName) extended their trip by \(DurationText.format(seconds: seconds)): "
                      + "due back at \(ISO8601.format(trip.due)).",
                  relatedContactID: account.id).zoned([trip.due], of: account)
    }

    /// What the responders are told when a new daily deadline, a return to
    /// the interval or a new time zone moved `old`'s deadline: `later`, only
    /// when it moved later (it gives more time). Nil when it did not move so.
    static func moved(from old: Account, to new: Account, later: Bool = false) -> FeedDraft? {
        guard let due = new.nextCheckInDue, due != old.nextCheckInDue else { return nil }
        if later, let before = old.nextCheckInDue, due <= before { return nil }
        let routine: String
        if let schedule = new.dailySchedule {
            routine = "now checks in by \(schedule.time) (\(schedule.days), "
                + "\(schedule.zoneName(for: new)) time)"
        } else {
            routine = "now checks in every \(DurationText.format(seconds: new.checkInInterval))"
        }
        return FeedDraft(type: .checkIn, title: later ? title(new) : "\(new.fullName)'s deadline moved",
                         message: "\(new.fullName) \(routine). Their next check-in is due at \(ISO8601.format(due)).",
                         relatedContactID: new.id).zoned([due], of: new)
    }

    public static func title(_ account: Account) -> String { "\(account.fullName) gave themselves more time" }
}
