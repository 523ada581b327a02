/// The check-in and reminder intervals and the rules that keep them sane.
public enum IntervalRules {
    public static let checkInPresets = [8 * 3600, 16 * 3600, 86_400, 2 * 86_400, 3 * 86_400]
    public static let reminderPresets = [3600, 2 * 3600, 4 * 3600, 8 * 3600]
    public static let defaultCheckIn = 86_400
    public static let defaultReminder = 2 * 3600

    /// Accepted check-in intervals: one hour to thirty days.
    public static let checkInBounds = 3600...(30 * 86_400)
    /// Accepted reminders: five minutes to seven days (and below the interval).
    public static let reminderBounds = 300...(7 * 86_400)

    /// Applies a change of intervals to the current pair.
    ///
    /// A new check-in interval not longer than the reminder moves the
    /// reminder to the largest preset shorter than the interval (half the
    /// interval when no preset is shorter). An explicit reminder must be
    /// shorter than the (new) interval.
    public static func apply(checkIn newCheckIn: Int?, reminder newReminder: Int?,
                             to current: (checkIn: Int, reminder: Int)) throws(LifeSignalError) -> (checkIn: Int, reminder: Int) {
        var checkIn = current.checkIn
        var reminder = current.reminder
        if let value = newCheckIn {
            guard checkInBounds.contains(value) else {
                throw .invalid("check-in interval \(DurationText.format(seconds: value)) is out of range "
                    + "(\(DurationText.format(seconds: checkInBounds.lowerBound)) to \(DurationText.format(seconds: checkInBounds.upperBound)))")
            }
            checkIn = value
        }
        if let value = newReminder {
            guard reminderBounds.contains(value) else {
                throw .invalid("reminder \(DurationText.format(seconds: value)) is out of range "
                    + "(\(DurationText.format(seconds: reminderBounds.lowerBound)) to \(DurationText.format(seconds: reminderBounds.upperBound)))")
            }
            guard value < checkIn else {
                throw .refused("the reminder (\(DurationText.format(seconds: value))) must be shorter than the "
                    + "check-in interval (\(DurationText.format(seconds: checkIn)))")
            }
            reminder = value
        } else if reminder >= checkIn {
            reminder = reminderPresets.filter { $0 < checkIn }.max() ?? checkIn / 2
        }
        return (checkIn, reminder)
    }

    /// `checkin interval --repeat`: every so often, or no repeats.
    public enum Repeats: Sendable, Equatable {
        case off
        case every(Int)
    }

    /// A grace period within `DeadlineBounds.grace`.
    public static func grace(_ seconds: Int) throws(LifeSignalError) -> Int {
        guard DeadlineBounds.grace.contains(seconds) else {
            throw .invalid("grace period \(DurationText.format(seconds: seconds)) is out of range (none to "
                + "\(DurationText.format(seconds: DeadlineBounds.grace.upperBound)))")
        }
        return seconds
    }

    /// Repeats within `DeadlineBounds.repeats`, or nil for none.
    public static func repeatInterval(_ repeats: Repeats) throws(LifeSignalError) -> Int? {
        guard case .every(let seconds) = repeats else { return nil }
        guard DeadlineBounds.repeats.contains(seconds) else {
            throw .invalid("repeat interval \(DurationText.format(seconds: seconds)) is out of range "
                + "(\(DurationText.format(seconds: DeadlineBounds.repeats.lowerBound)) to "
                + "\(DurationText.format(seconds: DeadlineBounds.repeats.upperBound)), or off)")
        }
        return seconds
    }
}
