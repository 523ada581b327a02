import CommandEngine
import FoundationEssentials
import LifeSignalCore

/// `checkin extend DURATION`
struct CheckinExtend: CommandInput, Equatable {
    static let duration = Argument<Int>(
        "DURATION", help: "How much time to add to your current deadline.",
        completion: .choices(["1h", "2h", "4h", "1d"]), expected: SharedInputs.durationExpected,
        convert: SharedInputs.duration)

    static let spec = CommandSpec(
        "extend",
        summary: "Add time to your current deadline (back later than planned)",
        discussion: [
            "Extensions add up, but the deadline may move at most 7 days past now. The next check-in starts a normal interval again. Your responders are told at once that you gave yourself more time.",
            "It cannot take back a missed check-in your responders were already told of (only a check-in does), nor change a pause (use 'checkin pause --until').",
            SharedInputs.codeDiscussion,
        ],
        arguments: [duration.spec],
        options: [SharedInputs.checkInCode.spec],
        examples: [CommandExample("checkin extend 3h", "the deadline moves three hours later")],
        input: .running(CheckinExtend.self))

    let seconds: Int
    let code: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        seconds = try parsed.required(Self.duration)
        code = try parsed.value(SharedInputs.checkInCode)
    }
}

extension CheckinExtend: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let (account, told) = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            let reach = try TimerService(store: store, env: try c.core()).extend(&account, by: seconds)
            return (account, ReachText.Named(reach, in: store))
        }
        if c.json {
            c.printJSON(.object([("nextCheckInDue", .date(account.nextCheckInDue)),
                                 ("graceEndsAt", .date(account.graceEndsAt)),
                                 ("extendedBy", .int(account.deadlineExtension?.seconds ?? seconds))] + ReachText.json(told.reach)))
        } else {
            c.say("Deadline moved to \(TimeText.both(account.nextCheckInDue, now: now)).")
            if !told.reach.isNobody { c.say(ReachText.sentence(told, news: " that you gave yourself more time")) }
        }
        return success
    }
}

/// `checkin pause (--for DURATION | --until TIME) [--reason TEXT]`
struct CheckinPause: CommandInput, Equatable {
    static let duration = Option<Int>(
        "for", valueName: "DURATION", help: "Pause for this long (at most 30d).",
        expected: SharedInputs.durationExpected, completion: .choices(["1d", "3d", "7d", "14d"]),
        convert: SharedInputs.duration)
    static let until = Option<Date>(
        "until", valueName: "TIME",
        help: "Pause until TIME: ISO 8601 (2026-03-04T18:00:00Z), or local time without a zone (2026-03-04T18:00, 2026-03-04).",
        expected: SharedInputs.timeExpected, convert: SharedInputs.time)
    static let reason = Option<String>(
        "reason", valueName: "TEXT", help: "Why, for your responders (one line, at most 200 bytes).")

    static let spec = CommandSpec(
        "pause",
        summary: "Pause your deadlines for a while; your responders are told",
        discussion: [
            "Nobody is told of your deadlines until the pause ends, and status --check exits 0 meanwhile. Your responders are told that you paused and until when, and again when it ends; then the timer restarts (the next deadline is one interval after the end).",
            "A pause may last at most 30 days; pausing again while paused moves the end. It cannot hide a missed check-in your responders were already told of: check in first.",
            SharedInputs.codeDiscussion,
        ],
        options: [duration.spec, until.spec, reason.spec, SharedInputs.checkInCode.spec],
        exclusiveGroups: [ExclusiveGroup([duration.spec.long, until.spec.long], isRequired: true)],
        examples: [
            CommandExample("checkin pause --for 7d --reason 'hiking, no signal'", "a week off, and why"),
            CommandExample("checkin pause --until 2026-03-04T18:00", "until a local time"),
        ],
        input: .running(CheckinPause.self))

    /// How long the pause lasts.
    enum End: Equatable {
        case lasting(Int)
        case until(Date)
    }

    let end: End
    let reason: String?
    let code: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        if let seconds = try parsed.value(Self.duration) {
            end = .lasting(seconds)
        } else if let time = try parsed.value(Self.until) {
            end = .until(time)
        } else {
            throw parsed.problem(.missingOneOf(["--for", "--until"]))
        }
        reason = try parsed.value(Self.reason)
        code = try parsed.value(SharedInputs.checkInCode)
    }
}

extension CheckinPause: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let until: Date = switch end {
        case .lasting(let seconds): now.addingTimeInterval(Double(seconds))
        case .until(let time): time
        }
        let (account, reach) = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            let reach = try TimerService(store: store, env: try c.core()).pause(&account, until: until, reason: reason)
            return (account, ReachText.Named(reach, in: store))
        }
        if c.json {
            c.printJSON(.object([("pausedUntil", .date(account.pause?.until)), ("reason", .optional(account.pause?.reason)),
                                 ("nextCheckInDue", .date(account.nextCheckInDue))] + ReachText.json(reach.reach)))
        } else {
            c.say("Paused until \(TimeText.both(account.pause?.until, now: now)); the next check-in is due "
                  + "\(TimeText.local(account.nextCheckInDue ?? until, now: now)). " + ReachText.sentence(reach))
            c.hint("lifesignal checkin resume (to end it early)")
        }
        return success
    }
}

/// `checkin resume`
struct CheckinResume: CommandInput, Equatable {
    static let spec = CommandSpec(
        "resume",
        summary: "End your pause now; your responders are told",
        discussion: ["The timer restarts now: the next deadline is one interval from now.", SharedInputs.codeDiscussion],
        options: [SharedInputs.checkInCode.spec],
        input: .running(CheckinResume.self))

    let code: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        code = try parsed.value(SharedInputs.checkInCode)
    }
}

extension CheckinResume: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let (account, watched) = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            try TimerService(store: store, env: try c.core()).resume(&account)
            return (account, try store.contacts(of: account.id).contains(where: \.isResponder))
        }
        if c.json {
            c.printJSON(.object([("pausedUntil", .null), ("nextCheckInDue", .date(account.nextCheckInDue))]))
        } else {
            c.say("Pause ended\(watched ? "; your responders were told" : ""). "
                  + "Next check-in due \(TimeText.both(account.nextCheckInDue, now: now)).")
        }
        return success
    }
}
