import CommandEngine

/// Sign-in, status and profile.
enum AccountCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("login") { Login.spec },
        SubcommandEntry("logout") { Logout.spec },
        SubcommandEntry("status") { Status.spec },
        SubcommandEntry("profile") { Profile.spec },
    ]
}

/// `login --phone NUMBER [--code CODE] [--first-name NAME --last-name NAME]`
struct Login: CommandInput, Equatable {
    static let phone = Option<String>(
        "phone", valueName: "NUMBER",
        help: "Your phone number in international form: +15551234567, +1 555-123-4567 or 001 555 123 4567.",
        isRequired: true)
    static let code = Option<String>(
        "code", valueName: "CODE",
        help: "The 6-digit verification code you received; - reads it from standard input. Other users can see a code "
            + "given here in the process list while login runs: prefer --code - or LIFESIGNAL_LOGIN_CODE.")
    static let firstName = Option<String>("first-name", valueName: "NAME", help: "Your first name (for a new account).")
    static let lastName = Option<String>("last-name", valueName: "NAME", help: "Your last name (for a new account).")

    static let spec = CommandSpec(
        "login",
        summary: "Sign in with your phone number and a verification code",
        discussion: [
            "With --phone only, a 6-digit code is sent through the sms-command (or shown here when none is set) and, on a terminal, asked for: a wrong code is asked for again, and a new account is asked for its name once the code is right. Elsewhere, run again with --code.",
            "A number never seen before creates an account; give --first-name and --last-name to finish setting it up in the same call.",
            "The code may also come from LIFESIGNAL_LOGIN_CODE, or from standard input with --code - (a pipe or a file; on a terminal it is asked for, hidden): unlike --code CODE, neither shows in the process list.",
            "Signing in to an account that already exists puts a sign-in notice, naming this machine, in its notifications; 'lifesignal sessions' lists where you are signed in.",
        ],
        options: [phone.spec, code.spec, firstName.spec, lastName.spec],
        examples: [
            CommandExample("login --phone +15551234567", "send a code (and ask for it on a terminal)"),
            CommandExample("login --phone +15551234567 --code 123456 --first-name Ada --last-name Lovelace",
                           "verify the code and name a new account"),
            CommandExample("login --phone +15551234567 --code -", "verify a code read from standard input, kept out of the process list"),
        ],
        input: .running(Login.self))

    /// As typed; `PhoneNumber` judges it, so a bad number is refused like any rule.
    let phone: String
    let code: String?
    let firstName: String?
    let lastName: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        phone = try parsed.value(Self.phone) ?? ""
        code = try parsed.value(Self.code)
        firstName = try parsed.value(Self.firstName)
        lastName = try parsed.value(Self.lastName)
    }
}

/// `logout`
struct Logout: CommandInput, Equatable {
    static let spec = CommandSpec("logout", summary: "Sign out of this store", input: .running(Logout.self))

    init(from parsed: ParsedCommand) {}
}

/// `status [--check]`
struct Status: CommandInput, Equatable {
    static let check = Flag(
        "check", help: "Print nothing; exit 11 when your alert is active, 10 when you are overdue, 13 when you are fine but a dependent needs you, 0 otherwise.")

    static let spec = CommandSpec(
        "status",
        summary: "Show your check-in status, alert, pings, unread notifications and the dependents who need you",
        discussion: [
            "Needs you lists the dependents with an alert, an overdue check-in, or an account that cannot be read. Watched says how many responders you have: with none, a missed check-in reaches nobody.",
        ],
        options: [check.spec],
        examples: [
            CommandExample("status", "see when your next check-in is due, and who needs you"),
            CommandExample("status --check", "print nothing; exit 10 when overdue, 11 during an alert, 13 when a dependent needs you (for prompts and scripts)"),
        ],
        input: .running(Status.self))

    let check: Bool

    init(from parsed: ParsedCommand) {
        check = parsed[Self.check]
    }
}

/// `profile`
struct Profile: CommandInput, Equatable {
    static let spec = CommandSpec(
        "profile",
        summary: "Show your profile",
        subcommandEntries: [
            SubcommandEntry("set") { ProfileSet.spec },
            SubcommandEntry("edit-note") { ProfileEditNote.spec },
        ],
        isRunnable: true,
        input: .running(Profile.self))

    init(from parsed: ParsedCommand) {}
}

/// `profile set [--first-name NAME] [--last-name NAME] [--note TEXT]`
struct ProfileSet: CommandInput, Equatable {
    static let firstName = Option<String>("first-name", valueName: "NAME", help: "Your first name.")
    static let lastName = Option<String>("last-name", valueName: "NAME", help: "Your last name.")
    static let note = Option<String>(
        "note", valueName: "TEXT",
        help: "Your emergency note, shown to responders when you miss a check-in or raise an alert (empty clears it; - reads it from standard input).")

    static let spec = CommandSpec(
        "set",
        summary: "Change your name or emergency note",
        discussion: ["A name is one line of at most 128 bytes (UTF-8); the note may span lines, up to 4000 bytes."],
        options: [firstName.spec, lastName.spec, note.spec],
        examples: [
            CommandExample("profile set --note 'Diabetic; spare key under the blue pot'", "set the emergency note"),
        ],
        input: .running(ProfileSet.self))

    let firstName: String?
    let lastName: String?
    let note: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        try parsed.requireOne(of: [Self.firstName.spec, Self.lastName.spec, Self.note.spec])
        firstName = try parsed.value(Self.firstName)
        lastName = try parsed.value(Self.lastName)
        note = try parsed.value(Self.note)
    }
}

/// `profile edit-note`
struct ProfileEditNote: CommandInput, Equatable {
    static let spec = CommandSpec(
        "edit-note",
        summary: "Edit your emergency note in $VISUAL or $EDITOR",
        discussion: ["The note is written to a private temporary file that the editor opens (VISUAL, else EDITOR, "
            + "else vi, run by /bin/sh); what the editor leaves there when it exits 0 becomes the note. An editor that "
            + "fails changes nothing."],
        examples: [CommandExample("profile edit-note", "write a long note in your editor")],
        input: .running(ProfileEditNote.self))

    init(from parsed: ParsedCommand) {}
}
