import FoundationEssentials

/// The account's daily deadline, time zone and quiet hours: when its
/// deadlines fall, and when what it is told can wait.
extension AccountService {
    /// Sets the quiet hours (nil: none), read on the account's time zone's clock.
    public func setQuietHours(_ account: inout Account, _ hours: QuietHours?) throws {
        account.quietHours = hours
        try store.save(account)
    }

    /// Sets the fixed daily deadline (nil: back to the rolling interval).
    /// The new deadline counts at once, as a new interval does: one already
    /// past fires now; a deadline whose miss the responders were told of
    /// stands until the next check-in. A later deadline is told to the
    /// responders at once; returns whom that reached (nil when it is not later).
    @discardableResult
    public func setDailySchedule(_ account: inout Account, _ schedule: DailySchedule?) throws -> Reach? {
        let before = account
        account = try Self.scheduled(account, schedule, zones: env.zones)
        try deadlines.reschedule(&account)
        guard let news = ScheduleWeakening.moved(from: before, to: account, later: true) else { return nil }
        return try tellResponders(&account, news)
    }

    /// `account` with `schedule` in force and its current deadline worked
    /// out, nothing saved: what `setDailySchedule` would make of it (to ask
    /// for a code first when it gives more time). Throws when the
    /// schedule's zone cannot be read.
    public static func scheduled(_ account: Account, _ schedule: DailySchedule?, zones: ZoneCatalog) throws -> Account {
        var account = account
        if let schedule { _ = try zones.rules(named: schedule.zoneName(for: account)) }
        account.dailySchedule = schedule
        _ = DailySchedule.fit(&account, zones: zones)
        return account
    }

    /// Sets the account's time zone, by its name in the database. A daily
    /// deadline read in the account's zone moves with it: future deadlines
    /// follow the new zone's clocks, and one that the change would put in
    /// the past falls at the next deadline after now instead (a change of
    /// zone never fires a deadline early). The responders are told of a
    /// moved deadline; returns whom that reached (nil when none moved).
    @discardableResult
    public func setTimeZone(_ account: inout Account, _ name: ZoneName) throws -> Reach? {
        let before = account
        account.timeZone = name.rawValue
        guard var schedule = account.dailySchedule, schedule.zone == nil, let old = before.nextCheckInDue,
              !deadlines.engine.isMissedNotified(before) else {
            try store.save(account)
            return nil
        }
        let zone = try env.zones.rules(named: name)
        schedule.current = nil
        account.dailySchedule = schedule
        _ = DailySchedule.fit(&account, zones: env.zones)
        if let start = account.cycleStart, let fixed = account.dailySchedule?.current, fixed.due <= env.now, old > env.now {
            let kept = CycleDue(cycleStart: start, byCheckIn: account.cycleBeganByCheckIn,
                                due: schedule.deadline.next(after: env.now, in: zone))
            account.dailySchedule?.current = kept
        }
        try deadlines.reschedule(&account)
        guard let news = ScheduleWeakening.moved(from: before, to: account) else { return nil }
        return try tellResponders(&account, news)
    }
}
