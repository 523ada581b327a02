import StoreBackends
import Synchronization

/// The latest read hint a backend was given (`StoreBackend.expect`),
/// numbered, for its snapshots to take: a snapshot made before the hint was
/// given (a command with no identity hint learns whose account it is from
/// its first read, and only then names what it reads) takes it with its
/// next request, at its revision.
final class EtcdExpectedReads: Sendable {
    private let latest = Mutex<(hint: StoreReadHint?, number: Int)>((nil, 0))

    /// Makes `hint` the latest.
    func expect(_ hint: StoreReadHint) {
        latest.withLock { $0 = (hint, $0.number + 1) }
    }

    /// The latest hint (nil before any) and its number (0 before any).
    var current: (hint: StoreReadHint?, number: Int) { latest.withLock { $0 } }

    /// Files named before a snapshot existed (`StoreBackend.prefetch`),
    /// for the next request of any to carry.
    private let prefetched = Mutex<[String]>([])

    func prefetch(_ paths: [String]) {
        prefetched.withLock { $0 += paths }
    }

    /// The files waiting to be prefetched, taken: one snapshot sends them.
    func takePrefetched() -> [String] {
        prefetched.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
    }
}
