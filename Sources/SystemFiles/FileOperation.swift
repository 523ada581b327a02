/// The file-system operations the store performs, named for error messages
/// and for fault injection.
public enum FileOperation: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case open
    case read
    case write
    case truncate
    case fsync
    case syncfs
    case fchmod
    case close
    case rename
    case unlink
    case mkdir
    case rmdir
    case chmod
    case list
    case stat
    case lstat
    case fstat
    case readLink
    case flock

    public var description: String { rawValue }

    /// The verb used in "cannot <verb> '<path>'" messages.
    public var verb: String {
        switch self {
        case .open: "open"
        case .read: "read"
        case .write: "write"
        case .truncate: "truncate"
        case .fsync: "sync"
        case .syncfs: "sync the file system of"
        case .fchmod, .chmod: "set permissions of"
        case .close: "close"
        case .rename: "rename"
        case .unlink: "remove"
        case .mkdir: "create directory"
        case .rmdir: "remove directory"
        case .list: "list directory"
        case .stat, .lstat, .fstat: "inspect"
        case .readLink: "read the link"
        case .flock: "lock"
        }
    }
}
