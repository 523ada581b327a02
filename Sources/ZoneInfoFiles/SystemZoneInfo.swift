import LifeSignalCore
import SystemFiles

/// The system's time zone database as the core reads it: files under
/// `/usr/share/zoneinfo` and the links to them, through a `FileSystem`
/// (which tests replace to inject failures).
public enum SystemZoneInfo {
    /// Where Debian's `tzdata` (and most systems) put the database.
    public static let directory = "/usr/share/zoneinfo"

    /// Largest file taken for a zone: the database's largest is a few
    /// kilobytes, and a link may lead anywhere.
    public static let maxFileSize = 1 << 20

    /// The database at `directory`, read through `fileSystem`.
    public static func source(fileSystem: any FileSystem = SystemFileSystem(), directory: String = directory) -> ZoneInfoSource {
        ZoneInfoSource(
            directory: directory,
            readFile: { (path) throws(ZoneFileFailure) in try read(path, with: fileSystem) },
            linkTarget: { (path) throws(ZoneFileFailure) in try linkTarget(path, with: fileSystem) })
    }

    /// The catalog of zones over the live database.
    public static func catalog(fileSystem: any FileSystem = SystemFileSystem()) -> ZoneCatalog {
        ZoneCatalog(source: source(fileSystem: fileSystem))
    }

    /// The whole of a regular file of at most `maxFileSize` bytes. Opened
    /// without blocking, so a FIFO in its place is refused, not waited on.
    private static func read(_ path: String, with fileSystem: any FileSystem) throws(ZoneFileFailure) -> [UInt8] {
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try fileSystem.open(path, access: .readOnly, options: [.closeOnExec, .nonBlocking],
                                             permissions: .ownerReadWrite)
        } catch {
            throw failure(error)
        }
        defer { try? fileSystem.close(descriptor) }
        let status: FileStatus
        do throws(Errno) {
            status = try fileSystem.fstat(descriptor)
        } catch {
            throw failure(error)
        }
        guard status.kind == .regular else {
            throw .unreadable(status.kind == .directory ? "it is a directory" : "it is not a regular file")
        }
        guard status.size <= Int64(maxFileSize) else { throw .unreadable("it is larger than \(maxFileSize) bytes") }
        let bytes: [UInt8]
        do throws(Errno) {
            bytes = try fileSystem.readAll(descriptor, expectedSize: Int(status.size))
        } catch {
            throw failure(error)
        }
        // It may have grown since fstat.
        guard bytes.count <= maxFileSize else { throw .unreadable("it is larger than \(maxFileSize) bytes") }
        return bytes
    }

    /// The target of the link at `path`; nil when it is not a link.
    private static func linkTarget(_ path: String, with fileSystem: any FileSystem) throws(ZoneFileFailure) -> String? {
        do throws(Errno) {
            return try fileSystem.readLink(path)
        } catch {
            if error == .invalidArgument { return nil }
            throw failure(error)
        }
    }

    /// A missing path (or one through something that is not a directory)
    /// is `missing`; anything else says what the system said.
    private static func failure(_ error: Errno) -> ZoneFileFailure {
        error == .noSuchFile || error == .notDirectory ? .missing : .unreadable(error.message)
    }
}
