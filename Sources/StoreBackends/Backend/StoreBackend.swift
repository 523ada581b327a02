import FoundationEssentials
import LifeSignalCore

/// Where a store's files live: a directory with a write-ahead journal, an
/// etcd cluster, or memory. Everything lifesignal keeps in a store reaches
/// it through this seam, as files named by relative paths
/// (`accounts/<id>/account.json`); what the files mean (`LayoutStore`) is
/// the same on every backend.
///
/// The contract, checked for every conformer by one shared suite
/// (`StoreBackendConformance` in the tests):
/// - `read` sees one consistent snapshot, never half of a commit.
/// - `write` is one atomic transaction. Its body may run more than once (an
///   optimistic backend runs it again after a conflict), so the body must
///   have no effects outside the transaction; only its last run commits,
///   all of it or nothing. Concurrent writers never lose or double a change.
/// - A directory exists while a file is in it, and not after.
/// - A value that cannot be read as a file is an error naming its full
///   path (`StoreError.damaged`), never a crash.
public protocol StoreBackend: Sendable {
    /// The store as people name it (`/home/ada/.local/share/lifesignal`):
    /// prefixed to paths in messages.
    var name: String { get }

    /// Runs `body` on one consistent snapshot of the store. It may finish a
    /// commit that a crash interrupted first (its effect is already the
    /// store's state), but never changes what the store says.
    func read<T>(_ body: (any StoreSnapshot) throws -> T) throws -> T

    /// Runs `body` as one atomic transaction and commits what it staged
    /// when it returns; if it throws, nothing changes. See the contract above
    /// for why `body` may run more than once.
    func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T

    /// Runs `body` on the files exactly as they are, changing nothing (not
    /// even finishing an interrupted commit), and adds what the backend
    /// itself finds wrong or worth knowing: for `doctor`.
    func inspect<T>(_ body: (any StoreSnapshot) throws -> T) throws -> (T, [BackendFinding])

    /// Takes the exclusive lease `name` for about `duration`, or returns nil
    /// at once when someone else holds it. A holder that dies loses it
    /// (at once, or once `duration` has passed); a lease is never a lock
    /// that correctness depends on, only a way to avoid doing work twice.
    func lease(_ name: String, for duration: Duration) throws -> (any StoreLease)?

    /// A signal for waiting until something below `directory` may have
    /// changed, created before the read it follows so no change is missed.
    func changes(under directory: String) throws -> any StoreChangeSignal

    /// One signal for changes below any of `directories` (and the
    /// directories below them), for a waiter with several things to watch
    /// (the agent: its feed and the schedule). With `filter`, a change the
    /// signal can name wakes the waiter only when the filter says it
    /// matters; one it cannot name (a directory gone, lost events) wakes
    /// it anyway.
    func changes(under directories: [String], mattering filter: StoreChangeFilter?) throws -> any StoreChangeSignal

    /// The store's own clock, when it keeps one (an etcd cluster's, read
    /// from its answers), which judges deadlines; nil when this machine's
    /// clock is the store's.
    func clock() throws -> Date?

    /// Whether one transaction can carry only so much (etcd: 128 operations
    /// and 1.5 MiB), so that wide work, such as a catch-up after an outage,
    /// must be made in steps.
    var boundsTransactions: Bool { get }

    /// Whether writers wait their turn (a directory's lock) rather than run
    /// at once and redo their work when another's commit came first (etcd):
    /// where they do not, wide work shared by several processes is better
    /// led by one of them (`SharedStore.catchUp`).
    var queuesWriters: Bool { get }

    /// Says what the next snapshots will most likely read first, so a
    /// backend that pays per round trip prefetches it all with their first
    /// request. A hint changes no answer and costs nothing when wrong; a
    /// later one replaces it.
    func expect(_ hint: StoreReadHint)

    /// `StoreSnapshot.prefetch` before the snapshot exists: the plan's
    /// files go with the next request of this handle's snapshots (the
    /// first of the next one made). A command that knows a file it reads
    /// before it opens the snapshot (the code file `contacts add` looks up)
    /// names it here.
    func prefetch(_ plan: PrefetchPlan)

    /// The requests this handle has sent to a store across a network, and
    /// the connections it opened; nil for a store on this machine.
    var traffic: StoreTraffic? { get }

    /// What this handle's reads showed about the hints it was given, for
    /// the next command's (`StoreReadHint`); empty where hints do nothing.
    var readLessons: StoreReadLessons { get }

    /// The server that answered last (`host:port`), for the next command to
    /// ask first; nil for a store with one place to ask.
    var answeringMember: String? { get }
}

/// The requests a handle made of a store across a network.
public struct StoreTraffic: Sendable, Equatable {
    /// Requests sent, each one round trip.
    public var roundTrips: Int
    public var connections: Int

