import CommandEngine

/// Sign-in, profile, status and check-ins.
enum AccountCommandTable {
    static let all = [login, logout, status, profile, checkin]

    static let login = CommandSpec(
        "login",
        summary: "Sign in with your phone number and a verification code",
        discussion: [
            "With --phone only, a 6-digit code is sent through the sms-command (or shown here when none is set) and, on a terminal, asked for. Elsewhere, run again with --code.",
            "A number never seen before creates an account; give --first-name and --last-name to finish setting it up in the same call.",
        ],
        options: [
            .value("phone", valueName: "NUMBER", help: "Your phone number in international form, e.g. +15551234567.", isRequired: true),
            .value("code", valueName: "CODE", help: "The 6-digit verification code you received."),
            .value("first-name", valueName: "NAME", help: "Your first name (for a new account)."),
            .value("last-name", valueName: "NAME", help: "Your last name (for a new account)."),
        ],
        examples: [
            CommandExample("login --phone +15551234567", "send a code (and ask for it on a terminal)"),
            CommandExample("login --phone +15551234567 --code 123456 --first-name Ada --last-name Lovelace",
                           "verify the code and name a new account"),
        ])

    static let logout = CommandSpec("logout", summary: "Sign out of this store")

    static let status = CommandSpec(
        "status",
        summary: "Show your check-in status, alert, pings, unread notifications and the dependents who need you",
        discussion: [
            "Needs you lists the dependents with an alert, an overdue check-in, or an account that cannot be read. Watched says how many responders you have: with none, a missed check-in reaches nobody.",
        ],
        options: [
            .flag("check", help: "Print nothing; exit 11 when your alert is active, 10 when you are overdue, 13 when you are fine but a dependent needs you, 0 otherwise."),
        ],
        examples: [
            CommandExample("status", "see when your next check-in is due, and who needs you"),
            CommandExample("status --check", "print nothing; exit 10 when overdue, 11 during an alert, 13 when a dependent needs you (for prompts and scripts)"),
        ])

    static let profile = CommandSpec(
        "profile",
        summary: "Show your profile",
        subcommands: [profileSet],
        isRunnable: true)

    static let profileSet = CommandSpec(
        "set",
        summary: "Change your name or emergency note",
        discussion: ["A name is one line of at most 128 bytes (UTF-8); the note may span lines, up to 4000 bytes."],
        options: [
            .value("first-name", valueName: "NAME", help: "Your first name."),
            .value("last-name", valueName: "NAME", help: "Your last name."),
            .value("note", valueName: "TEXT", help: "Your emergency note, shown to responders when you miss a check-in or raise an alert (empty clears it)."),
        ],
        examples: [
            CommandExample("profile set --note 'Diabetic; spare key under the blue pot'", "set the emergency note"),
        ])

    static let checkin = CommandSpec(
        "checkin",
        summary: "Check in now, or when a command succeeds",
        discussion: [
            "With -- COMMAND, runs COMMAND and checks in only if it exits 0; lifesignal then exits with COMMAND's status.",
        ],
        subcommands: [checkinHistory, checkinInterval],
        isRunnable: true,
        passthrough: ArgumentSpec("COMMAND", help: "A command to run; check in only if it succeeds.", isVariadic: true),
        examples: [
            CommandExample("checkin", "check in now"),
            CommandExample("checkin -- ./backup.sh", "check in only if the backup succeeds"),
        ])

    static let checkinHistory = CommandSpec(
        "history",
        summary: "List your past check-ins, newest first",
        options: [.value("limit", valueName: "N", help: "Show at most N check-ins (default 20).")])

    static let checkinInterval = CommandSpec(
        "interval",
        summary: "Show or set how often you check in and when you are reminded",
        discussion: [
            "Presets: 8h, 16h, 1d, 2d, 3d for check-ins; 1h, 2h, 4h, 8h for the reminder. Other durations work too (e.g. 90m, 1d12h, or seconds).",
            "The reminder is always shorter than the interval: shortening the interval below it moves the reminder to the largest preset that fits.",
        ],
        arguments: [ArgumentSpec("DURATION", help: "The new check-in interval.", isOptional: true,
                                 completion: .choices(["8h", "16h", "1d", "2d", "3d"]))],
        options: [
            OptionSpec("reminder", help: "How long before the deadline to remind you.",
                       kind: .value(valueName: "DURATION"), completion: .choices(["1h", "2h", "4h", "8h"])),
        ],
        examples: [
            CommandExample("checkin interval 2d --reminder 4h", "check in every two days, reminded four hours before"),
        ])
}
