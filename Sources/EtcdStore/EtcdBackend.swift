import EtcdClient
import FoundationEssentials
import LifeSignalCore
import NetworkIO
import StoreBackends
import Synchronization

/// A store in an etcd cluster, under a key prefix: one key per file
/// (`EtcdStoreKeys`), read from one consistent snapshot per call
/// (`EtcdSnapshotReader`), written by optimistic transactions that commit
/// exactly once (`EtcdCommit`). No etcd lock or lease is used for
/// correctness: revisions fence every write, and leases are data with an
/// expiry on the cluster's clock. For fairness, a writer that keeps losing
/// races takes the store's turn (`EtcdTurn`) and commits next.
///
/// Every call is bounded by `EtcdStoreAccess.operationTimeout`: a cluster
/// without quorum, unreachable or hung is "store unavailable" within it.
public final class EtcdBackend: StoreBackend {
    public let name: String
    let client: EtcdClient
    let keys: EtcdStoreKeys
    let access: EtcdStoreAccess
    /// The command's clock: the cluster's, from its first answer.
    let commandClock = CommandClock()
    /// Files read in round trips of their own so far.
    let misses = ReadMisses()
    /// A snapshot read moments ago (by `clock()`, or the last read when
    /// `EtcdStoreAccess.keepsSnapshots`), which
    /// the next call starts from: within `reuseWindow` of its fixing, and
    /// only while this command has changed nothing since and waited for no
    /// change (`forgetSnapshot`). Its reads answer as if made that much
    /// earlier; a write that starts from it still compares all it read.
    private let opening = Mutex(Opening())
    /// The kept snapshot, and how many times one was forgotten: a reader
    /// started before the last forgetting is never kept. The change signal
    /// forgets on its own thread when it sees a change, possibly while a
    /// read is in flight on the command's; that read's snapshot predates
    /// the change, and keeping it would hide the change from the read the
    /// signal wakes (an agent once slept through a moved deadline so).
    private struct Opening {
        var seed: EtcdSnapshotReader.Seed?
        var forgotten: UInt64 = 0
    }
    /// The most paths a whole-store snapshot of this handle held at once
    /// (`EtcdBulkState.peakPathsHeld`).
    private let wholeStorePeak = Mutex(0)
    /// Walks of the whole key list so far (`wholeStoreKeyWalks`).
    private let keyWalks = Mutex(0)
    /// Holders of leases this handle gave up without its release reaching
    /// the cluster (`EtcdLease.release`): free for this handle to take again.
    let abandonedLeaseHolders = Mutex<Set<String>>([])
    /// How old a kept snapshot may be for the next call to start from it.
    static let reuseWindow: Duration = .seconds(1)
    /// What each snapshot's first request also reads (`expect`).
    let expected = EtcdExpectedReads()
    /// How many times `EtcdStoreAccess.busyTimeout` a transaction keeps
    /// meeting others' changes before "store is busy": a conflict is another
    /// command's progress, not a stuck store, and under steady contention
    /// (eight writers on one responder) an unlucky one may lose for seconds
    /// (26 of 2,400 were refused at 1x; the directory store's lock, which
    /// queues writers, refused none).
    static let conflictPatience = 3
    /// Tries a transaction that keeps meeting others' changes has before
    /// "store is busy", however long they took: on a machine short of CPU
    /// each try is slow, and patience in seconds alone would refuse a
    /// command that merely ran slowly among fast ones.
    static let conflictTries = 20
    /// Races a transaction loses in a row before it takes the store's turn
    /// (`EtcdTurn`) and commits next: losing once or twice is ordinary
    /// contention; losing on is a writer slower than the others, which
    /// optimism alone would starve.
    static let racesBeforeTurn = 3

    /// A backend for the store at `location`. Nothing is sent yet; a TLS
    /// file that cannot be used is refused here.
    public init(location url: EtcdURL, access: EtcdStoreAccess) throws {
        name = url.description
        var configuration = EtcdConfiguration(
            url: url, password: access.password,
            tls: TLSConfiguration(caFile: access.caFile, certificateFile: access.certificateFile, keyFile: access.keyFile),
            tokenCache: access.loadToken.flatMap { load in access.saveToken.map { EtcdConfiguration.TokenCache(load: load, save: $0) } })
        configuration.timeouts.operation = access.operationTimeout
        configuration.firstMember = access.firstMember.flatMap { kept in url.endpoints.first { $0.description == kept } }
        do {
            client = try EtcdClient(configuration)
        } catch {
            throw StoreError.unavailable(store: name, reason: error.message)
        }
        keys = EtcdStoreKeys(prefix: url.prefix)
        self.access = access
    }

    /// The access of one call, bounded from now.
    func operation() -> EtcdOperation {
        EtcdOperation(client: client, keys: keys, name: name, deadline: .after(access.operationTimeout),
                      timeout: access.operationTimeout, clock: commandClock,
                      misses: misses, random: access.random)
    }

