import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

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

/// Where a check-in code comes from, and checking one on its own.
///
/// The words a person sees are the same whichever code they type: the
/// duress code must not show on the screen of someone forced to use it.
enum CheckInCodeInput {
    /// `LIFESIGNAL_CHECKIN_CODE`, when set and not empty.
    static func fromEnvironment(_ c: Context) -> String? {
        guard let code = c.env.variable("LIFESIGNAL_CHECKIN_CODE"), !code.isEmpty else { return nil }
        return code
    }

    /// Asks on a terminal, without echo; elsewhere a code is required.
    static func ask(_ c: Context, question: String = "Check-in code: ") throws -> String {
        guard c.input.isTerminal else {
            throw LifeSignalError.refused("a check-in code is needed: give --code, set LIFESIGNAL_CHECKIN_CODE, "
                + "or run this on a terminal")
        }
        return try c.prompts.ask(question, echo: false)
    }

    /// Checks `typed` in a transaction of its own (before `checkin --
    /// COMMAND` runs the command); a wrong code is committed as a wrong
    /// attempt and then refused. Returns whom the duress alert reached when
    /// it was the duress code.
    static func verify(_ typed: String, _ c: Context) throws -> Reach? {
        let verdict = try checked(c) { store, account in
            try CheckInCodeService(store: store, env: try c.core()).verify(typed, account: &account)
        }
        switch verdict {
        case .accepted(let duress): return duress
        case .refused(let error): throw error
        }
    }

    /// Runs `change` on the signed-in account in one transaction; with
    /// codes set and `needsCode` true of the account, only once a code
    /// (`typed`, LIFESIGNAL_CHECKIN_CODE, or asked on a terminal) is checked
    /// in that same transaction. A code given is checked even when none is
    /// needed: the real one ends a duress alert, the duress one raises it.
    /// A wrong code is committed as a wrong attempt and refused; the duress
    /// code makes the change exactly as the real one does. A code typed
    /// while none is set is refused, as `checkin` refuses it.
    ///
    /// A change refused after the duress code was checked (a trip's end
    /// already told, an extension too long) is refused as it is with the
    /// real code, and the duress alert is raised all the same, in a
    /// transaction of its own: whoever forces the code sees the same refusal,
    /// and the responders still learn of it.
    static func guarded<T>(_ c: Context, typed: String?, needsCode: (Account) -> Bool = { _ in true },
                           _ change: (LayoutStore, inout Account) throws -> T) throws -> T {
        var code = typed ?? fromEnvironment(c)
        while true {
            var duress = false
            // nil: a code is needed and none was given.
            let outcome: Result<T, LifeSignalError>?
            do {
                outcome = try checked(c) { store, account in
                    duress = false
                    if account.checkInCodes == nil {
                        if typed != nil { return .failure(noCodes) }
                    } else if needsCode(account) || code != nil {
                        guard let code else { return nil }
                        let verdict = try CheckInCodeService(store: store, env: try c.core()).verify(code, account: &account)
                        if case .refused(let error) = verdict { return .failure(error) }
                        if case .accepted(let reach) = verdict { duress = reach != nil }
                    }
                    return .success(try change(store, &account))
                }
            } catch let refusal as LifeSignalError where duress {
                if let code { _ = try verify(code, c) }
                throw refusal
            }
            guard let outcome else {
                code = try ask(c)
                continue
            }
            return try outcome.get()
        }
    }

    /// Runs `check`, which may check a code, on the signed-in account in
    /// one transaction; then hands out, silently, what the account still
    /// owes (the rest of a duress alert raised, or of one ended, past the
    /// first transaction's share), as `checkin` does: the duress code's
    /// command ends with every responder told, like the real one's. What
    /// fails is left to the next command, without a word.
    static func checked<T>(_ c: Context, _ check: (LayoutStore, inout Account) throws -> T) throws -> T {
        let (result, owes) = try c.writing { store, account in
            var account = account
            let result = try check(store, &account)
            return (result, account.owesNotices)
        }
        if owes { _ = try? c.reading { _, _ in true } }
        return result
    }

    static let noCodes = LifeSignalError.refused("no check-in code is set, so there is no code to check",
                                                 hint: "lifesignal checkin code set")
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

extension CheckinCodeSet: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let hasCodes = try c.reading { _, account in account.checkInCodes != nil }
        guard codes != nil || c.input.isTerminal else {
            throw LifeSignalError.refused("stdin is not a terminal: give --code and --duress")
        }
        var current = CheckInCodeInput.fromEnvironment(c)
        if hasCodes, current == nil {
            guard c.input.isTerminal else {
                throw LifeSignalError.refused("changing your codes needs a current one: set LIFESIGNAL_CHECKIN_CODE, "
                    + "or run this on a terminal")
            }
            current = try CheckInCodeInput.ask(c, question: "Current check-in code: ")
        }
        let new: (code: String, duress: String)
        if let codes { new = codes } else {
            c.err.line("You choose two codes: your check-in code, and a duress code that must differ from it. "
                       + "The duress code checks in as usual, and quietly raises an alert.")
            let code = try askTwice(c, "New check-in code: ")
            new = (code, try askTwice(c, "Duress code (a different one): ", differentFrom: code))
        }
        let verdict = try CheckInCodeInput.checked(c) { store, account in
            try CheckInCodeService(store: store, env: try c.core())
                .set(code: new.code, duress: new.duress, current: current, account: &account)
        }
        if case .refused(let error) = verdict { throw error }
        if c.json { c.printJSON(.object([("codesSet", .bool(true))])) } else {
            c.say("Check-in codes set. From now on a check-in needs your code; the duress code checks in the same way "
                  + "and silently alerts your responders.")
        }
        return success
    }

    /// A new code, typed twice alike (checked by the rules first, so a bad one is said at once).
    /// A code typed twice alike; one equal to `other` is refused at once,
    /// before it is asked again.
    private func askTwice(_ c: Context, _ question: String, differentFrom other: String? = nil) throws -> String {
        while true {
            let first = try c.prompts.ask(question, echo: false)
            do {
                _ = try CheckInCodeRules.validate(first)
            } catch {
                c.err.line("error: \(error.message)")
                continue
            }
            if let other, first == other {
                c.err.line("error: the duress code must differ from your check-in code; choose another")
                continue
            }
            if try c.prompts.ask("Again, to be sure: ", echo: false) == first { return first }
            c.err.line("error: the two did not match; once more")
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

extension CheckinCodeClear: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let hasCodes = try c.reading { _, account in account.checkInCodes != nil }
        guard hasCodes else {
            if c.json { c.printJSON(.object([("codesSet", .bool(false))])) } else { c.say("No check-in codes are set; nothing changed.") }
            return success
        }
        let current = try code ?? CheckInCodeInput.fromEnvironment(c) ?? CheckInCodeInput.ask(c)
        let verdict = try CheckInCodeInput.checked(c) { store, account in
            try CheckInCodeService(store: store, env: try c.core()).clear(current: current, account: &account)
        }
        if case .refused(let error) = verdict { throw error }
        if c.json { c.printJSON(.object([("codesSet", .bool(false))])) } else {
            c.say("Check-in codes cleared: a check-in needs no code any more.")
        }
        return success
    }
}