    public init(roundTrips: Int, connections: Int) {
        self.roundTrips = roundTrips
        self.connections = connections
    }

    /// Both counts of two handles together.
    public static func + (left: StoreTraffic, right: StoreTraffic) -> StoreTraffic {
        StoreTraffic(roundTrips: left.roundTrips + right.roundTrips, connections: left.connections + right.connections)
    }
}

extension StoreBackend {
    /// Every change below any of `directories` wakes the waiter.
    public func changes(under directories: [String]) throws -> any StoreChangeSignal {
        try changes(under: directories, mattering: nil)
    }

    /// Correct on any backend, though it may wake for more than it must: the
    /// directories' nearest common ancestor, unfiltered. A backend that can
    /// watch several places at once, or name what changed, overrides it.
    public func changes(under directories: [String], mattering filter: StoreChangeFilter?) throws -> any StoreChangeSignal {
        try changes(under: BackendPath.commonAncestor(of: directories))
    }

    /// A store on this machine runs on its clock.
    public func clock() throws -> Date? { nil }
    /// Reads from a local disk cost too little to batch.
    public func expect(_ hint: StoreReadHint) {}
    public func prefetch(_ plan: PrefetchPlan) {}
    /// Nothing crosses a network.
    public var traffic: StoreTraffic? { nil }
    public var readLessons: StoreReadLessons { StoreReadLessons() }
    public var answeringMember: String? { nil }
    /// A journal on a local disk takes a transaction of any size.
    public var boundsTransactions: Bool { false }
    /// A local disk's lock queues writers.
    public var queuesWriters: Bool { true }
}

/// The files of a store as one snapshot sees them.
///
/// In a transaction, what `read`, `list` and `files(under:)` answered is its
/// *read set* (in etcd's terms): an optimistic backend checks at commit that
/// none of it changed, and runs the body again when some did. The
/// `…OutsideReadSet` reads leave their answers out of it. What the
/// transaction writes and deletes is its *write set*.
public protocol StoreSnapshot: AnyObject {
    /// The bytes of the file at `path`, or nil when there is none.
    func read(_ path: String) throws -> [UInt8]?
    /// The sorted names of the files and directories in `directory` (`""` is
    /// the top); a missing directory has none.
    func list(_ directory: String) throws -> [String]
    /// Every file below `directory`, recursively, as sorted paths.
    func files(under directory: String) throws -> [String]

    /// `read` without adding the file to the transaction's read set: it
    /// may have changed by the time the transaction commits. For questions
    /// whose stale answer does no harm ("is anything due?"), so that they
    /// never make writers of unrelated accounts conflict.
    func readOutsideReadSet(_ path: String) throws -> [UInt8]?
    /// `list` without adding the directory to the read set.
    func listOutsideReadSet(_ directory: String) throws -> [String]
    /// The first file below `directory` in path order, or nil, outside the
    /// read set: the earliest entry of the schedule. A backend answers it
    /// without listing everything (on etcd: one range with a limit of 1).
    /// A backend that looks level by level (a directory store) may answer
    /// with a directory on the way that `descending` declines, instead of a
    /// file below it: the caller's question is answered by its name; one
    /// that finds the first file at no extra cost ignores `descending`.
    func firstFileOutsideReadSet(under directory: String, descending: (String) -> Bool) throws -> String?
    /// Up to `limit` files below `directory` that sort after the path
    /// `after` (from the first when nil), in path order, outside the read
    /// set; nil when the backend has no
    /// cheaper way to answer than listing, which the caller then does. On
    /// etcd: one range with a limit, whatever the number of files.
    func pageOutsideReadSet(under directory: String, after: String?, limit: Int) throws -> StorePage?
    /// Says what the body will read soon (`PrefetchPlan`), so that a
    /// backend that pays per round trip fetches it with requests it makes
    /// anyway (etcd: queued, and carried by the next requests). Changes no
    /// answer and reports nothing wrong with a file: each `read` still
    /// does. A backend on a local disk, where a read costs no round trip,
    /// does nothing.
    func prefetch(_ plan: PrefetchPlan) throws
    /// Whether `prefetch` does anything here: a caller need not work out
    /// what to name when it does not.
    var prefetches: Bool { get }
    /// The file a group's read picked at random in `directory`
    /// (`StoreReadGroups.picked`), known to this snapshot without another
    /// read; nil when no group read picked one there.
    func pickedFile(in directory: String) -> String?

    /// Hands every file below `directory` and its bytes to `body`, in path
    /// order, keeping none of them: whole-store work (a copy, its read-back)
    /// in memory bounded by a page, whatever the store's size. A backend
    /// that pays per round trip reads many files a request (on etcd, pages
    /// within its limits on a response).
    func forEachFile(under directory: String, _ body: (String, [UInt8]) throws -> Void) throws

