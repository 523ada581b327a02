import EtcdClient
import LifeSignalCore
import NetworkIO
import StoreBackends
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
    /// How long one read or transaction may take (the window of `deadline`).
    let timeout: Duration
    /// The backend's clock, set from the first answer of the command.
    let clock: CommandClock
    /// Files the command read in a round trip of their own.
    let misses: ReadMisses
    /// Where a group's read draws the ID-index file it picks (`StoreReadGroups.randomPick`).
    let random: RandomSource
}

/// What one command's reads showed about its hints (`StoreReadLessons`):
/// the files it read in round trips of their own, in order, and which of
/// them were absent; the files a hint asked for by name that another part
/// of the same request brought anyway (asking twice only costs); which
/// files asked for by name the first request found absent or present; and
/// which of the absent ones the command read.
final class ReadMisses: Sendable {
    /// The lessons, and the paths already in their growing lists: a whole-store
    /// look (`doctor`) reads every file alone, and searching the lists for
    /// each would cost the square of the store's size.
    private struct Noted {
        var lessons = StoreReadLessons()
        var readAlone = Set<String>()
        var hintedTwice = Set<String>()
        var hintedAbsentRead = Set<String>()
    }

    private let noted = Mutex(Noted())

    var all: StoreReadLessons { noted.withLock { $0.lessons } }

    func note(_ path: String, absent: Bool) {
        noted.withLock { noted in
            guard noted.readAlone.insert(path).inserted else { return }
            noted.lessons.readAlone.append(path)
            if absent { noted.lessons.readAloneAbsent.append(path) }
        }
    }

    func noteRedundant(_ path: String) {
        noted.withLock { if $0.hintedTwice.insert(path).inserted { $0.lessons.hintedTwice.append(path) } }
    }

    /// A file the hint named and its request found absent, read by the body.
    func noteHintedAbsentRead(_ path: String) {
        noted.withLock { if $0.hintedAbsentRead.insert(path).inserted { $0.lessons.hintedAbsentRead.append(path) } }
    }

    /// What one first request found of the files its hint named: a later
    /// snapshot's finding replaces an earlier one's.
    func noteHinted(absent: [String], present: [String]) {
        guard !absent.isEmpty || !present.isEmpty else { return }
        noted.withLock { noted in
            // The first request of a command's first snapshot: most often the only one.
            if noted.lessons.hintedAbsent.isEmpty && noted.lessons.hintedPresent.isEmpty {
                noted.lessons.hintedAbsent = absent
                noted.lessons.hintedPresent = present
                return
            }
            noted.lessons.hintedAbsent.removeAll { present.contains($0) }
            noted.lessons.hintedPresent.removeAll { absent.contains($0) }
            for path in absent where !noted.lessons.hintedAbsent.contains(path) { noted.lessons.hintedAbsent.append(path) }
            for path in present where !noted.lessons.hintedPresent.contains(path) { noted.lessons.hintedPresent.append(path) }
        }
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
