import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore

/// `login --phone NUMBER [--code CODE] [--first-name NAME --last-name NAME]`
enum LoginCommand {
    static func run(_ c: Context) throws -> Int32 {
        let typed = c.parsed.string("phone") ?? ""
        guard let phone = PhoneNumber.normalize(typed) else { throw PhoneNumber.invalid(typed) }
        var firstName = c.parsed.string("first-name")
        var lastName = c.parsed.string("last-name")
        if let code = c.parsed.string("code") {
            return try verify(c, phone: phone, code: code, firstName: firstName, lastName: lastName)
        }
        do {
            let issued = try c.store().write(env: try c.core()) { store in
                try AuthService(store: store, env: try c.core()).requestCode(phoneNumber: phone)
            }
            try CodeDelivery(context: c).deliver(issued)
            guard c.env.input.isTerminal, !c.json else {
                c.hint("lifesignal login --phone \(phone) --code CODE")
                return success
            }
            c.err.write("Code: ")
            try? c.err.flush()
            let code = c.env.input.readLine(echo: false)?.trimmingWhitespace() ?? ""
            if issued.isNewNumber, firstName == nil || lastName == nil {
                c.err.write("New account. First name: ")
                try? c.err.flush()
                firstName = firstName ?? c.env.input.readLine(echo: true)
                c.err.write("Last name: ")
                try? c.err.flush()
                lastName = lastName ?? c.env.input.readLine(echo: true)
            }
            return try verify(c, phone: phone, code: code, firstName: firstName, lastName: lastName)
        }
    }

    private static func verify(_ c: Context, phone: String, code: String, firstName: String?, lastName: String?) throws -> Int32 {
        let previous = try? c.sessionFile().load()
        let (result, identity) = try c.store().write(env: try c.core()) { store in
            let auth = AuthService(store: store, env: try c.core())
            let outcome = try auth.verify(phoneNumber: phone, code: code, firstName: firstName, lastName: lastName)
            if case .signedIn = outcome, let previous { try auth.signOut(token: previous.token) }
            // The first write gave the store its identity, which the session belongs to.
            return (outcome, try store.identity() ?? "")
        }
        switch result {
        case .rejected(let error):
            throw error
        case .signedIn(let account, let token, let isNew):
            try c.sessionFile(identity: identity).save(SessionData(store: identity, accountID: account.id, token: token))
            if c.json {
                c.printJSON(.object([("signedIn", .bool(true)), ("isNewAccount", .bool(isNew)),
                                     ("user", JSONViews.profile(account))]))
            } else {
                c.say(isNew ? "Welcome! Signed in as \(account.fullName)." : "Signed in as \(account.fullName).")
                if account.needsOnboarding { c.hint("lifesignal profile set --first-name NAME --last-name NAME") }
                else if account.lastCheckIn == nil { c.hint("lifesignal checkin") }
            }
            return success
        }
    }
}

/// Hands a verification code to the SMS command, or shows it here.
struct CodeDelivery {
    let context: Context
    static let defaultTimeout = 30.0

    func deliver(_ issued: AuthService.IssuedCode) throws {
        let c = context
        let body = "Your lifesignal code is \(issued.code). It expires in 10 minutes."
        let local = try c.localSettings().load()
        let configured = c.env.variables["LIFESIGNAL_SMS_COMMAND"].flatMap { $0.isEmpty ? nil : $0 } ?? local.smsCommand
        guard let command = configured, !command.isEmpty else {
            if c.json {
                c.printJSON(.object([("codeSent", .bool(true)), ("delivery", .string("local")),
                                     ("phoneNumber", .string(issued.phoneNumber)), ("code", .string(issued.code)),
                                     ("expiresAt", .date(issued.expiresAt))]))
            } else {
                c.out.line("Verification code for \(issued.phoneNumber): \(issued.code)")
                c.out.line("(Shown here because no sms-command is set. On a local store the file system, not this code, is the security boundary.)")
            }
            try c.out.flush()
            return
        }
        var environment = c.env.variables
        environment["LIFESIGNAL_SMS_TO"] = issued.phoneNumber
        environment["LIFESIGNAL_SMS_BODY"] = body
        let outcome = c.env.processRunner.run(.shell(command, input: Array((body + "\n").utf8),
                                                     environment: environment,
                                                     timeout: CLIEnvironment.seconds(c.env.variables["LIFESIGNAL_COMMAND_TIMEOUT"], within: 0.1...86_400)
                                                         ?? Self.defaultTimeout))
        guard outcome.succeeded else {
            // Nobody received this code: withdraw it so a new one can be asked for at once.
            try? c.store().write(env: try c.core()) { store in
                try store.setPendingLogin(nil, phoneNumber: issued.phoneNumber)
            }
            throw ExternalCommandError(what: "sms-command", outcome: outcome)
        }
        if c.json {
            c.printJSON(.object([("codeSent", .bool(true)), ("delivery", .string("sms")),
                                 ("phoneNumber", .string(issued.phoneNumber)), ("expiresAt", .date(issued.expiresAt))]))
        } else {
            c.say("Sent a verification code to \(issued.phoneNumber).")
        }
        try c.out.flush()
    }
}

/// An external command that did not succeed.
struct ExternalCommandError: UserFacingError {
    let what: String
    let outcome: ProcessOutcome
    var kind: FailureKind { .externalCommand }
    var message: String { "the \(what) \(outcome.summary)" }
}
