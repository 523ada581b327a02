import CommandEngine
import LifeSignalApp
import LifeSignalCore

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

extension Login: RunnableCommand {
    /// Sends a code, or verifies one; on a terminal, asks for the code (again
    /// while it is wrong) and then for the names a new account lacks.
    func run(_ c: Context) throws -> Int32 {
        guard let phone = PhoneNumber.normalize(self.phone) else { throw PhoneNumber.invalid(self.phone) }
        if let code = try givenCode(c) {
            return try LoginFlow(c, phone: phone).finish(code: code, firstName: firstName, lastName: lastName)
        }
        let issued = try c.store().write(env: try c.core()) { store in
            try AuthService(store: store, env: try c.core()).requestCode(phoneNumber: phone)
        }
        try CodeDelivery.deliver(issued, c)
        guard c.input.isTerminal, !c.json else {
            c.hint("lifesignal login --phone \(phone) --code CODE")
            return success
        }
        return try LoginFlow(c, phone: phone).interactive(firstName: firstName, lastName: lastName)
    }
}

extension Login {
    /// The code to verify, from `--code CODE`, `--code -` (standard input)
    /// or `LIFESIGNAL_LOGIN_CODE`, in that order; nil when none was given.
    func givenCode(_ c: Context) throws -> String? {
        if let code, code != "-" { return code }
        if code == "-" {
            if c.input.isTerminal {
                do {
                    return try c.prompts.ask("Code: ", echo: false).trimmingWhitespace()
                } catch is PromptDeclined {
                    throw PromptDeclined("Cancelled; not signed in.")
                }
            }
            // A code is six digits: anything much longer is not one, and is not read on.
            guard let bytes = c.input.readAll(limit: 64) else {
                throw LifeSignalError.invalid("standard input holds more than a verification code")
            }
            return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        }
        if let variable = c.env.variable("LIFESIGNAL_LOGIN_CODE"), !variable.isEmpty { return variable.trimmingWhitespace() }
        return nil
    }
}

/// Verifying a code and signing in, by flags or by questions.
struct LoginFlow {
    let c: Context
    let phone: String

    init(_ c: Context, phone: String) {
        self.c = c
        self.phone = phone
    }

    /// Asks for the code until it is right (a wrong one costs an attempt),
    /// signs in, and only then asks a new account for its name.
    func interactive(firstName: String?, lastName: String?) throws -> Int32 {
        while true {
            let code: String
            do {
                code = try c.prompts.ask("Code: ", echo: false).trimmingWhitespace()
            } catch is PromptDeclined {
                throw PromptDeclined("Cancelled; not signed in.")
            }
            switch try verify(code: code, firstName: firstName, lastName: lastName) {
            case .signedIn(var account, let isNew):
                if account.needsOnboarding {
                    c.err.line(isNew ? "New account for \(phone). What should your contacts call you?"
                                     : "Your profile has no name yet. What should your contacts call you?")
                    account = try askNames(account)
                }
                report(account, isNew: isNew)
                return success
            case .rejected(let error):
                // While the code still stands, another try is worth asking for;
                // once it has expired or is used up, stop and say so.
                guard try codeIsWaiting() else { throw error }
                c.err.line("error: \(TerminalText.line(error.message))")
            }
        }
    }

    /// Verifies `code` given on the command line.
    func finish(code: String, firstName: String?, lastName: String?) throws -> Int32 {
        switch try verify(code: code, firstName: firstName, lastName: lastName) {
        case .rejected(let error):
            throw error
        case .signedIn(let account, let isNew):
            report(account, isNew: isNew)
            return success
        }
    }

    private enum Outcome {
        case signedIn(Account, isNew: Bool)
        case rejected(LifeSignalError)
    }

    /// One attempt; the session is saved here when it succeeds.
    private func verify(code: String, firstName: String?, lastName: String?) throws -> Outcome {
        let previous = try? c.sessionFile().load()
        let notifyCommandSince = try? PresenceRecords(context: c).notifyCommandSince()
        // Read once, outside the store's transaction (which may run again).
        let machineZone = MachineZone.name(c)
        let (result, identity, codeKey, replaced) = try c.store().write(env: try c.core()) { store in
            let auth = AuthService(store: store, env: try c.core())
            let outcome = try auth.verify(phoneNumber: phone, code: code, firstName: firstName, lastName: lastName,
                                          machine: SignInPlace.describe(c, onTerminal: c.input.isTerminal), timeZone: machineZone)
            var replaced: Account?
            if case .signedIn(let account, _, _) = outcome, let previous {
                // Another account's session here ends: its owner is named, so the switch is never silent.
                if previous.accountID != account.id, (try? store.session(tokenHash: SHA256.hexDigest(previous.token))) != nil {
                    replaced = try? store.account(previous.accountID)
                }
                try auth.signOut(token: previous.token)
            }
            if case .signedIn(let account, let token, _) = outcome {
                // This machine's delivery set-up follows it to the new sign-in.
                let replaced = previous.flatMap { $0.accountID == account.id ? SHA256.hexDigest($0.token) : nil }
                try DeliverySetupService(store: store, env: try c.core()).signedIn(
                    account: account.id, session: SHA256.hexDigest(token), replacing: replaced,
                    notifyCommandSince: notifyCommandSince)
            }
            // The first write gave the store its identity, which the session belongs to.
            return (outcome, try store.identity() ?? "", try store.codeKey(), replaced)
        }
        switch result {
        case .rejected(let error):
            return .rejected(error)
        case .signedIn(let account, let token, let isNew):
            try c.sessionFile(identity: identity).save(SessionData(store: identity, accountID: account.id, token: token,
                                                                   codeKey: codeKey))
            if let replaced, !c.json { c.say("Signed out \(TerminalText.line(replaced.fullName)).") }
            return .signedIn(account, isNew: isNew)
        }
    }

