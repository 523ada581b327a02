import LifeSignalCore

/// Failures of the store and of the local files beside it.
public enum StoreError: UserFacingError, NamesStoreFile, Equatable {
    /// Another process holds the store's lock past the timeout, or kept
    /// changing what a transaction read until it gave up.
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
    /// Nothing is at a location that must already hold a store.
    case missing(store: String)
    /// The store cannot be reached (or this lifesignal cannot open its kind).
    case unavailable(store: String, reason: String)
    /// `--store`, `LIFESIGNAL_STORE` or an argument names no store lifesignal knows how to open.
    case badLocation(String, reason: String)
    /// Other commands kept changing what an optimistic transaction read
    /// (on etcd) until it gave up.
    case contended(store: String)
    /// A change was sent, but the store could not confirm whether it was
    /// made before it became unreachable: it may have been.
    case unconfirmed(store: String, reason: String)
    /// The store has no room left (etcd's space quota): the reason names the fix.
    case full(store: String, reason: String)
    /// A value or a transaction over what the store takes in one commit;
    /// nothing of it was written.
    case tooLarge(store: String, reason: String)
    /// A location that holds something, but no store (no `store.json`):
    /// no command reads it as a store or makes one among its files.
    case notAStore(store: String)
    /// A `store copy` that did not finish: no command uses it.
    case partialCopy(store: String)

    public var kind: FailureKind {
        switch self {
        case .busy, .contended: .busy
        case .damaged, .tooNew: .damaged
        case .io, .noHome, .missing, .full, .tooLarge, .unsafe: .io
        case .unavailable, .unconfirmed: .unavailable
        case .badLocation: .usage
        case .notAStore, .partialCopy: .refused
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
        case .missing(let store): "no store at \(store)"
        case .unavailable(let store, let reason): "store unavailable: \(store): \(reason)"
        case .badLocation(let text, let reason): "\(quoted(text)) is not a store location: \(reason)"
        case .contended(let store):
            "store is busy: other commands kept changing what this one needed in \(store); try again in a moment"
        case .unconfirmed(let store, let reason):
            "store unavailable: \(store): \(reason); the change may have been made: the store could not confirm it"
        case .full(let store, let reason): "\(store) is full: \(reason)"
        case .tooLarge(let store, let reason): "\(store) cannot take this change: \(reason); nothing was written"
        case .notAStore(let store): "\(store) is no lifesignal store: it holds other things, and no store.json"
        case .partialCopy(let store):
            "\(store) holds a store copy that did not finish (copying.json, no store.json); no command uses it"
        }
    }

    /// Whether a file or directory was refused because someone else could
    /// have planted or changed it.
    public var isUnsafe: Bool {
        if case .unsafe = self { return true }
        return false
    }

    public var isRefusedFile: Bool { isUnsafe }

    public var filePath: String? {
        switch self {
        case .damaged(let path, _), .tooNew(let path, _, _), .unsafe(let path, _, _): path
        default: nil
        }
    }

    public var hint: String? {
        switch self {
        case .damaged: "restore the file from a backup, or move it aside to start that part afresh"
        case .unsafe(_, _, let remedy): remedy
        case .badLocation: "a store is a directory, or etcd://HOST:PORT/PREFIX; write a directory named like a URL as ./NAME"
        case .unconfirmed: "look (lifesignal status, lifesignal checkin history) before doing it again"
        case .notAStore(let store):
            "name a store, or a new or empty \(StoreName.isEtcd(store) ? "prefix" : "directory") to make one "
                + "(a store whose store.json was lost: restore it from a backup)"
        case .partialCopy(let store): "remove it (\(StoreName.removal(of: store))), then copy again"
        default: nil
        }
    }
}
