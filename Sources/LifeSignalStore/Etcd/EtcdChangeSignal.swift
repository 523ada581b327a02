import EtcdClient
import NetworkIO

/// Waits for changes below some directories of an etcd store on one watch
/// (over their nearest common ancestor, events elsewhere ignored).
///
/// Made, it reads the directory's revision R (one small read), so the
/// watch starts at R + 1 explicitly: nothing that happens after the signal
/// was made is missed, whatever the reads that follow it see (etcd takes a
/// start of 0 as "from now", which would lose what happened in between).
/// The watch is resumed on another member when its member fails; when the
/// history it needs was compacted, it starts again from the present and
/// says something may have changed. When no member can carry it, a wait
/// sleeps out its time and says something may have changed, so the
/// caller's next read reports the outage.
final class EtcdChangeSignal: StoreChangeSignal {
    private let backend: EtcdBackend
    private let range: KeyRangeBounds
    private let directories: [String]
    private var watch: EtcdWatch?
    private var nextRevision: Int64

    init(backend: EtcdBackend, directories: [String]) throws {
        self.backend = backend
        self.directories = directories
        let directory = BackendPath.commonAncestor(of: directories)
        // The root's files are two ranges around the bookkeeping: watch the
        // whole prefix and let bookkeeping alone not count.
        range = directory.isEmpty ? backend.keys.everything : backend.keys.dataRanges(directory)[0]
        nextRevision = 1
        nextRevision = try currentRevision() + 1
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
        let deadline = Deadline.after(timeout)
        do {
            if watch == nil {
                watch = try backend.client.watch(WatchRequest(key: range.start, rangeEnd: range.end, startRevision: nextRevision))
            }
            guard let watch else { return true }
            while !deadline.hasPassed {
                switch try watch.next(timeout: deadline.remaining) {
                case .events(let events):
                    nextRevision = watch.nextRevision
                    if events.contains(where: { isWatched($0.kv.key) }) { return true }
                case .progress:
                    nextRevision = watch.nextRevision
                case .idle:
                    return false
                }
            }
            return false
        } catch where error.code == .compacted {
            watch?.close()
            watch = nil
            nextRevision = ((try? currentRevision()) ?? nextRevision) + 1
            return true
        } catch {
            watch?.close()
            watch = nil
            Pause.sleep(deadline.remaining)
            return true
        }
    }

    /// Whether a changed key is a file below one of the watched directories.
    private func isWatched(_ key: [UInt8]) -> Bool {
        guard let path = backend.keys.path(of: key) else { return false }
        return directories.contains { BackendPath.isBelow(path, $0) }
    }

    deinit { watch?.close() }
}
