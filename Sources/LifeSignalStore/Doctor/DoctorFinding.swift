/// One thing `lifesignal doctor` found wrong (or worth knowing) in a store.
public struct DoctorFinding: Sendable, Equatable {
    public enum Severity: String, Sendable {
        /// Data that cannot be read or contradicts other data.
        case error
        /// Something someone else could have planted or changed: the store
        /// refuses it (see `FileSafety`).
        case unsafe
        /// Harmless leftovers that the next write cleans up.
        case note
    }

    public var severity: Severity
    /// The full path of the file concerned.
    public var path: String
    public var problem: String
    /// What to do about it.
    public var advice: String

    public init(_ severity: Severity, path: String, problem: String, advice: String) {
        self.severity = severity
        self.path = path
        self.problem = problem
        self.advice = advice
    }
}

/// The advice for each kind of finding, worded in one place.
enum DoctorAdvice {
    static let restore = "restore this file from a backup; or move it aside (lifesignal then treats it as missing) and check the account afterwards"
    static let crossReference = "the store contradicts itself here; restore the files named from a backup taken at the same moment"
    static let tooNew = "this file was written by a newer lifesignal: upgrade lifesignal"
    static let stray = "find out who put it there; if nothing needs it, move it out of the store"
}
