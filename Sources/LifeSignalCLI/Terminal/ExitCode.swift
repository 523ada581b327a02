import LifeSignalCore

/// Every exit status lifesignal uses, in one place: the code, the README
/// and the man page read this table.
public enum ExitCode: Int32, CaseIterable, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    case notSignedIn = 3
    case notFound = 4
    case refused = 5
    case busy = 6
    case damaged = 7
    case io = 8
    case externalCommand = 9
    case overdue = 10
    case alertActive = 11
    case unavailable = 12
    case dependentNeedsYou = 13
    case declined = 14
    case drillNotDelivered = 15

    /// One line for the README and the man page.
    public var meaning: String {
        switch self {
        case .success: "Success; for status --check: on time (or not started)."
        case .failure: "An unexpected failure."
        case .usage: "Usage error: unknown command or option, missing or bad argument."
        case .notSignedIn: "Not signed in (or the session was ended elsewhere, or expired unused)."
        case .notFound: "Not found: no such contact, ping, notification or code; or an ambiguous name."
        case .refused: "Invalid input or refused by a rule (wrong code, reminder too long, confirmation missing, ...)."
        case .busy: "The store is busy: another process held its lock for too long."
        case .damaged: "A store file is damaged, or was written by a newer lifesignal."
        case .io: "An input/output error (disk full, permissions, unwritable output), or a store or local file that someone else could have planted or changed."
        case .externalCommand: "An external command (sms-command, notify-command) failed or timed out."
        case .overdue: "status --check: your check-in is overdue."
        case .alertActive: "status --check: an alert is active."
        case .unavailable: "The store is unavailable: an etcd cluster cannot be reached, has no quorum, or refused our certificate or password; or a change was sent and could not be confirmed (the message then says it may have been made)."
        case .dependentNeedsYou: "status --check: you are fine, but a dependent is overdue, has an alert, or cannot be checked."
        case .declined: "Declined at a prompt (answered no, or Ctrl-D): nothing was changed."
        case .drillNotDelivered: "drill: at least one responder's delivery did not take the test notice in time (or you have no responders)."
        }
    }

    init(_ kind: FailureKind) {
        switch kind {
        case .usage: self = .usage
        case .notSignedIn: self = .notSignedIn
        case .notFound: self = .notFound
        case .refused: self = .refused
        case .busy: self = .busy
        case .damaged: self = .damaged
        case .externalCommand: self = .externalCommand
        case .io: self = .io
        case .unavailable: self = .unavailable
        case .unexpected: self = .failure
        }
    }
}
