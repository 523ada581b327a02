import Glibc
import SystemFiles

/// An `flock(2)` lock on the store's dedicated lock file, `<root>/lock`.
///
/// flock locks belong to an open file description, so every `StoreLock`
/// opens the file anew: two locks in one process exclude each other just as
/// two processes do, and the kernel frees a lock when its holder dies.
/// Acquisition polls with `LOCK_NB` and a growing sleep (2 ms doubling up to
/// 10 ms) so a waiter never blocks past its timeout. The cap is low because
/// a lock handed over waits, on average, half a pause for its next taker,
/// while a retry costs one system call.
///
/// Readers queue through a second lock file, `<root>/gate`, before taking
/// the lock: a waiting writer holds the gate exclusively, so new readers wait
/// behind it instead of overlapping forever and starving it. The gate is
/// released as soon as the lock itself is held.
///
/// The lock file's content is the applied mark (`AppliedMark`): how much of
/// the journal the files already reflect.
public final class StoreLock {
    /// Who else may hold the lock at the same time.
    public enum Mode: Sendable, Hashable {
        /// Readers: any number at once, no writer.
        case shared
        /// One writer, nobody else.
        case exclusive
    }

    /// The store directory the lock guards.
    public let directory: String
    public let mode: Mode
    let path: String
    private let fileSystem: any FileSystem
    private var descriptor: FileDescriptor?
    /// The lock file's size when last seen (opened, or its mark written):
    /// lets `readMark` read the mark in one call (`FileSystem.readAll`).
    private var markSize: Int?

    private static let firstPause: Duration = .milliseconds(2)
    private static let longestPause: Duration = .milliseconds(10)

