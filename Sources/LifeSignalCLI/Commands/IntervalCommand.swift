import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

extension CheckinInterval: RunnableCommand {
    /// Shows the intervals, or changes them.
    func run(_ c: Context) throws -> Int32 {
        let account: Account
        var told: ReachText.Named?
        if !changes {
            account = try c.reading { _, account in account }
        } else {
            let weakens = { (account: Account) in
                ScheduleWeakening.weakens(account, checkIn: interval, grace: grace, repeats: repeats)
            }
            (account, told) = try CheckInCodeInput.guarded(c, typed: code, needsCode: weakens) { store, account in
                let reach = try AccountService(store: store, env: try c.core()).setIntervals(
                    &account, checkIn: interval, reminder: reminder, grace: grace, repeats: repeats)
                return (account, reach.map { ReachText.Named($0, in: store) })
            }
        }
        if c.json {
            c.printJSON(.object([("checkInInterval", .int(account.checkInInterval)),
                                 ("reminderInterval", .int(account.reminderInterval)),
                                 ("graceInterval", .int(account.graceInterval)),
                                 ("repeatInterval", account.repeatInterval.map { .int($0) } ?? .null),
                                 ("nextCheckInDue", .date(account.nextCheckInDue))]))
        } else {
            c.say("Check in every \(DurationText.format(seconds: account.checkInInterval)); "
                  + "reminder \(DurationText.format(seconds: account.reminderInterval)) before it is due.")
            c.say(IntervalText.escalation(account))
            if let told, !told.reach.isNobody { c.say(ReachText.sentence(told, news: " that you gave yourself more time")) }
            let now = try c.now()
            if let due = account.nextCheckInDue, account.isOverdue(at: now) {
                c.say("You are overdue (due \(TimeText.both(due, now: now))); "
                      + (AccountService.isMissedNotified(account) ? "your responders were told, and the new interval starts at your next check-in."
                                                                   : "run 'lifesignal checkin'."))
            }
        }
        return success
    }
}

/// How the grace period and repeats read.
enum IntervalText {
    static func escalation(_ account: Account) -> String {
        let grace = account.graceInterval == 0 ? "Responders are told at the deadline"
            : "Responders are told \(DurationText.format(seconds: account.graceInterval)) after the deadline"
        let repeats = account.repeatInterval.map { ", and again every \(DurationText.format(seconds: $0)) until it is resolved." }
            ?? " (no repeats)."
        return grace + repeats
    }
}
