import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

extension CheckinInterval: RunnableCommand {
    /// Shows the intervals, or changes them.
    func run(_ c: Context) throws -> Int32 {
        guard changes else { return try show(try c.reading { _, account in account }, c) }
        let checkInFirst = try askToCheckInFirst(c)
        let weakens = { (account: Account) in
            checkInFirst || ScheduleWeakening.weakens(account, checkIn: interval, grace: grace, repeats: repeats)
        }
        let change = try CheckInCodeInput.guarded(c, typed: code, needsCode: weakens) { store, account in
            let service = AccountService(store: store, env: try c.core())
            let checkedIn = checkInFirst ? CheckInText.Outcome(try service.checkIn(&account), in: store) : nil
            let wasMissed = AccountService.isMissedNotified(account)
            let reach = try service.setIntervals(&account, checkIn: interval, reminder: reminder, grace: grace, repeats: repeats)
            // Told now, by this very change, that the check-in was missed.
            let toldMissed = wasMissed ? [] : DeadlineEngine.standard.toldResponders(
                account, responders: try store.responders(of: account.id).links)
            return (account: account, lengthened: reach.map { ReachText.Named($0, in: store) }, checkedIn: checkedIn,
                    toldMissed: toldMissed.count)
        }
        if let checkedIn = change.checkedIn {
            if !c.json { c.say("Checked in first.") }
            CheckInText.report(checkedIn, c)
        }
        return try show(change.account, c, lengthened: change.lengthened, toldMissed: change.toldMissed)
    }

    /// On a terminal (without --yes), when the change would put the deadline
    /// in the past and so tell the responders at once: whether to check in
    /// first (the default). Elsewhere the change is made as asked.
    private func askToCheckInFirst(_ c: Context) throws -> Bool {
        guard !yes, c.input.isTerminal else { return false }
        let now = try c.now()
        let responders = try c.reading { store, account in
            PastDeadline.tellsResponders(account, checkIn: interval, grace: grace, now: now)
                ? try store.responders(of: account.id).links.count : 0
        }
        guard responders > 0 else { return false }
        let who = responders == 1 ? "your responder" : "your \(responders) responders"
        return try c.prompts.confirm("This puts your deadline in the past: \(who) will be told now. Check in first?",
                                     defaultYes: true)
    }

    /// The intervals as they are (after a change: whom it told).
    private func show(_ account: Account, _ c: Context, lengthened told: ReachText.Named? = nil, toldMissed: Int = 0) throws -> Int32 {
        if c.json {
            c.printJSON(.object([("checkInInterval", .int(account.checkInInterval)),
                                 ("reminderInterval", .int(account.reminderInterval)),
                                 ("graceInterval", .int(account.graceInterval)),
                                 ("repeatInterval", account.repeatInterval.map { .int($0) } ?? .null),
                                 ("nextCheckInDue", .date(account.nextCheckInDue))]
                                + (toldMissed > 0 ? [("respondersToldMissed", .int(toldMissed))] : [])))
        } else {
            c.say("Check in every \(DurationText.format(seconds: account.checkInInterval)); "
                  + "reminder \(DurationText.format(seconds: account.reminderInterval)) before it is due.")
            c.say(IntervalText.escalation(account))
            if let told, !told.reach.isNobody { c.say(ReachText.sentence(told, news: " that you gave yourself more time")) }
            let now = try c.now()
            if toldMissed > 0, let due = account.nextCheckInDue {
                let who = toldMissed == 1 ? "your responder has" : "your \(toldMissed) responders have"
                c.say("This put your deadline in the past, at \(TimeText.both(due, now: now)): \(who) been told "
                      + "you missed your check-in. Run 'lifesignal checkin' to tell them you are safe.")
            } else if let due = account.nextCheckInDue, account.isOverdue(at: now) {
                c.say("You are overdue: due \(TimeText.both(due, now: now)); "
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
