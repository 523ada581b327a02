import SystemFiles

/// Every failure the store reports: data naming the path and the reason,
/// worded in one place (`description`).
public enum DurableFilesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another process held the store's lock for longer than the timeout.
    case busy(storeDirectory: String, timeout: Duration)
    /// A system call failed.
    case io(FileOperation, path: String, Errno)
    /// A path given to the store is not a plain relative path it may use.
    case invalidPath(String, reason: String)
    /// A file the store itself writes (the journal, the lock file's record of
    /// pending temporary files) does not parse; nothing was guessed or changed.
    case damaged(path: String, reason: String)
    /// A file or directory someone other than the user could have planted
    /// or changed (see `FileSafety`); it was neither used nor changed.
    case unsafe(path: String, reason: String, remedy: String)
    /// No lifesignal has used the directory yet: it has no lock file, and
    /// the caller asked not to make one (a look must leave a directory that
    /// is no store as it was).
    case unused(directory: String)
    /// The transaction reached its commit point, so its changes are the
    /// store's state, but a later step failed. The journal (if any) is left in
    /// place and the next access to the store finishes applying it.
    indirect case committedButIncomplete(DurableFilesError)

    /// Whether the transaction's changes are in the store despite the error.
    public var isCommitted: Bool {
        if case .committedButIncomplete = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .busy(let directory, let timeout):
            return "the store '\(directory)' is busy: another process kept it locked for more than "
                + Self.seconds(timeout)
        case .io(let operation, let path, let errno):
            return "cannot \(operation.verb) '\(path)': \(errno)"
        case .invalidPath(let path, let reason):
            return "invalid store path '\(path)': \(reason)"
        case .damaged(let path, let reason):
            return "'\(path)' is damaged: \(reason); it was left as it is"
        case .unsafe(let path, let reason, _):
            return "refusing to use '\(path)': \(reason)"
        case .unused(let directory):
            return "'\(directory)' has no lock file: no store was made there"
        case .committedButIncomplete(let cause):
            return "the changes were committed but not fully applied (the next access completes them): \(cause)"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds) ms"
    }
}

extension Errno {
    /// This error as the store reports it, naming the operation and path.
    func failure(_ operation: FileOperation, _ path: String) -> DurableFilesError {
        .io(operation, path: path, self)
    }
}
