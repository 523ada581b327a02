import FoundationEssentials

/// Trips: a one-off deadline with a note (`trip start`, `trip extend`, `trip end`).
extension AccountService {
    /// Bytes a trip's note may hold (it reaches every responder).
    public static let maxTripNoteBytes = 500

    /// Starts a trip: a check-in now (labelled `trip start`), due back at
    /// `until`, at least a minute and at most 30 days from now. A trip in
    /// progress is replaced. Refused while paused (a pause and a trip would
    /// each move the deadline).
    @discardableResult
    public func startTrip(_ account: inout Account, until: Date, note: String?, duressReach: Reach? = nil) throws -> CheckInOutcome {
        if account.isPaused(at: env.now), let pauseEnds = account.pause?.until {
            throw LifeSignalError.refused("your check-ins are paused until \(ISO8601.format(pauseEnds)): end the pause "
                + "before a trip", hint: "lifesignal checkin resume")
        }
        try DeadlineBounds.requireEnd(until, of: "a trip", now: env.now)
        let note = try note.map(Self.tripNote)
        account.trip = Trip(startedAt: env.now, due: until, note: note)
        return try checkIn(&account, command: "trip start", duressReach: duressReach)
    }

    /// Moves the end of the trip in progress `seconds` later; the responders
    /// are told at once (it gives more time). Returns the trip and whom
    /// that reached.
    public func extendTrip(_ account: inout Account, by seconds: Int) throws -> (trip: Trip, reach: Reach) {
        guard seconds > 0 else { throw LifeSignalError.invalid("the extension must be longer than 0s") }
        guard var trip = account.tripInProgress else { throw Self.noTrip }
        if deadlines.engine.isMissedNotified(account) {
            throw LifeSignalError.refused("your responders were told you missed the end of your trip "
                + "(due \(ISO8601.format(trip.due))); an extension cannot take that back: end the trip",
                hint: "lifesignal trip end")
        }
        trip.due = trip.due.addingTimeInterval(Double(seconds))
        guard trip.due >= env.now.addingTimeInterval(Double(DeadlineBounds.shortest)) else {
            throw LifeSignalError.refused("the end of your trip would still be less than "
                + "\(DurationText.format(seconds: DeadlineBounds.shortest)) away (\(ISO8601.format(trip.due))): "
                + "extend by more, or end the trip", hint: "lifesignal trip end")
        }
        try DeadlineBounds.requireEnd(trip.due, of: "a trip", now: env.now)
        account.trip = trip
        try deadlines.reschedule(&account)
        return (trip, try tellResponders(&account, ScheduleWeakening.tripExtended(account, trip, by: seconds)))
    }

    /// Ends the trip in progress with a check-in (labelled `trip end`): the
    /// regular schedule goes on from it.
    @discardableResult
    public func endTrip(_ account: inout Account, duressReach: Reach? = nil) throws -> CheckInOutcome {
        guard account.tripInProgress != nil else { throw Self.noTrip }
        return try checkIn(&account, command: "trip end", duressReach: duressReach)
    }

    static let noTrip = LifeSignalError.refused("no trip is in progress", hint: "lifesignal trip start 2h --note TEXT")

    /// A trip's note as responders will read it: one line, at most `maxTripNoteBytes` bytes.
    static func tripNote(_ text: String) throws(LifeSignalError) -> String {
        try ProfileRules.oneLine(text, "note", option: "--note", maxBytes: maxTripNoteBytes)
    }
}
