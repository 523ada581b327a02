import EtcdClient
import NetworkIO
import StoreBackends

/// Waits for changes below some directories of an etcd store on one watch
/// (over their nearest common ancestor, events elsewhere ignored).
///
/// Made, it reads the directory's revision R (one small read), so the
/// watch starts at R + 1 explicitly: nothing that happens after the signal
/// was made is missed, whatever the reads that follow it see (etcd takes a
/// start of 0 as "from now", which would lose what happened in between).
/// A failing member never puts the wait to sleep: the watch resumes from
/// its last revision on another member at once, and keeps trying through
/// an outage, so what changed meanwhile is reported as soon as a member
/// serves again. When the history it needs was compacted, it reads the
/// revision again, watches from there and says something may have changed.
final class EtcdChangeSignal: StoreChangeSignal {
    private let backend: EtcdBackend
    private let range: KeyRangeBounds
    private let directories: [String]
    private let filter: StoreChangeFilter?
    private var watch: EtcdWatch?
    private var nextRevision: Int64
    /// The watch's history was compacted: the revision must be read again.
    private var mustReadAgain = false
    /// How long a watch every member refused waits before the caller looks.
    static let refusedPause = Duration.seconds(5)

    init(backend: EtcdBackend, directories: [String], mattering filter: StoreChangeFilter?) throws {
        self.backend = backend
        self.directories = directories
        self.filter = filter
        let directory = BackendPath.commonAncestor(of: directories)
        // The root's files are two ranges around the bookkeeping: watch the
        // whole prefix and let bookkeeping alone not count.
        range = directory.isEmpty ? backend.keys.everything : backend.keys.dataRanges(directory)[0]
        nextRevision = 1
        nextRevision = try currentRevision() + 1
        // What is read once the watch is open sees what it would miss.
        backend.forgetSnapshot()
    }

    /// The store's revision now, from a count of the watched range.
    private func currentRevision() throws -> Int64 {
        do {
            return try backend.client.range(RangeRequest(key: range.start, rangeEnd: range.end, countOnly: true),
                                            deadline: backend.operation().deadline).header.revision
        } catch {
            throw StoreError.from(error, store: backend.name)
        }
    }

    func wait(timeout: Duration) -> Bool {
        // What is read after a wait is no older than the wait.
        defer { backend.forgetSnapshot() }
        let deadline = Deadline.after(timeout)
        while !deadline.hasPassed {
            if mustReadAgain {
                // The history the watch needed is gone: watch from a fresh
                // read's revision, and say something may have changed.
                guard let revision = try? currentRevision() else {
                    Pause.sleep(min(deadline.remaining, .seconds(1)))
                    continue
                }
                nextRevision = revision + 1
                mustReadAgain = false
                return true
            }
            do throws(EtcdError) {
                let watch: EtcdWatch
                if let open = self.watch {
                    watch = open
                } else {
                    watch = try backend.client.watch(WatchRequest(key: range.start, rangeEnd: range.end, startRevision: nextRevision))
                    self.watch = watch
                }
                switch try watch.next(timeout: deadline.remaining) {
                case .events(let events):
                    nextRevision = watch.nextRevision
                    if events.contains(where: matters) { return true }
                case .progress:
                    nextRevision = watch.nextRevision
                case .idle:
                    return false
                }
            } catch where error.code == .compacted {
                watch?.close()
                watch = nil
                mustReadAgain = true
            } catch {
                // Every member refuses the watch alike (its permission, the
                // certificates): waiting on it mends nothing, and the
                // caller's next read says what is wrong.
                watch?.close()
                watch = nil
                Pause.sleep(min(deadline.remaining, Self.refusedPause))
                return true
            }
        }
        return false
    }

    /// Whether a change is to a file below one of the watched directories
    /// that the filter, if any, says matters.
    private func matters(_ event: WatchEvent) -> Bool {
        guard let path = backend.keys.path(of: event.kv.key), directories.contains(where: { BackendPath.isBelow(path, $0) })
        else { return false }
        return filter?(StoreChange(path: path, appeared: event.kind == .put)) ?? true
    }

    deinit { watch?.close() }
}
