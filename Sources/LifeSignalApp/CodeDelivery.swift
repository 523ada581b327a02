import LifeSignalCore

/// Hands a sign-in code to the phone through the sms command
/// (`LIFESIGNAL_SMS_COMMAND`, else the setting `sms-command`); with none
/// set, the code is for the command line to show.
public struct CodeDelivery {
    /// How a code reached, or is to reach, its phone.
    public enum Outcome: Equatable {
        /// No sms command is set: the code is shown where it was asked for.
        case shownHere
        /// The sms command took it.
        case sent
    }

    let context: AppSession
    static let defaultTimeout = 30.0

    public init(context: AppSession) { self.context = context }

    /// Runs the sms command on `issued`; a code it failed on is withdrawn
    /// (nobody received it), so that a new one can be asked for at once.
    public func deliver(_ issued: AuthService.IssuedCode) throws -> Outcome {
        let c = context
        let body = "Your lifesignal code is \(issued.code). It expires in 10 minutes."
        let local = try c.settings()
        let configured = c.env.variable("LIFESIGNAL_SMS_COMMAND").flatMap { $0.isEmpty ? nil : $0 } ?? local.smsCommand
        guard let command = configured, !command.isEmpty else { return .shownHere }
        var environment = c.env.childEnvironment()
        environment["LIFESIGNAL_SMS_TO"] = issued.phoneNumber
        environment["LIFESIGNAL_SMS_BODY"] = body
        let outcome = c.env.processRunner.run(.shell(command, input: Array((body + "\n").utf8),
                                                     environment: environment,
                                                     timeout: AppEnvironment.seconds(c.env.variable("LIFESIGNAL_COMMAND_TIMEOUT"), within: 0.1...86_400)
                                                         ?? Self.defaultTimeout))
        guard outcome.succeeded else {
            try? c.store().write(env: try c.core()) { store in
                try store.setPendingLogin(nil, phoneNumber: issued.phoneNumber)
            }
            throw ExternalCommandError(what: "sms-command", outcome: outcome)
        }
        return .sent
    }
}

/// An external command that did not succeed.
public struct ExternalCommandError: UserFacingError {
    public let what: String
    public let outcome: ProcessOutcome
    public var kind: FailureKind { .externalCommand }
    public var message: String { "the \(what) \(outcome.summary)" }

    public init(what: String, outcome: ProcessOutcome) {
        self.what = what
        self.outcome = outcome
    }
}
