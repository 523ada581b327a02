import Glibc

/// A POSIX error number with a readable name and message.
///
/// System calls report failure through `errno`; wrapping it in a type keeps
/// raw integers out of signatures and lets tests inject a chosen failure.
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's current `errno`.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let notPermitted = Errno(rawValue: EPERM)
    public static let busy = Errno(rawValue: EBUSY)
    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let interrupted = Errno(rawValue: EINTR)
    public static let ioError = Errno(rawValue: EIO)
    public static let badFileDescriptor = Errno(rawValue: EBADF)
    public static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let fileExists = Errno(rawValue: EEXIST)
    public static let notDirectory = Errno(rawValue: ENOTDIR)
    public static let isDirectory = Errno(rawValue: EISDIR)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let noSpace = Errno(rawValue: ENOSPC)
    public static let readOnlyFileSystem = Errno(rawValue: EROFS)
    public static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
    public static let directoryNotEmpty = Errno(rawValue: ENOTEMPTY)
    public static let quotaExceeded = Errno(rawValue: EDQUOT)
    public static let fileTooLarge = Errno(rawValue: EFBIG)
    public static let tooManyLinks = Errno(rawValue: ELOOP)

    /// The symbolic name (`ENOENT`) when known, else `errno N`.
    public var name: String {
        Errno.names[rawValue] ?? "errno \(rawValue)"
    }

    /// The C library's message for this error (`No such file or directory`).
    public var message: String {
        var buffer = [CChar](repeating: 0, count: 256)
        // The XSI strerror_r is thread-safe, unlike strerror.
        guard strerror_r(rawValue, &buffer, buffer.count) == 0 else {
            return "Unknown error \(rawValue)"
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String { "\(message) (\(name))" }

    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO",
        EBADF: "EBADF", EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES",
        EBUSY: "EBUSY", EEXIST: "EEXIST", EXDEV: "EXDEV", ENOTDIR: "ENOTDIR",
        EISDIR: "EISDIR", EINVAL: "EINVAL", EMFILE: "EMFILE", ENFILE: "ENFILE",
        EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS", EMLINK: "EMLINK",
        ENAMETOOLONG: "ENAMETOOLONG", ENOTEMPTY: "ENOTEMPTY", ELOOP: "ELOOP",
        EDQUOT: "EDQUOT", ENOLCK: "ENOLCK", ESTALE: "ESTALE",
    ]
}
