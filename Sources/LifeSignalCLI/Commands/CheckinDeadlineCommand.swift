import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `checkin deadline [TIME|off] [--days DAYS] [--zone ZONE]`
struct CheckinDeadline: CommandInput, Equatable {
    /// `HH:MM`, or `off`: nil for off.
    enum Setting: Equatable {
        case at(TimeOfDay)
        case off
    }

    static let time = Argument<Setting>(
        "TIME|off", help: "Be due at this time of day (HH:MM, 24 h), or off to go back to the rolling interval.",
        isOptional: true, completion: .choices(["off", "08:00", "10:00", "12:00", "20:00"]),
        expected: "a time of day such as 10:00, or off") { text in
        if text.lowercased() == "off" { return .off }
        return (try? TimeOfDay(parsing: text)).map { .at($0) }
    }
    static let days = Option<DaySet>(
        "days", valueName: "DAYS", help: "The days it applies on (default daily): mon-fri, weekdays, weekends, sat,sun...",
        expected: "days such as mon-fri, weekdays, weekends or mon,wed,fri",
        completion: .choices(["daily", "weekdays", "weekends", "mon-fri"])) { text in try? DaySet(parsing: text) }
    static let zone = Option<String>(
        "zone", valueName: "ZONE", help: "Read the time in this zone (Europe/Madrid) rather than your account's.",
        expected: "a zone name such as Europe/Madrid") { text in
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    static let spec = CommandSpec(
        "deadline",
        summary: "Show or set a fixed daily deadline (check in by 10:00 on weekdays) instead of the rolling interval",
        discussion: [
            "You are due at TIME on each chosen day, on your account's clock ('settings set time-zone') or --zone's. A check-in meets the first deadline after it, so after checking in the next one due is the deadline after that: check in at 09:00 for a 10:00 deadline and you are next due at 10:00 the following chosen day. Reminder, grace, delays and repeats work as with the interval.",
            "A deadline the clocks skip (spring forward) falls due when they jump; one they read twice (fall back) falls due the first time. Nothing fires twice and nothing is skipped.",
            "'off' goes back to the rolling interval ('checkin interval'). A later deadline is told to your responders at once. \(SharedInputs.codeDiscussion)",
        ],
        arguments: [time.spec],
        options: [days.spec, zone.spec, SharedInputs.checkInCode.spec],
        examples: [
            CommandExample("checkin deadline 10:00 --days weekdays", "due by 10:00 every weekday"),
            CommandExample("checkin deadline 21:30 --zone America/New_York", "due by 21:30 New York time, every day"),
            CommandExample("checkin deadline off", "back to the rolling interval"),
            CommandExample("checkin deadline", "show which is in force"),
        ],
        input: .running(CheckinDeadline.self))

    let setting: Setting?
    let days: DaySet?
    let zone: String?
    let code: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        setting = try parsed.value(Self.time)
        days = try parsed.value(Self.days)
        zone = try parsed.value(Self.zone)
        code = try parsed.value(SharedInputs.checkInCode)
        if setting == nil, days != nil || zone != nil { throw parsed.problem(.missingArgument("TIME for --days or --zone")) }
        if setting == .off, days != nil || zone != nil { throw parsed.problem(.conflict("off", days != nil ? "--days" : "--zone")) }
    }
}

extension CheckinDeadline: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        guard let setting else { return show(try c.reading { _, account in account }, told: nil, c) }
        var schedule: DailySchedule?
        if case .at(let time) = setting {
            let name = try zone.map { try MachineZone.known($0, c).rawValue }
            schedule = DailySchedule(deadline: DailyDeadline(time: time, days: days ?? .daily), zone: name)
        }
        let zones = try c.core().zones
        let change = try CheckInCodeInput.guarded(c, typed: code, needsCode: { account in
            // A zone that cannot be read asks for the code: the change itself then says why it fails.
            guard let preview = try? AccountService.scheduled(account, schedule, zones: zones) else { return true }
            return ScheduleWeakening.givesMoreTime(from: account, to: preview)
        }) { store, account in
            let reach = try AccountService(store: store, env: try c.core()).setDailySchedule(&account, schedule)
            return (account, reach.map { ReachText.Named($0, in: store) })
        }
        return show(change.0, told: change.1, c)
    }

    private func show(_ account: Account, told: ReachText.Named?, _ c: Context) -> Int32 {
        let now = (try? c.now()) ?? Date()
        if c.json {
            c.printJSON(.object([("schedule", ScheduleText.json(account)),
                                 ("nextCheckInDue", .date(account.nextCheckInDue))]))
            return success
        }
        c.say(ScheduleText.sentence(account) + ".")
        if let due = account.nextCheckInDue { c.say("Next check-in due \(TimeText.both(due, now: now)).") }
        if let told, !told.reach.isNobody { c.say(ReachText.sentence(told, news: " that you gave yourself more time")) }
        return success
    }
}

/// How the schedule in force reads, in `checkin deadline`, `checkin interval` and `status`.
enum ScheduleText {
    /// `{"kind": "interval"|"deadline", "time", "days", "zone"}`.
    static func json(_ account: Account) -> JSONValue {
        guard let schedule = account.dailySchedule else {
            return .object([("kind", .string("interval")), ("time", .null), ("days", .null), ("zone", .null)])
        }
        return .object([("kind", .string("deadline")), ("time", .string(schedule.time.description)),
                        ("days", .string(schedule.days.description)), ("zone", .string(schedule.zoneName(for: account)))])
    }

    /// "Due by 10:00 (weekdays, Europe/Madrid time)", or "Check in every 1d".
    static func sentence(_ account: Account) -> String {
        guard let schedule = account.dailySchedule else {
            return "Check in every \(DurationText.format(seconds: account.checkInInterval)) (the rolling interval)"
        }
        return "Due by \(schedule.time) (\(schedule.days), \(schedule.zoneName(for: account)) time)"
    }
}