    /// Acquires the lock on `directory` (which must exist), or throws `.busy`
    /// once `timeout` has passed. Without `creatingFiles`, a directory
    /// without the gate or lock file is left as it is: `.unused`.
    public init(
        directory: String, mode: Mode, timeout: Duration = .seconds(5),
        fileSystem: any FileSystem = SystemFileSystem(), creatingFiles: Bool = true
    ) throws(DurableFilesError) {
        self.directory = directory
        self.mode = mode
        self.path = StorePath.join(directory, StorePath.lockName)
        self.fileSystem = fileSystem
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let busy = DurableFilesError.busy(storeDirectory: directory, timeout: timeout)

        let gatePath = StorePath.join(directory, StorePath.gateName)
        let (gate, _) = try Self.openLockFile(gatePath, mode, fileSystem, creating: creatingFiles, directory: directory)
        // Closing the gate's descriptor releases it once the lock is ours (or not).
        defer { try? fileSystem.close(gate) }
        try Self.acquire(gate, mode, until: deadline, fileSystem, path: gatePath, busy: busy)

        let (descriptor, size) = try Self.openLockFile(path, mode, fileSystem, creating: creatingFiles, directory: directory)
        do {
            try Self.acquire(descriptor, mode, until: deadline, fileSystem, path: path, busy: busy)
        } catch {
            try? fileSystem.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.markSize = size
    }

    deinit {
        release()
    }

    /// Releases the lock; later calls do nothing.
    public func release() {
        guard let descriptor else { return }
        self.descriptor = nil
        // Closing the only descriptor of the open file description drops the
        // lock; a close error cannot keep it held.
        try? fileSystem.close(descriptor)
    }

    // MARK: - The applied mark

    /// The mark in the lock file, or nil when there is none or it is not one.
    func readMark() throws(DurableFilesError) -> AppliedMark? {
        do {
            return AppliedMark.decode(try fileSystem.readAll(heldDescriptor(), expectedSize: markSize))
        } catch {
            throw error.failure(.read, path)
        }
    }

    /// Replaces the mark (exclusive holders only); nil leaves the lock file
    /// empty, so that nothing is taken as applied. Never fsynced: see
    /// `AppliedMark`.
    func writeMark(_ mark: AppliedMark?) throws(DurableFilesError) {
        let bytes = mark?.encoded() ?? []
        // Unknown until the write and the truncation have both succeeded.
        markSize = nil
        if !bytes.isEmpty {
            do { try fileSystem.writeAll(heldDescriptor(), bytes, at: 0) } catch { throw error.failure(.write, path) }
        }
        do {
            try fileSystem.truncate(heldDescriptor(), size: Int64(bytes.count))
        } catch {
            throw error.failure(.truncate, path)
        }
        markSize = bytes.count
    }

    private func heldDescriptor() -> FileDescriptor {
        guard let descriptor else { preconditionFailure("StoreLock used after release()") }
        return descriptor
    }

    // MARK: - Acquisition

    /// Opens (creating on first use) a lock file. A reader of a store it may
    /// not write (a read-only mount, a directory without write permission)
    /// locks the existing file through a read-only descriptor instead, which
    /// flock allows: reading such a store needs no write.
    ///
    /// The lock file is written in place (its mark), so it is opened without
    /// following a link and used only if `FileSafety` trusts it: a planted
    /// link or hard link must never make the store write someone's file.
    private static func openLockFile(
        _ path: String, _ mode: Mode, _ fileSystem: any FileSystem, creating: Bool, directory: String
    ) throws(DurableFilesError) -> (FileDescriptor, size: Int) {
        while true {
            if let existing = try openExisting(path, mode, fileSystem) {
                let status = try fileSystem.requireTrusted(existing, at: path)
                return (existing, Int(status.size))
            }
            guard creating else { throw .unused(directory: directory) }
            // First use: create it, with O_EXCL so exactly one creator sets its mode.
            let descriptor: FileDescriptor
            do {
                descriptor = try fileSystem.open(
                    path, access: .readWrite, options: [.create, .exclusive, .closeOnExec, .noFollow],
                    permissions: .ownerReadWrite)
            } catch .fileExists {
                continue
            } catch {
                throw error.failure(.open, path)
            }
            do {
                try fileSystem.fchmod(descriptor, .ownerReadWrite)
            } catch {
                try? fileSystem.close(descriptor)
                throw error.failure(.fchmod, path)
            }
            return (descriptor, 0)
        }
    }

    /// The existing lock file, or nil when there is none yet.
    private static func openExisting(
        _ path: String, _ mode: Mode, _ fileSystem: any FileSystem
    ) throws(DurableFilesError) -> FileDescriptor? {
        do {
            return try fileSystem.open(path, access: .readWrite, options: [.closeOnExec, .noFollow], permissions: .ownerReadWrite)
        } catch .noSuchFile {
            return nil
        } catch let error where mode == .shared && (error == .readOnlyFileSystem || error == .permissionDenied) {
            do {
                return try fileSystem.open(path, access: .readOnly, options: [.closeOnExec, .noFollow],
                                           permissions: .ownerReadWrite)
            } catch _ {
                throw fileSystem.openFailure(error, path)
            }
        } catch {
            throw fileSystem.openFailure(error, path)
        }
    }

    private static func acquire(
        _ descriptor: FileDescriptor, _ mode: Mode, until deadline: ContinuousClock.Instant,
        _ fileSystem: any FileSystem, path: String, busy: DurableFilesError
    ) throws(DurableFilesError) {
        let operation: LockOperation = mode == .shared ? .shared(nonBlocking: true) : .exclusive(nonBlocking: true)
        let clock = ContinuousClock()
        var pause = firstPause
        while true {
            do {
                try fileSystem.flock(descriptor, operation)
                return
            } catch .wouldBlock {
                let remaining = clock.now.duration(to: deadline)
                if remaining <= .zero { throw busy }
                sleep(for: min(pause, remaining))
                pause = min(pause * 2, longestPause)
            } catch {
                throw error.failure(.flock, path)
            }
        }
    }

    /// A plain blocking sleep: callers of the store are synchronous.
    private static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }
}