    /// Whether a code for the number is still waiting to be verified.
    private func codeIsWaiting() throws -> Bool {
        let now = try c.now()
        return try c.store().read(env: try c.core()) { store in
            guard let login = try store.pendingLogin(phoneNumber: phone) else { return false }
            return now < login.expiresAt
        }
    }

    /// First and last name, asked until the rules accept them.
    private func askNames(_ account: Account) throws -> Account {
        var account = account
        while true {
            let first = try ask("First name: ")
            let last = try ask("Last name: ")
            do {
                account = try c.writing { store, current in
                    var current = current
                    try AccountService(store: store, env: try c.core())
                        .updateProfile(&current, firstName: first, lastName: last, note: nil)
                    return current
                }
                return account
            } catch let error as LifeSignalError where error.kind == .refused {
                c.err.line("error: \(TerminalText.line(error.message))")
            }
        }
    }

    /// A name question; Ctrl-D leaves the account signed in without a name.
    private func ask(_ question: String) throws -> String {
        do {
            return try c.prompts.ask(question)
        } catch is PromptDeclined {
            throw PromptDeclined("Signed in, but your profile has no name yet: "
                                 + "lifesignal profile set --first-name NAME --last-name NAME")
        }
    }

    private func report(_ account: Account, isNew: Bool) {
        let waiting = waitingInvitations()
        if c.json {
            c.printJSON(.object([("signedIn", .bool(true)), ("isNewAccount", .bool(isNew)),
                                 ("user", JSONViews.profile(account)), ("pendingInvitations", .int(waiting.count))]))
            return
        }
        let name = account.needsOnboarding ? account.phoneNumber : TerminalText.line(account.fullName)
        c.say(isNew ? "Welcome! Signed in as \(name)." : "Signed in as \(name).")
        if !waiting.isEmpty {
            let from = waiting.map { TerminalText.line($0.from.name) }.joined(separator: ", ")
            c.say(waiting.count == 1 ? "An invitation waits for your answer, from \(from)."
                                     : "\(waiting.count) invitations wait for your answer, from \(from).")
        }
        if account.needsOnboarding { c.hint("lifesignal profile set --first-name NAME --last-name NAME") }
        else if !waiting.isEmpty { c.hint("lifesignal contacts invitations") }
        else if account.lastCheckIn == nil { c.hint("lifesignal checkin") }
    }

    /// Invitations waiting for the account's answer, such as those sent to
    /// its number before it had an account. The sign-in has happened: a
    /// failure to read them costs only this line.
    private func waitingInvitations() -> [ReceivedInvitation] {
        guard let now = try? c.now() else { return [] }
        return (try? c.reading { store, account in
            try InvitationDirectory(store: store).received(of: account.id, now: now).filter(\.invitation.isPending)
        }) ?? []
    }
}

/// Hands a verification code to the SMS command, or shows it here.
extension CodeDelivery {
    /// Delivers the code and says how: shown here when no sms command is
    /// set (with what that means for this store), else sent.
    static func deliver(_ issued: AuthService.IssuedCode, _ c: Context) throws {
        switch try CodeDelivery(context: c).deliver(issued) {
        case .shownHere:
            if c.json {
                c.printJSON(.object([("codeSent", .bool(true)), ("delivery", .string("local")),
                                     ("phoneNumber", .string(issued.phoneNumber)), ("code", .string(issued.code)),
                                     ("expiresAt", .date(issued.expiresAt))]))
            } else {
                c.out.line("Verification code for \(issued.phoneNumber): \(issued.code)")
                if c.storeIsEtcd {
                    c.out.line("(Shown here because no sms-command is set. Anyone who holds this etcd store's credentials can read every account on it, this code too: set an sms-command so that only the phone gets codes.)")
                } else {
                    c.out.line("(Shown here because no sms-command is set. On a local store the file system, not this code, is the security boundary.)")
                }
            }
        case .sent:
            if c.json {
                c.printJSON(.object([("codeSent", .bool(true)), ("delivery", .string("sms")),
                                     ("phoneNumber", .string(issued.phoneNumber)), ("expiresAt", .date(issued.expiresAt))]))
            } else {
                c.say("Sent a verification code to \(issued.phoneNumber).")
            }
        }
        try c.out.flush()
    }
}