    /// A reader for a new snapshot: from `seed`, or with the hint.
    func reader(seed: EtcdSnapshotReader.Seed?) -> EtcdSnapshotReader {
        let reader = EtcdSnapshotReader(operation(), seed: seed, expected: expected)
        reader.startedAfterForgetting = opening.withLock { $0.forgotten }
        return reader
    }

    public var boundsTransactions: Bool { true }
    /// Transactions compare what they read and run again on a conflict.
    public var queuesWriters: Bool { false }

    public func expect(_ hint: StoreReadHint) {
        expected.expect(hint)
    }

    /// The plan's files go with the next request of this handle's snapshots.
    public func prefetch(_ plan: PrefetchPlan) {
        expected.prefetch(plan.files.filter { BackendPath.fileProblem($0) == nil })
    }

    /// The snapshot kept for the next call, when it is recent enough.
    private func takeOpening() -> EtcdSnapshotReader.Seed? {
        opening.withLock { kept in
            defer { kept.seed = nil }
            return kept.seed.flatMap { $0.fixedAt.advanced(by: Self.reuseWindow).hasPassed ? nil : $0 }
        }
    }

    /// Keeps `reader`'s snapshot for the next call, unless a snapshot was
    /// forgotten since the reader started.
    func keep(_ reader: EtcdSnapshotReader) {
        guard let seed = reader.seed() else { return }
        opening.withLock { kept in
            if kept.forgotten == reader.startedAfterForgetting { kept.seed = seed }
        }
    }

    /// Drops the kept snapshot: the command changed something outside the
    /// data (a lease), or waits for others' changes, and what it reads next
    /// must be at least as new.
    func forgetSnapshot() {
        opening.withLock { kept in
            kept.seed = nil
            kept.forgotten &+= 1
        }
    }

    // MARK: StoreBackend

    public func read<T>(_ body: (any StoreSnapshot) throws -> T) throws -> T {
        var seed = takeOpening()
        for _ in 0..<3 {
            let reader = reader(seed: seed)
            seed = nil
            do {
                let result = try body(EtcdTransaction(reader: reader, writable: false))
                if let failure = reader.failure { throw failure }
                noteWholeStoreWork(reader)
                if access.keepsSnapshots { keep(reader) }
                return result
            } catch {
                // A failure of the cluster stands for whatever the body made of it.
                let cause = reader.failure ?? error
                guard cause is SnapshotGone else { throw cause }
            }
        }
        throw StoreError.contended(store: name)
    }

