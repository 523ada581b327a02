import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

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

extension Profile: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let account = try c.reading { _, account in account }
        if c.json {
            c.printJSON(JSONViews.profile(account))
            return success
        }
        var table = TextTable(columns: [.fixed, .flexible])
        table.add(["Name", Self.name(account)])
        table.add(["Phone", account.phoneNumber])
        table.add(["QR code ID", account.qrCodeID])
        table.add(["Check-in", "every \(DurationText.format(seconds: account.checkInInterval)), reminder "
                   + "\(DurationText.format(seconds: account.reminderInterval)) before"])
        table.add(["Last check-in", TimeText.both(account.lastCheckIn, now: now, none: "never")])
        table.add(["Emergency note", account.emergencyNote.isEmpty ? "(none)" : TerminalText.block(account.emergencyNote)])
        c.print(table)
        if account.needsOnboarding { c.hint(Self.missingNameHint(account)) }
        return success
    }

    /// The name as far as it is set: a first name alone is shown, and what
    /// is missing said, instead of "(not set)" for the whole.
    static func name(_ account: Account) -> String {
        switch (account.firstName.isEmpty, account.lastName.isEmpty) {
        case (true, true): "(not set)"
        case (false, true): TerminalText.line(account.firstName) + " (no last name yet)"
        case (true, false): TerminalText.line(account.lastName) + " (no first name yet)"
        case (false, false): TerminalText.line(account.fullName)
        }
    }

    /// The command that completes the name: both names until either is set.
    static func missingNameHint(_ account: Account) -> String {
        switch (account.firstName.isEmpty, account.lastName.isEmpty) {
        case (false, true): "lifesignal profile set --last-name NAME"
        case (true, false): "lifesignal profile set --first-name NAME"
        default: "lifesignal profile set --first-name NAME --last-name NAME"
        }
    }
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

extension ProfileSet: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let note = try self.note == "-" ? Self.noteFromInput(c) : self.note
        let account = try c.writing { store, account in
            var account = account
            try AccountService(store: store, env: try c.core())
                .updateProfile(&account, firstName: firstName, lastName: lastName, note: note)
            return account
        }
        if c.json {
            c.printJSON(JSONViews.profile(account))
        } else {
            c.say("Profile updated.")
            // Adding contacts needs both names: say so now, not at the first refusal.
            if account.needsOnboarding {
                c.say("Contacts see your full name: add your \(account.firstName.isEmpty ? "first" : "last") name before adding anyone.")
                c.hint(Profile.missingNameHint(account))
            }
        }
        return success
    }

    /// `--note -`: the note from standard input (a file, a pipe, or typed
    /// up to Ctrl-D), read before the store is touched.
    static func noteFromInput(_ c: Context) throws -> String {
        if c.input.isTerminal { c.err.line("Type your emergency note, then Ctrl-D on a line of its own:") }
        try? c.err.flush()
        // Four times the longest note: enough for any note, and a clear refusal past it.
        guard let bytes = c.input.readAll(limit: 4 * ProfileRules.maxNoteBytes) else {
            throw LifeSignalError.invalid("standard input holds more than an emergency note "
                                          + "(at most \(ProfileRules.maxNoteBytes) bytes)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LifeSignalError.invalid("the emergency note on standard input is not UTF-8 text")
        }
        return text
    }
}
