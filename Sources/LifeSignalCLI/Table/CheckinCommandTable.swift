import CommandEngine
import LifeSignalCore

/// Check-ins and their schedule.
enum CheckinCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("checkin") { Checkin.spec },
    ]
}

/// `checkin [--code CODE] [--label TEXT] [-- COMMAND [ARG...]]`
struct Checkin: CommandInput, Equatable {
    static let code = Option<String>(
        "code", valueName: "CODE",
        help: "Your check-in code, when you set codes (LIFESIGNAL_CHECKIN_CODE keeps it out of the process list; on a terminal you are asked).")
    static let label = Option<String>(
        "label", valueName: "TEXT",
        help: "What your circle sees of the command in your check-in history (by default its name only).",
        expected: "one line of at most \(CheckInLabel.maxBytes) bytes", convert: CheckInLabel.valid)

    static let spec = CommandSpec(
        "checkin",
        summary: "Check in now, or when a command succeeds",
        discussion: [
            "With -- COMMAND, runs COMMAND and checks in only if it exits 0; lifesignal then exits with COMMAND's status. Your circle sees only the command's name (its first word, without directories), never its arguments, unless --label names it otherwise.",
            "Once you set check-in codes ('checkin code set'), a check-in needs one. The duress code checks in exactly like the real one, with the same output, and silently raises an alert to every responder. A wrong code changes nothing (exit 5); after 5 wrong codes in a row you have to wait a minute, doubling with each further one.",
        ],
        options: [code.spec, label.spec],
        subcommandEntries: [
            SubcommandEntry("history") { CheckinHistory.spec },
            SubcommandEntry("interval") { CheckinInterval.spec },
            SubcommandEntry("extend") { CheckinExtend.spec },
            SubcommandEntry("pause") { CheckinPause.spec },
            SubcommandEntry("resume") { CheckinResume.spec },
            SubcommandEntry("code") { CheckinCodeCommands.spec },
        ],
        isRunnable: true,
        passthrough: ArgumentSpec("COMMAND", help: "A command to run; check in only if it succeeds.", isVariadic: true),
        examples: [
            CommandExample("checkin", "check in now"),
            CommandExample("checkin -- ./backup.sh", "check in only if the backup succeeds"),
            CommandExample("checkin --label nightly-sync -- rsync -a ~/notes backup:", "the same, shown to your circle as nightly-sync"),
            CommandExample("checkin --code \"$CODE\"", "check in with your code, from a script"),
        ],
        input: .running(Checkin.self))

    /// The command to run first, nil for a plain check-in.
    let command: [String]?
    /// The code typed on the command line.
    let code: String?
    /// What the store keeps instead of the command's name.
    let label: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        if let words = parsed.passthrough, words.isEmpty {
            throw parsed.problem(.missingArgument("COMMAND after --"))
        }
        command = parsed.passthrough
        code = try parsed.value(Self.code)
        label = try parsed.value(Self.label)
        if label != nil, command == nil {
            throw parsed.problem(.missingArgument("-- COMMAND for --label"))
        }
    }
}

/// `checkin history [--limit N]`
struct CheckinHistory: CommandInput, Equatable {
    static let limit = Option<Int>.integer("limit", short: "n", in: 1...100_000, help: "Show at most N check-ins (default 20).")

    static let spec = CommandSpec(
        "history",
        summary: "List your past check-ins, newest first",
        options: [limit.spec],
        input: .running(CheckinHistory.self))

    let limit: Int

    init(from parsed: ParsedCommand) throws(UsageError) {
        limit = try parsed.value(Self.limit) ?? 20
    }
}

/// `checkin interval [DURATION] [--reminder DURATION] [--grace DURATION] [--repeat DURATION|off]`
struct CheckinInterval: CommandInput, Equatable {
    static let duration = Argument<Int>(
        "DURATION", help: "The new check-in interval.", isOptional: true,
        completion: .choices(["8h", "16h", "1d", "2d", "3d"]), expected: SharedInputs.durationExpected,
        convert: SharedInputs.duration)
    static let reminder = Option<Int>(
        "reminder", valueName: "DURATION", help: "How long before the deadline to remind you.",
        expected: "a duration such as 1h, 2h or 30m", completion: .choices(["1h", "2h", "4h", "8h"]),
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

    static let spec = CommandSpec(
        "interval",
        summary: "Show or set how often you check in, and when you and your responders are told",
        discussion: [
            "Presets: 8h, 16h, 1d, 2d, 3d for check-ins; 1h, 2h, 4h, 8h for the reminder. Other durations work too (e.g. 90m, 1d12h, or seconds).",
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
