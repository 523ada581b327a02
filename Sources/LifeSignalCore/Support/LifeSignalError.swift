/// What kind of failure an error is; the CLI turns each into one exit code.
public enum FailureKind: Sendable, Equatable {
    case usage, notSignedIn, notFound, refused, busy, damaged, externalCommand, io, unavailable, unexpected
}

/// An error the core reports to the person at the keyboard.
public protocol UserFacingError: Error, Sendable {
    var kind: FailureKind { get }
    /// One line, no trailing period needed.
    var message: String { get }
    /// The next command to run, when there is an obvious one.
    var hint: String? { get }
}

extension UserFacingError {
    public var hint: String? { nil }
}

/// Errors from the rules and services of lifesignal.
public enum LifeSignalError: UserFacingError, Equatable {
    case notSignedIn
    case sessionExpired
    /// The session went unused for `SessionService.idleLimit`.
    case sessionUnused
    case needsOnboarding
    case invalid(String)
    case refused(String, hint: String? = nil)
    case notFound(String, hint: String? = nil)
    case ambiguous(query: String, candidates: [String])

    public var kind: FailureKind {
        switch self {
        case .notSignedIn, .sessionExpired, .sessionUnused: .notSignedIn
        case .needsOnboarding, .invalid, .refused: .refused
        case .notFound, .ambiguous: .notFound
        }
    }

    public var message: String {
        switch self {
        case .notSignedIn: "you are not signed in"
        case .sessionExpired: "your session has ended (signed out elsewhere)"
        case .sessionUnused: "your session has expired: it went unused for 90 days"
        case .needsOnboarding: "your profile has no name yet"
        case .invalid(let text), .refused(let text, _), .notFound(let text, _): text
        case .ambiguous(let query, let candidates):
            "\(quoted(query)) matches \(candidates.count) contacts: " + candidates.joined(separator: ", ")
        }
    }

    public var hint: String? {
        switch self {
        case .notSignedIn, .sessionExpired, .sessionUnused: "lifesignal login --phone NUMBER"
        case .needsOnboarding: "lifesignal profile set --first-name NAME --last-name NAME"
        case .refused(_, let hint), .notFound(_, let hint): hint
        case .invalid, .ambiguous: nil
        }
    }
}
