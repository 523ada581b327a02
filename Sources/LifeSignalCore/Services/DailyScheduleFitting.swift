import FoundationEssentials

extension DailySchedule {
    /// Works out the deadline `account`'s daily schedule gives its current
    /// cycle, when that is not known yet (a check-in or a pause began a new
    /// cycle, or the schedule or zone changed). Returns why it could not
    /// (the zone cannot be read): that cycle then keeps the rolling
    /// interval, so there always is a deadline.
    static func fit(_ account: inout Account, zones: ZoneCatalog) -> String? {
        guard var schedule = account.dailySchedule, let start = account.cycleStart,
              schedule.current?.belongs(to: account) != true else { return nil }
        let name = schedule.zoneName(for: account)
        let zone: TimeZoneRules
        do {
            zone = try zones.rules(named: name)
        } catch {
            return "the time zone of your daily deadline (\(name)) cannot be read: \(error.message); "
                + "this deadline is one check-in interval after the last"
        }
        let byCheckIn = account.cycleBeganByCheckIn
        schedule.current = CycleDue(cycleStart: start, byCheckIn: byCheckIn,
                                    due: schedule.due(cycleStart: start, byCheckIn: byCheckIn, in: zone))
        account.dailySchedule = schedule
        return nil
    }
}