    /// Hands the path of every file below `directory` to `body`, in path
    /// order, keeping none of them: counting or checking a whole store's
    /// files in memory bounded by a page (a directory's entries on a local
    /// disk, a page of keys on etcd), whatever the store's size.
    func forEachPath(under directory: String, _ body: (String) throws -> Void) throws

    /// Hands the names in `directory` (`list`'s answer) to `body` in
    /// order, keeping none of them on a backend that pays per round trip
    /// (on etcd: a page of keys at a time, not a listing of every file
    /// below `directory`), so whole-store work can go through the accounts
    /// a part at a time.
    func forEachName(in directory: String, _ body: (String) throws -> Void) throws
}

/// One page of a directory's files in path order (`pageOutsideReadSet`).
public struct StorePage: Sendable, Equatable {
    public var paths: [String]
    /// Whether files are left after the page.
    public var hasMore: Bool

    public init(paths: [String], hasMore: Bool) {
        self.paths = paths
        self.hasMore = hasMore
    }
}

extension StoreSnapshot {
    /// A backend that serialises its transactions checks nothing at commit.
    public func readOutsideReadSet(_ path: String) throws -> [UInt8]? { try read(path) }
    public func listOutsideReadSet(_ directory: String) throws -> [String] { try list(directory) }
    /// Correct on any backend; a backend that can do better overrides it.
    public func firstFileOutsideReadSet(under directory: String, descending: (String) -> Bool) throws -> String? {
        try files(under: directory).first
    }
    /// The first file below `directory` itself, never a directory on the way.
    public func firstFileOutsideReadSet(under directory: String) throws -> String? {
        try firstFileOutsideReadSet(under: directory, descending: { _ in true })
    }
    /// Listing is the way on a backend that reads from a local disk.
    public func pageOutsideReadSet(under directory: String, after: String?, limit: Int) throws -> StorePage? { nil }
    /// Reads from a local disk cost too little to batch.
    public func prefetch(_ plan: PrefetchPlan) throws {}
    public var prefetches: Bool { false }
    public func pickedFile(in directory: String) -> String? { nil }

    /// From the listing: a backend that can walk its files keeping fewer overrides it.
    public func forEachPath(under directory: String, _ body: (String) throws -> Void) throws {
        for path in try files(under: directory) { try body(path) }
    }

    /// From the listing, which a local disk makes in one call.
    public func forEachName(in directory: String, _ body: (String) throws -> Void) throws {
        for name in try list(directory) { try body(name) }
    }

    /// One file at a time: nothing is kept but what `forEachPath` keeps.
    public func forEachFile(under directory: String, _ body: (String, [UInt8]) throws -> Void) throws {
        try forEachPath(under: directory) { path in
            guard let bytes = try read(path) else { return }
            try body(path, bytes)
        }
    }
}

/// The files of a store as one transaction sees them: its own staged
/// changes over its snapshot.
public protocol StoreTransaction: StoreSnapshot {
    /// Stages `bytes` as the new content of `path`, in the write set, which commits whole or not at all.
    func write(_ path: String, _ bytes: [UInt8]) throws
    /// Stages the removal of `path`; removing a missing file is no error.
    func delete(_ path: String) throws
}

/// An exclusive lease on part of the store's work, held until released.
public protocol StoreLease: AnyObject {
    /// Extends the lease by `duration` from now; false when it was lost
    /// meanwhile (it expired and someone else took it).
    func renew(for duration: Duration) throws -> Bool
    /// Gives the lease up; later calls do nothing.
    func release()
}

/// Waits for changes below one directory of the store.
/// One file a change signal saw change: it appeared (created or
/// replaced), or it went away.
public struct StoreChange: Sendable, Equatable {
    public var path: String
    public var appeared: Bool

    public init(path: String, appeared: Bool) {
        self.path = path
        self.appeared = appeared
    }
}

/// Which changes wake a waiter (`StoreBackend.changes(under:mattering:)`).
public typealias StoreChangeFilter = @Sendable (StoreChange) -> Bool

public protocol StoreChangeSignal: AnyObject {
    /// Waits until something below the directory may have changed since
    /// the signal was made or last returned true, or `timeout` passes, or a
    /// signal interrupts the process. True when a change may have happened.
    /// A backend that cannot tell waits out the timeout and says true.
    func wait(timeout: Duration) -> Bool
}

/// What a backend finds wrong with its own machinery, or worth knowing.
public struct BackendFinding: Sendable, Equatable {
    /// Whether the store is unusable or inconsistent until it is dealt with.
    public var isProblem: Bool
    /// The full name of the file or key concerned.
    public var path: String
    public var problem: String
    /// What to do about it.
    public var advice: String

    public init(isProblem: Bool, path: String, problem: String, advice: String) {
        self.isProblem = isProblem
        self.path = path
        self.problem = problem
        self.advice = advice
    }
}
