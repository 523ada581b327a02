import LifeSignalCore

/// Failures of the store and of the local files beside it.
public enum StoreError: UserFacingError, Equatable {
    /// Another process holds the store's lock past the timeout.
    case busy(store: String)
    /// A file that cannot be understood; it is left exactly as it is.
    case damaged(path: String, reason: String)
    /// A file written by a newer lifesignal.
    case tooNew(path: String, found: Int, supported: Int)
    /// A file or directory someone else could have planted or changed; it
    /// was neither used nor changed (see `FileSafety`).
    case unsafe(path: String, reason: String, remedy: String)
    /// The operating system refused an operation.
    case io(String)
    /// No usable home or XDG directory.
    case noHome(String)

    public var kind: FailureKind {
        switch self {
        case .busy: .busy
        case .damaged, .tooNew: .damaged
        case .io, .noHome, .unsafe: .io
        }
    }

    public var message: String {
        switch self {
        case .busy(let store): "store is busy: another lifesignal holds the lock on \(store); try again in a moment"
        case .damaged(let path, let reason): "\(path) is damaged: \(reason); it was left untouched"
        case .tooNew(let path, let found, let supported):
            "\(path) was written by a newer lifesignal (schema \(found); this one reads up to \(supported)); upgrade lifesignal"
        case .unsafe(let path, let reason, _): "refusing to use \(path): \(reason)"
        case .io(let text): text
        case .noHome(let text): text
        }
    }

    public var hint: String? {
        switch self {
        case .damaged: "restore the file from a backup, or move it aside to start that part afresh"
        case .unsafe(_, _, let remedy): remedy
        default: nil
        }
    }
}
