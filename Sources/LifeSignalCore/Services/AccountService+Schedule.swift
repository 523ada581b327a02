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
    /// deadline read in the account's zone moves with it, the account's
    /// own and each job's: future deadlines follow the new zone's clocks,
    /// and one that the change would put in the past falls at the next
    /// deadline after now instead (a change of zone never fires a deadline
    /// early). The responders are told of the account's moved deadline;
    /// returns whom that reached (nil when it did not move).
    @discardableResult
    public func setTimeZone(_ account: inout Account, _ name: ZoneName) throws -> Reach? {
        let before = account
        account.timeZone = name.rawValue
        for (index, job) in before.jobs.enumerated() where job.schedule != nil && job.schedule?.zone == nil {
            let deadline = JobDeadline(job)
            let old = deadline.current(of: before, zones: env.zones)
            guard !deadline.engine.isMissedNotified(old) else { continue }
            var view = deadline.view(of: account)
            try refitDaily(&view, wasDue: old.nextCheckInDue, zone: name)
            account.jobs[index] = deadline.updated(from: view)
        }
        guard account.dailySchedule?.zone == nil, account.dailySchedule != nil, !deadlines.engine.isMissedNotified(before) else {
            try deadlines.reschedule(&account)
            return nil
        }
        try refitDaily(&account, wasDue: before.nextCheckInDue, zone: name)
        try deadlines.reschedule(&account)
        guard let news = ScheduleWeakening.moved(from: before, to: account) else { return nil }
        return try tellResponders(&account, news)
    }

    /// Works out the current daily deadline of `timer` (an account, or a
    /// job's view of it) again on its new zone's clocks; when that puts a
    /// deadline that `wasDue` in the future in the past, it falls at the
    /// next deadline after now instead.
    private func refitDaily(_ timer: inout Account, wasDue old: Date?, zone name: ZoneName) throws {
        guard var schedule = timer.dailySchedule, let old else { return }
        let zone = try env.zones.rules(named: name)
        schedule.current = nil
        timer.dailySchedule = schedule
        _ = DailySchedule.fit(&timer, zones: env.zones)
        if let start = timer.cycleStart, let fixed = timer.dailySchedule?.current, fixed.due <= env.now, old > env.now {
            let kept = CycleDue(cycleStart: start, byCheckIn: timer.cycleBeganByCheckIn,
                                due: schedule.deadline.next(after: env.now, in: zone))
            timer.dailySchedule?.current = kept
        }
    }
}
