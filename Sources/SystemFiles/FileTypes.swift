import Glibc

/// An open file descriptor; a strong type so it cannot be confused with a count.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }
}

/// Permission bits of a file or directory (`0o600`).
public struct FilePermissions: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue & 0o7777
    }

    /// `0600`: what every stored file gets, whatever the umask.
    public static let ownerReadWrite = FilePermissions(rawValue: 0o600)
    /// `0700`: what every directory the store creates gets.
    public static let ownerAll = FilePermissions(rawValue: 0o700)

    public var description: String { "0" + String(rawValue, radix: 8) }

    /// Any of the bits that let the group or others read, write or search.
    public var groupOrOtherAccess: Bool { rawValue & 0o077 != 0 }
    /// The group or others may write (create, remove or rename entries, for a directory).
    public var groupOrOtherWrite: Bool { rawValue & 0o022 != 0 }
    /// Others (not the owner, not the group) may write.
    public var otherWrite: Bool { rawValue & 0o002 != 0 }
    /// The sticky bit: in a directory, only an entry's owner may remove or rename it (`/tmp`).
    public var isSticky: Bool { rawValue & 0o1000 != 0 }
}

/// How a file is opened for reading or writing.
public enum OpenAccess: Sendable, Hashable {
    case readOnly
    case writeOnly
    case readWrite

    var flags: Int32 {
        switch self {
        case .readOnly: O_RDONLY
        case .writeOnly: O_WRONLY
        case .readWrite: O_RDWR
        }
    }
}

/// Extra `open(2)` flags.
public struct OpenOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let create = OpenOptions(rawValue: O_CREAT)
    public static let exclusive = OpenOptions(rawValue: O_EXCL)
    public static let truncate = OpenOptions(rawValue: O_TRUNC)
    public static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
    public static let directory = OpenOptions(rawValue: O_DIRECTORY)
    public static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
}

/// The kind of a directory entry.
public enum FileKind: Sendable, Hashable {
    case regular
    case directory
    case symbolicLink
    case other
}

/// What `stat`/`lstat`/`fstat` report that the store uses.
public struct FileStatus: Sendable, Hashable {
    public var kind: FileKind
    public var permissions: FilePermissions
    public var size: Int64
    /// The owner's user ID.
    public var owner: UInt32
    /// How many directory entries name the file (hard links).
    public var linkCount: Int
    /// The file system the file is on (`st_dev`): a directory on another
    /// device than the store's root is a mount point, or below one.
    public var device: UInt64

    public init(kind: FileKind, permissions: FilePermissions, size: Int64, owner: UInt32 = 0, linkCount: Int = 1,
                device: UInt64 = 0) {
        self.kind = kind
        self.permissions = permissions
        self.size = size
        self.owner = owner
        self.linkCount = linkCount
        self.device = device
    }
}

/// An `flock(2)` request.
public enum LockOperation: Sendable, Hashable {
    /// `LOCK_SH`, optionally with `LOCK_NB`.
    case shared(nonBlocking: Bool)
    /// `LOCK_EX`, optionally with `LOCK_NB`.
    case exclusive(nonBlocking: Bool)
    /// `LOCK_UN`.
    case unlock

    var flags: Int32 {
        switch self {
        case .shared(let nonBlocking): LOCK_SH | (nonBlocking ? LOCK_NB : 0)
        case .exclusive(let nonBlocking): LOCK_EX | (nonBlocking ? LOCK_NB : 0)
        case .unlock: LOCK_UN
        }
    }
}