    public func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        var markerID = Self.randomID(access.random)
        var seed = takeOpening()
        let patience = Deadline.after(access.busyTimeout)
        let conflictPatience = Deadline.after(access.busyTimeout * Self.conflictPatience)
        var giveUp = StoreError.contended(store: name)
        var attempt = 0
        var racesLost = 0
        var turn: EtcdTurn?
        defer { turn?.release(in: self) }
        while true {
            attempt += 1
            var conflicted = true
            var atOnce = false
            var waiting = false
            let reader = reader(seed: seed)
            reader.writes = true
            seed = nil
            let transaction = EtcdTransaction(reader: reader, writable: true)
            do {
                let result = try body(transaction)
                if let failure = reader.failure { throw failure }
                switch try EtcdCommit(transaction: transaction, markerID: markerID, turn: turn).run() {
                case .committed:
                    // A commit that changed something gave the turn back in its Txn.
                    if turn != nil, !transaction.effectiveChanges().isEmpty { turn = nil }
                    return result
                case .conflict(let next, let seen):
                    seed = next
                    atOnce = true
                    if let held = turn, seen?.modRevision != held.revision { turn = nil }
                    if let seen, seen.modRevision != turn?.revision {
                        // Another writer's turn: wait for its commit, or clear it if it ran out.
                        if seen.expired { EtcdTurn.clear(seen, in: self) } else { waiting = true }
                    } else {
                        racesLost += 1
                        if turn == nil, racesLost >= Self.racesBeforeTurn,
                           let taken = try EtcdTurn.take(for: access.busyTimeout, in: self) {
                            // Nobody else commits now: read afresh and this run commits.
                            turn = taken
                            seed = nil
                        }
                    }
                case .stale: break
                case .abandoned(let failure):
                    // Proven not made: the old marker is spent; a new run takes a new one.
                    markerID = Self.randomID(access.random)
                    giveUp = failure
                    conflicted = false
                }
            } catch {
                let cause = reader.failure ?? error
                guard cause is SnapshotGone else { throw cause }
            }
            let outOfPatience = conflicted ? conflictPatience.hasPassed && attempt >= Self.conflictTries : patience.hasPassed
            guard !outOfPatience else { break }
            // A conflict's answer holds the values as they are now: run again
            // on them at once. Pausing first would commit on values others
            // had changed meanwhile, and the one that lost would go on losing
            // to commands that read afresh (starved for seconds). Without
            // fresh values, or while another writer has the turn, pause
            // before running again, jittered, so writers that collided do
            // not collide again in step.
            if waiting || (attempt > 1 && !atOnce) { Self.backOff(attempt, access.random) }
        }
        throw giveUp
    }

    public func inspect<T>(_ body: (any StoreSnapshot) throws -> T) throws -> (T, [BackendFinding]) {
        let reader = reader(seed: takeOpening())
        // An examination reads the whole store: each request is bounded, not the whole.
        reader.bulk.wholeStore = true
        reader.bulk.orphans = EtcdOrphanCheck(keys: keys, storeName: name)
        let value = try body(EtcdTransaction(reader: reader, writable: false))
        if let failure = reader.failure { throw failure }
        let findings = try EtcdInspection(backend: self, reader: reader).findings()
        noteWholeStoreWork(reader)
        return (value, findings)
    }

    /// The most paths one whole-store snapshot (`doctor`, a copy's read)
    /// of this handle held at once, counted at each of its requests: for
    /// tests that whole-store work keeps a page in memory, not the store.
    package var peakPathsHeld: Int { wholeStorePeak.withLock { $0 } }

    /// Walks of the whole store's key list that this handle's whole-store
    /// snapshots made: for tests that `doctor` reads the key list once.
    package var wholeStoreKeyWalks: Int { keyWalks.withLock { $0 } }

    private func noteWholeStoreWork(_ reader: EtcdSnapshotReader) {
        guard reader.bulk.wholeStore else { return }
        reader.notePathsHeld()
        wholeStorePeak.withLock { $0 = max($0, reader.bulk.peakPathsHeld) }
        keyWalks.withLock { $0 += reader.bulk.keyWalks }
    }

    public func lease(_ name: String, for duration: Duration) throws -> (any StoreLease)? {
        try BackendPath.check(name, BackendPath.fileProblem)
        return try EtcdLease.take(name, for: duration, in: self)
    }

    public func changes(under directory: String) throws -> any StoreChangeSignal {
        try BackendPath.check(directory, BackendPath.directoryProblem)
        return try EtcdChangeSignal(backend: self, directories: [directory], mattering: nil)
    }

    /// One watch over the directories' nearest common ancestor, which wakes
    /// its waiter only for changes below one of them (an agent is not woken
    /// by other accounts' feeds or heartbeats).
    public func changes(under directories: [String], mattering filter: StoreChangeFilter?) throws -> any StoreChangeSignal {
        for directory in directories { try BackendPath.check(directory, BackendPath.directoryProblem) }
        return try EtcdChangeSignal(backend: self, directories: directories.isEmpty ? [""] : directories, mattering: filter)
    }

    /// The cluster's time: from the command's first answer, running on at
    /// this machine's pace. Before any answer, the store is read (its
    /// `store.json`) for one, and the next call starts from that read.
    public func clock() throws -> Date? {
        if let clock = commandClock.current { return clock.now() }
        let reader = reader(seed: nil)
        _ = try reader.value(StoreShape.storeFile)
        keep(reader)
        return (commandClock.current ?? .local()).now()
    }

    /// The member that answered last (`host:port`), for the next command
    /// to ask first (`EtcdStoreAccess.firstMember`).
    public var answeringMember: String? { client.answeringMember.description }

    /// What this backend's reads showed about its hints: for the next command's.
    public var readLessons: StoreReadLessons { misses.all }

    /// Requests sent to the cluster so far (each one round trip), and
    /// connections opened: what `LIFESIGNAL_ETCD_TRAFFIC` reports.
    public var traffic: StoreTraffic? {
        let traffic = client.traffic
        return StoreTraffic(roundTrips: traffic.roundTrips, connections: traffic.connections)
    }

    // MARK: Helpers

    /// 128 bits of `random` in hex: a commit's marker, a lease's holder.
    /// Written digit by digit: `String(_:radix:)` and `joined` set up
    /// generic code at every commit.
    static func randomID(_ random: RandomSource) -> String {
        let bytes = random.bytes(16)
        func word(_ start: Int) -> UInt64 {
            bytes[start..<start + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }
        return hex(word(0), word(8))
    }

    /// `high` then `low` as 32 lowercase hex digits.
    static func hex(_ high: UInt64, _ low: UInt64) -> String {
        let digits: StaticString = "0123456789abcdef"
        var text = [UInt8](repeating: 0, count: 32)
        func write(_ value: UInt64, at offset: Int) {
            for index in 0..<16 {
                text[offset + index] = digits.utf8Start[Int(truncatingIfNeeded: value &>> UInt64(60 - 4 * index) & 0xf)]
            }
        }
        write(high, at: 0)
        write(low, at: 16)
        return String(decoding: text, as: UTF8.self)
    }

    /// A pause before the `attempt`th run of a conflicting body: growing,
    /// jittered, so writers that collided do not collide again in step.
    static func backOff(_ attempt: Int, _ random: RandomSource) {
        let ceiling = min(2 << min(attempt, 6), 100)
        let jitter = Int64(random.uniform(below: UInt32(ceiling - ceiling / 2 + 1)))
        Pause.sleep(.milliseconds(Int64(ceiling / 2) + jitter))
    }
}
