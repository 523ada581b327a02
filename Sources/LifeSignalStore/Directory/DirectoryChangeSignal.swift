import Glibc

/// Waits for changes in one directory of a directory store with inotify.
///
/// A commit puts each file in place by renaming it into its directory, and a
/// replay does the same, so a rename, creation or removal there is the
/// signal. Only the directory's own entries are watched (the feed, the one
/// use, has no subdirectories). While the directory does not exist yet, its
/// nearest existing ancestor is watched instead and the watch moves down as
/// directories appear. Without inotify (none left, or none at all), `wait`
/// sleeps out its timeout and says something may have changed: cheap
/// polling, as the protocol allows.
final class DirectoryChangeSignal: StoreChangeSignal {
    private let root: String
    private let target: String
    private var descriptor: Int32
    private var watch: Int32 = -1
    /// Whether the watch is on the target itself rather than an ancestor.
    private var onTarget = false

    private static let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_CLOSE_WRITE
                                     | IN_DELETE_SELF | IN_MOVE_SELF)

    init(root: String, directory: String) {
        self.root = root
        target = directory.isEmpty ? root : root + "/" + directory
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        arm()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Watches the target, or the nearest ancestor that exists (within the root).
    private func arm() {
        guard descriptor >= 0 else { return }
        if watch >= 0 {
            inotify_rm_watch(descriptor, watch)
            watch = -1
        }
        var path = target
        while true {
            watch = inotify_add_watch(descriptor, path, Self.mask)
            if watch >= 0 {
                onTarget = path == target
                return
            }
            guard errno == ENOENT || errno == ENOTDIR, path.count > root.count,
                  let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        // No watch possible: fall back to waiting out timeouts.
        close(descriptor)
        descriptor = -1
    }

    func wait(timeout: Duration) -> Bool {
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000
                                 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard descriptor >= 0 else {
            Pause.sleep(timeout)
            return true
        }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        // EINTR (a stop signal) ends the wait early: the caller looks at its flag.
        guard poll(&request, 1, max(milliseconds, 0)) > 0 else { return false }
        drain()
        if !onTarget { arm() } else if !FileStatusProbe.isDirectory(target) { arm() }
        return true
    }

    /// Reads and discards every pending event.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}

/// Whether a path is a directory now, for re-arming a watch whose directory
/// may have been removed.
enum FileStatusProbe {
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
