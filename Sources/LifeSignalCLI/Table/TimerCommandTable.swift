import CommandEngine
import FoundationEssentials

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
            "Extensions add up, but the deadline may move at most 7 days past now. The next check-in starts a normal interval again.",
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

/// `checkin code set|clear`
enum CheckinCodeCommands {
    static let spec = CommandSpec(
        "code",
        summary: "Set or clear your check-in code and duress code",
        discussion: [
            "With codes set, a check-in needs one of them, and so does everything that gives you more time before your responders hear: a longer interval or grace period, fewer repeats, a pause, its early end, an extension, changing or clearing the codes. The duress code does each exactly like the real one (the same output, exit status, history, status and feed, so whoever watches sees nothing) and silently raises an alert, with your emergency note, to every responder.",
            "'alert off' answers as if no alert were active and leaves the duress alert standing: your real code ends it (your responders are told), or a responder's 'ack'.",
        ],
        subcommandEntries: [
            SubcommandEntry("set") { CheckinCodeSet.spec },
            SubcommandEntry("clear") { CheckinCodeClear.spec },
        ])
}

/// `checkin code set [--code CODE --duress CODE]`
struct CheckinCodeSet: CommandInput, Equatable {
    static let code = Option<String>("code", valueName: "CODE", help: "The new check-in code (4 to 64 bytes).")
    static let duress = Option<String>("duress", valueName: "CODE", help: "The new duress code, different from the check-in code.")

    static let spec = CommandSpec(
        "set",
        summary: "Set (or change) your check-in and duress codes",
        discussion: [
            "On a terminal you are asked for both, twice, without echo; elsewhere give --code and --duress (other users can see command lines, so prefer the terminal). Changing codes needs a current one: asked on a terminal, else LIFESIGNAL_CHECKIN_CODE.",
        ],
        options: [code.spec, duress.spec],
        examples: [CommandExample("checkin code set", "asks for the codes")],
        input: .running(CheckinCodeSet.self))

    /// Both codes, or neither (then they are asked for).
    let codes: (code: String, duress: String)?

    static func == (a: CheckinCodeSet, b: CheckinCodeSet) -> Bool { a.codes?.code == b.codes?.code && a.codes?.duress == b.codes?.duress }

    init(from parsed: ParsedCommand) throws(UsageError) {
        let code = try parsed.value(Self.code)
        let duress = try parsed.value(Self.duress)
        switch (code, duress) {
        case (let code?, let duress?): codes = (code, duress)
        case (nil, nil): codes = nil
        case (nil, _?): throw parsed.problem(.missingOption("--code"))
        case (_?, nil): throw parsed.problem(.missingOption("--duress"))
        }
    }
}

/// `checkin code clear [--code CODE]`
struct CheckinCodeClear: CommandInput, Equatable {
    static let code = Option<String>(
        "code", valueName: "CODE", help: "Your current check-in code (else LIFESIGNAL_CHECKIN_CODE, else you are asked).")

    static let spec = CommandSpec(
        "clear",
        summary: "Clear your codes: check-ins need none again",
        options: [code.spec],
        input: .running(CheckinCodeClear.self))

    let code: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        code = try parsed.value(Self.code)
    }
}
