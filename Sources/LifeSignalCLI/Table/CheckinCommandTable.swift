import CommandEngine

/// Check-ins and their schedule.
enum CheckinCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("checkin") { Checkin.spec },
    ]
}

/// `checkin [-- COMMAND [ARG...]]`
struct Checkin: CommandInput, Equatable {
    static let spec = CommandSpec(
        "checkin",
        summary: "Check in now, or when a command succeeds",
        discussion: [
            "With -- COMMAND, runs COMMAND and checks in only if it exits 0; lifesignal then exits with COMMAND's status.",
        ],
        subcommands: [CheckinHistory.spec, CheckinInterval.spec],
        isRunnable: true,
        passthrough: ArgumentSpec("COMMAND", help: "A command to run; check in only if it succeeds.", isVariadic: true),
        examples: [
            CommandExample("checkin", "check in now"),
            CommandExample("checkin -- ./backup.sh", "check in only if the backup succeeds"),
        ],
        input: .running(Checkin.self))

    /// The command to run first, nil for a plain check-in.
    let command: [String]?

    init(from parsed: ParsedCommand) throws(UsageError) {
        if let words = parsed.passthrough, words.isEmpty {
            throw parsed.problem(.missingArgument("COMMAND after --"))
        }
        command = parsed.passthrough
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

/// `checkin interval [DURATION] [--reminder DURATION]`
struct CheckinInterval: CommandInput, Equatable {
    static let duration = Argument<Int>(
        "DURATION", help: "The new check-in interval.", isOptional: true,
        completion: .choices(["8h", "16h", "1d", "2d", "3d"]), expected: SharedInputs.durationExpected,
        convert: SharedInputs.duration)
    static let reminder = Option<Int>(
        "reminder", valueName: "DURATION", help: "How long before the deadline to remind you.",
        expected: "a duration such as 1h, 2h or 30m", completion: .choices(["1h", "2h", "4h", "8h"]),
        convert: SharedInputs.duration)

    static let spec = CommandSpec(
        "interval",
        summary: "Show or set how often you check in and when you are reminded",
        discussion: [
            "Presets: 8h, 16h, 1d, 2d, 3d for check-ins; 1h, 2h, 4h, 8h for the reminder. Other durations work too (e.g. 90m, 1d12h, or seconds).",
            "The reminder is always shorter than the interval: shortening the interval below it moves the reminder to the largest preset that fits.",
        ],
        arguments: [duration.spec],
        options: [reminder.spec],
        examples: [
            CommandExample("checkin interval 2d --reminder 4h", "check in every two days, reminded four hours before"),
        ],
        input: .running(CheckinInterval.self))

    /// Seconds; nil leaves it as it is.
    let interval: Int?
    let reminder: Int?

    init(from parsed: ParsedCommand) throws(UsageError) {
        interval = try parsed.value(Self.duration)
        reminder = try parsed.value(Self.reminder)
    }
}
