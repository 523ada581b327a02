import EtcdClient
import NetworkIO
import Synchronization

/// One snapshot's or transaction's access to the cluster: the client, where
/// the store's keys are, and the moment by which it must be over (so a
/// command ends in a few seconds whatever the cluster does).
struct EtcdOperation {
    let client: EtcdClient
    let keys: EtcdStoreKeys
    /// The store's name in messages (its URL).
    let name: String
    let deadline: Deadline
    /// The backend's clock, set from the first answer of the command.
    let clock: CommandClock
    /// Files the command read in a round trip of their own.
    let misses: ReadMisses
}

/// The files one command read in round trips of their own (no hint had
/// them), in order: what a later command can ask for up front. And the
/// files a hint asked for by name that another part of the same request
/// brought anyway (the newest check-in segment): asking twice only costs.
final class ReadMisses: Sendable {
    private let paths = Mutex<[String]>([])
    private let twice = Mutex<[String]>([])

    var all: [String] { paths.withLock { $0 } }
    var redundant: [String] { twice.withLock { $0 } }

    func note(_ path: String) {
        paths.withLock { if !$0.contains(path) { $0.append(path) } }
    }

    func noteRedundant(_ path: String) {
        twice.withLock { if !$0.contains(path) { $0.append(path) } }
    }
}

/// The clock of one command on one backend: set once, from the first
/// answer that carries a `Date`.
final class CommandClock: Sendable {
    private let anchor = Mutex<ClusterClock?>(nil)

    var current: ClusterClock? { anchor.withLock { $0 } }

    /// Takes `clock` as the command's unless it has one.
    func note(_ clock: ClusterClock) {
        anchor.withLock { if $0 == nil { $0 = clock } }
    }
}

/// A snapshot's revision has been compacted away: the body runs again on a
/// fresh snapshot. Never shown to anyone.
struct SnapshotGone: Error {}

extension StoreError {
    /// The store's failure for a failed etcd call; `SnapshotGone` for a
    /// compacted revision.
    static func from(_ error: EtcdError, store: String) -> any Error {
        switch error.code {
        case .compacted:
            return SnapshotGone()
        case .noSpace:
            return StoreError.full(store: store, reason: error.message)
        case .requestTooLarge, .tooManyOperations:
            return StoreError.tooLarge(store: store, reason: error.message)
        case .duplicateKey, .invalidRequest:
            return StoreError.io("\(store) refused a request: \(error.message)")
        case .unavailable, .badResponse, .tls, .authenticationRequired, .authenticationFailed, .permissionDenied,
             .futureRevision:
            return StoreError.unavailable(store: store, reason: error.message)
        }
    }
}
