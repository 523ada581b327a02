import Glibc

/// Waits for changes below some directories of a directory store with inotify.
///
/// A commit puts each file in place by renaming it into its directory (a
/// replay does the same) and unlinks what it deletes, so a rename, creation
/// or removal there is the signal. Each directory is watched with every
/// directory below it (the schedule's hours; a new one is watched as it
/// appears), and names starting with a dot (a commit's temporary files) are
/// not changes. While a directory does not exist yet, its nearest existing
/// ancestor is watched for the next directory on the way, and the watch
/// moves down as they appear. Without inotify (none left, or none at all),
/// `wait` sleeps out its timeout and says something may have changed: cheap
/// polling, as the protocol allows. With a filter, a file that appeared or
/// went (or a directory below a watched one that went) is a change only
/// when the filter says it matters; so is each file a directory that
/// appeared already holds when its watch is in place.
final class DirectoryChangeSignal: StoreChangeSignal {
    /// One watch: what it watches, and for which of the directories.
    private struct Watch {
        var path: String
        var target: Int
        /// An ancestor of a directory that does not exist yet.
        var isAncestor: Bool
    }

    private let root: String
    /// The directories, absolute.
    private let targets: [String]
    private let filter: StoreChangeFilter?
    private var descriptor: Int32
    /// inotify hands out one descriptor per inode, so two directories
    /// waiting on the same ancestor share it.
    private var watches: [Int32: [Watch]] = [:]

    private static let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
    /// The watched directory itself went away.
    private static let gone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)
    /// An entry that appeared.
    private static let appeared = UInt32(IN_CREATE | IN_MOVED_TO)

    init(root: String, directories: [String], mattering filter: StoreChangeFilter? = nil) {
        self.root = root
        targets = directories.map { $0.isEmpty ? root : root + "/" + $0 }
        self.filter = filter
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        armAll()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Watches every directory (and what lies below it), or the nearest
    /// ancestor of one that does not exist; afresh, after anything moved.
    private func armAll() {
        guard descriptor >= 0 else { return }
        for wd in watches.keys { inotify_rm_watch(descriptor, wd) }
        watches = [:]
        for index in targets.indices where !arm(index) {
            // No watch possible: fall back to waiting out timeouts.
            close(descriptor)
            descriptor = -1
            watches = [:]
            return
        }
    }

    private func arm(_ index: Int) -> Bool {
        var path = targets[index]
        while true {
            let wd = inotify_add_watch(descriptor, path, Self.mask)
            if wd >= 0 {
                let isAncestor = path != targets[index]
                watches[wd, default: []].append(Watch(path: path, target: index, isAncestor: isAncestor))
                return isAncestor || watchBelow(path, target: index)
            }
            guard errno == ENOENT || errno == ENOTDIR, path.utf8.count > root.utf8.count,
                  let slash = path.lastIndex(of: "/") else { return false }
            path = String(path[..<slash])
        }
    }

    /// Watches every directory below `directory`; false when inotify runs out.
    private func watchBelow(_ directory: String, target: Int) -> Bool {
        for name in Self.subdirectories(of: directory) {
            let path = directory + "/" + name
            let wd = inotify_add_watch(descriptor, path, Self.mask)
            // It went away meanwhile: its removal was an event already.
            if wd < 0 {
                if errno == ENOENT || errno == ENOTDIR { continue }
                return false
            }
            watches[wd, default: []].append(Watch(path: path, target: target, isAncestor: false))
            guard watchBelow(path, target: target) else { return false }
        }
        return true
    }

    /// The names of the directories in `directory` (none when it cannot be read).
    private static func subdirectories(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            guard entry.pointee.d_type == UInt8(DT_DIR) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
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
            // Rounded up, so a wait never ends just before its deadline.
            let milliseconds = Int32(clamping: max(left.components.seconds * 1000
                                                   + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 0))
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // A timeout, or EINTR (a stop signal): the caller looks at its flag.
            guard poll(&request, 1, milliseconds) > 0 else { return false }
            if readEvents() { return true }
            if clock.now >= deadline { return false }
        }
    }

    /// Reads every pending event; true when one concerns a directory (or
    /// events were lost). Follows directories as they appear and go.
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
                    // Directories may have appeared unseen: everything afresh.
                    changed = true
                    rearm = true
                    continue
                }
                // Events of a watch given up earlier are stale.
                guard let affected = watches[event.wd] else { continue }
                if event.mask & UInt32(IN_IGNORED) != 0 { watches[event.wd] = nil }
                for watch in affected {
                    if watch.isAncestor {
                        guard event.mask & Self.gone != 0 || name == nextComponent(of: watch) else { continue }
                        changed = true
                        rearm = true
                    } else if event.mask & Self.gone != 0 {
                        // The directory itself (or one below it) went: what it held went with it.
                        if watch.path == targets[watch.target] {
                            changed = true
                            rearm = true
                        } else if !changed {
                            changed = matters(watch.path, appeared: false)
                        }
                    } else if !name.hasPrefix(".") {
                        let appeared = event.mask & Self.appeared != 0
                        if appeared, event.mask & UInt32(IN_ISDIR) != 0 {
                            let path = watch.path + "/" + name
                            rearm = rearm || !follow(path, target: watch.target)
                            changed = changed || heldMatters(path)
                        } else if !changed {
                            changed = matters(watch.path + "/" + name, appeared: appeared)
                        }
                    }
                }
            }
        }
        if rearm { armAll() }
        return changed
    }

    /// Whether the change of the file at `path` (absolute) wakes the waiter.
    private func matters(_ path: String, appeared: Bool) -> Bool {
        guard let filter else { return true }
        return filter(StoreChange(path: String(path.dropFirst(root.count + 1)), appeared: appeared))
    }

    /// Whether what a directory that just appeared holds wakes the waiter:
    /// files may have arrived before its watch did. Looked at after the
    /// watch is in place, so a file comes up here, as an event, or both.
    /// A directory within it is looked at the same way (the schedule's new
    /// hour comes with its minute and second); an entry of unknown kind
    /// always wakes.
    private func heldMatters(_ directory: String) -> Bool {
        guard filter != nil, let stream = opendir(directory) else { return true }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            if entry.pointee.d_type == UInt8(DT_DIR) {
                if heldMatters(directory + "/" + name) { return true }
                continue
            }
            guard entry.pointee.d_type == UInt8(DT_REG) else { return true }
            if matters(directory + "/" + name, appeared: true) { return true }
        }
        return false
    }

    /// Watches a directory that appeared below a watched one, with what it holds.
    private func follow(_ path: String, target: Int) -> Bool {
        let wd = inotify_add_watch(descriptor, path, Self.mask)
        guard wd >= 0 else { return errno == ENOENT || errno == ENOTDIR }
        watches[wd, default: []].append(Watch(path: path, target: target, isAncestor: false))
        return watchBelow(path, target: target)
    }

    /// The name in a watched ancestor that leads towards its directory.
    private func nextComponent(of watch: Watch) -> Substring {
        targets[watch.target].dropFirst(watch.path.count + 1).prefix { $0 != "/" }
    }
}
