import FoundationEssentials

/// Changes to the signed-in account's timer beyond a check-in: more time
/// for the current deadline (`checkin extend`), a pause (`checkin pause`)
/// and its early end (`checkin resume`).
///
/// None of them can hide a missed check-in the responders were told of:
/// that stands until the next check-in.
public struct TimerService {
    let store: any StoreWriting
    let env: CoreEnvironment
    let deadlines: DeadlineService

    public init(store: any StoreWriting, env: CoreEnvironment, engine: DeadlineEngine = DeadlineEngine()) {
        self.store = store
        self.env = env
        self.deadlines = DeadlineService(store: store, env: env, engine: engine)
    }

    /// Adds `seconds` to the current deadline; the extensions of one cycle
    /// add up. The responders are told at once (it gives more time);
    /// returns whom that reached.
    @discardableResult
    public func extend(_ account: inout Account, by seconds: Int) throws -> Reach {
        guard seconds > 0 else { throw LifeSignalError.invalid("the extension must be longer than 0s") }
        try requireRunningTimer(account, doing: "extend")
        guard let start = account.cycleStart, let due = account.nextCheckInDue else {
            throw LifeSignalError.refused("your timer has not started: there is no deadline to extend", hint: "lifesignal checkin")
        }
        let newDue = due.addingTimeInterval(Double(seconds))
        let horizon = env.now.addingTimeInterval(Double(DeadlineBounds.extendHorizon))
        guard newDue <= horizon else {
            throw LifeSignalError.refused("that would move your deadline to \(ISO8601.format(newDue)), more than "
                + "\(DurationText.format(seconds: DeadlineBounds.extendHorizon)) from now (at most \(ISO8601.format(horizon)))")
        }
        guard newDue > env.now else {
            let late = DurationText.format(seconds: WholeSeconds.of(env.now.timeIntervalSince(due)))
            throw LifeSignalError.refused("your deadline would still be past: you are \(late) late, so extend by more "
                + "than that, or check in", hint: "lifesignal checkin")
        }
        let before = account.deadlineExtension.flatMap { $0.cycleStart == start ? $0.seconds : nil } ?? 0
        account.deadlineExtension = DeadlineExtension(cycleStart: start, seconds: before + seconds)
        try deadlines.reschedule(&account)
        return try AccountService(store: store, env: env, engine: deadlines.engine)
            .tellResponders(&account, ScheduleWeakening.extended(account, by: seconds))
    }

    /// Pauses deadlines until `until` (a pause in force is replaced); the
    /// responders are told until when, and why when a reason is given.
    /// Refused on a trip (its end is the deadline until the next check-in).
    public func pause(_ account: inout Account, until: Date, reason: String?) throws -> Reach {
        try requireRunningTimer(account, doing: "pause", allowPaused: true)
        guard account.lastCheckIn != nil else {
            throw LifeSignalError.refused("your timer has not started: there is nothing to pause", hint: "lifesignal checkin")
        }
        if let trip = account.tripInProgress {
            throw LifeSignalError.refused("you are on a trip until \(ISO8601.format(trip.due)): a pause would end it; "
                + "end the trip first", hint: "lifesignal trip end")
        }
        try DeadlineBounds.requireEnd(until, of: "a pause", now: env.now)
        let reason = try reason.map(Self.reason)
        let startedAt = account.isPaused(at: env.now) ? account.pause?.startedAt ?? env.now : env.now
        account.pause = DeadlinePause(startedAt: startedAt, until: until, reason: reason)
        try deadlines.reschedule(&account)
        var message = "\(account.fullName) paused their check-ins until \(ISO8601.format(until))"
        message += reason.map { ": \($0)." } ?? "."
        if let due = account.nextCheckInDue {
            message += " You will not be told of their deadlines until then; the next is due at \(ISO8601.format(due))."
        }
        let news = FeedDraft(type: .checkIn, title: "\(account.fullName) paused check-ins", message: message,
                             relatedContactID: account.id).zoned([until, account.nextCheckInDue], of: account)
        return try AccountService(store: store, env: env, engine: deadlines.engine).tellResponders(&account, news)
    }

    /// Ends the pause in force now; the responders are told (the pause's
    /// end is a milestone of the deadline, fired at once).
    public func resume(_ account: inout Account) throws {
        guard var pause = account.pause, account.isPaused(at: env.now) else {
            throw LifeSignalError.refused("your check-ins are not paused")
        }
        pause.until = env.now
        pause.endedEarly = true
        account.pause = pause
        try deadlines.reschedule(&account)
    }

    /// A pause's reason as responders will read it: one line, at most 200 bytes.
    static func reason(_ text: String) throws(LifeSignalError) -> String {
        try ProfileRules.oneLine(text, "reason", option: "--reason", maxBytes: DeadlineBounds.maxReasonBytes)
    }

    /// Refuses to change a timer whose missed deadline the responders were
    /// told of (only a check-in ends that), and, unless allowed, a paused one.
    private func requireRunningTimer(_ account: Account, doing action: String, allowPaused: Bool = false) throws {
        if deadlines.engine.isMissedNotified(account), let due = account.nextCheckInDue {
            throw LifeSignalError.refused("your responders were told you missed your check-in (due \(ISO8601.format(due))); "
                + "\(action == "pause" ? "a pause" : "an extension") cannot take that back: check in first",
                hint: "lifesignal checkin")
        }
        if !allowPaused, account.isPaused(at: env.now), let until = account.pause?.until {
            throw LifeSignalError.refused("your check-ins are paused until \(ISO8601.format(until)): change the pause "
                + "with 'lifesignal checkin pause --until TIME', or end it with 'lifesignal checkin resume'")
        }
    }
}
