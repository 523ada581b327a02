import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `checkin interval [DURATION] [--reminder DURATION] [--grace DURATION] [--repeat DURATION|off]`
struct CheckinInterval: CommandInput, Equatable {
    static let duration = Argument<Int>(
        "DURATION", help: "The new check-in interval.", isOptional: true,
        completion: .choices(checkInPresets), expected: SharedInputs.durationExpected,
        convert: SharedInputs.duration)
    static let reminder = Option<Int>(
        "reminder", valueName: "DURATION", help: "How long before the deadline to remind you.",
        expected: "a duration such as 1h, 2h or 30m", completion: .choices(reminderPresets),
        convert: SharedInputs.duration)
    static let grace = Option<Int>(
        "grace", valueName: "DURATION",
        help: "How long after the deadline your responders are told (0: at once); at the deadline only you are told you are late.",
        expected: "a duration such as 30m, 1h or 0", completion: .choices(["0", "30m", "1h", "2h"]),
        convert: SharedInputs.duration)
    static let repeats = Option<IntervalRules.Repeats>(
        "repeat", valueName: "DURATION|off",
        help: "Tell each responder already told again every DURATION while a missed check-in stays unresolved, or off.",
        expected: "a duration such as 6h, or off", completion: .choices(["off", "1h", "6h", "12h"])) { text in
        if text.lowercased() == "off" { return .off }
        return SharedInputs.duration(text).map { .every($0) }
    }

    static let yes = Flag("yes", short: "y", help: "Make the change without asking, even when it tells your responders at once.")

    /// The rules' presets as they are typed: `8h`, `1d`.
    static let checkInPresets = IntervalRules.checkInPresets.map { DurationText.compact(seconds: $0) }
    static let reminderPresets = IntervalRules.reminderPresets.map { DurationText.compact(seconds: $0) }

    static let spec = CommandSpec(
        "interval",
        summary: "Show or set how often you check in, and when you and your responders are told",
        discussion: [
            "Presets: \(checkInPresets.joined(separator: ", ")) for check-ins; \(reminderPresets.joined(separator: ", ")) for the reminder. Other durations work too (e.g. 90m, 1d12h, or seconds).",
            "The reminder is always shorter than the interval: shortening the interval below it moves the reminder to the largest preset that fits.",
            "--grace gives you time after the deadline before your responders hear of it (up to 7d); --repeat reminds them (every 15m to 7d) until you check in or one of them acknowledges it with 'lifesignal ack'. Each responder may also be told later than the others: 'contacts role NAME --delay 2h'.",
            "A change that puts your deadline in the past tells your responders at once that you missed it: on a terminal you are asked first whether to check in before the change (the default); with --yes, or elsewhere, the change is made as asked and says whom it told.",
            "A longer interval or grace period is told to your responders at once. With check-in codes set, a longer interval or grace period and fewer or no repeats need a code; the duress code makes the change exactly as the real one does and silently alerts your responders.",
        ],
        arguments: [duration.spec],
        options: [reminder.spec, grace.spec, repeats.spec, SharedInputs.checkInCode.spec, yes.spec],
        examples: [
            CommandExample("checkin interval 2d --reminder 4h", "check in every two days, reminded four hours before"),
            CommandExample("checkin interval --grace 1h --repeat 6h", "responders hear an hour after the deadline, then every 6 hours"),
        ],
        input: .running(CheckinInterval.self))

    /// Seconds; nil leaves it as it is.
    let interval: Int?
    let reminder: Int?
    let grace: Int?
    let repeats: IntervalRules.Repeats?
    let code: String?
    let yes: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        yes = parsed[Self.yes]
        interval = try parsed.value(Self.duration)
        reminder = try parsed.value(Self.reminder)
        grace = try parsed.value(Self.grace)
        repeats = try parsed.value(Self.repeats)
        code = try parsed.value(SharedInputs.checkInCode)
    }

    /// Whether the command changes anything (else it shows the settings).
    var changes: Bool { interval != nil || reminder != nil || grace != nil || repeats != nil }
}

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
            try CheckInText.report(checkedIn, c)
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
                                 ("nextCheckInDue", .date(account.nextCheckInDue)),
                                 ("schedule", ScheduleText.json(account))]
                                + (toldMissed > 0 ? [("respondersToldMissed", .int(toldMissed))] : [])))
        } else {
            if account.dailySchedule != nil {
                c.say(ScheduleText.sentence(account) + ": a daily deadline is in force ('checkin deadline'); "
                      + "the interval of \(DurationText.format(seconds: account.checkInInterval)) applies after "
                      + "'checkin deadline off'. Reminder \(DurationText.format(seconds: account.reminderInterval)) before it is due.")
            } else {
                c.say("Check in every \(DurationText.format(seconds: account.checkInInterval)); "
                      + "reminder \(DurationText.format(seconds: account.reminderInterval)) before it is due.")
            }
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
