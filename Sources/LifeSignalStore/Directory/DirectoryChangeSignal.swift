import Glibc

/// Waits for changes in one directory of a directory store with inotify.
///
/// A commit puts each file in place by renaming it into its directory (a
/// replay does the same) and unlinks what it deletes, so a rename, creation
/// or removal there is the signal. Only the directory's own entries are
/// watched (the feed, the one use, has no subdirectories). While the
/// directory does not exist yet, its nearest existing ancestor is watched
/// for the next directory on the way, and the watch moves down as they
/// appear. Without inotify (none left, or none at all), `wait` sleeps out
/// its timeout and says something may have changed: cheap polling, as the
/// protocol allows.
final class DirectoryChangeSignal: StoreChangeSignal {
    private let root: String
    private let target: String
    private var descriptor: Int32
    private var watch: Int32 = -1
    /// The directory watched: the target, or an ancestor of it.
    private var watched = ""

    private static let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
    /// The watched directory itself went away.
    private static let gone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)

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
        if watch >= 0 { inotify_rm_watch(descriptor, watch) }
        var path = target
        while true {
            watch = inotify_add_watch(descriptor, path, Self.mask)
            if watch >= 0 {
                watched = path
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

    /// The name in the watched ancestor that leads towards the target.
    private var nextComponent: Substring {
        target.dropFirst(watched.count + 1).prefix { $0 != "/" }
    }

    func wait(timeout: Duration) -> Bool {
        guard descriptor >= 0 else {
            Pause.sleep(timeout)
            return true
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let left = clock.now.duration(to: deadline)
            let milliseconds = Int32(clamping: max(left.components.seconds * 1000
                                                   + left.components.attoseconds / 1_000_000_000_000_000, 0))
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // A timeout, or EINTR (a stop signal): the caller looks at its flag.
            guard poll(&request, 1, milliseconds) > 0 else { return false }
            if readEvents() { return true }
            if clock.now >= deadline { return false }
        }
    }

    /// Reads every pending event; true when one concerns the target (or
    /// events were lost). Moves the watch when the target appears or goes.
    private func readEvents() -> Bool {
        var changed = false
        var rearm = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameBytes = buffer[(offset + header)..<min(offset + header + Int(event.len), count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changed = true
                    continue
                }
                // Events of a watch given up earlier are stale.
                guard event.wd == watch else { continue }
                if event.mask & Self.gone != 0 {
                    changed = true
                    rearm = true
                } else if watched == target {
                    changed = true
                } else if name == nextComponent {
                    changed = true
                    rearm = true
                }
            }
        }
        if rearm { arm() }
        return changed
    }
}
