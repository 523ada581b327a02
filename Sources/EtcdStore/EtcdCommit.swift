import EtcdClient
import FoundationEssentials
import StoreBackends

/// A transaction's commit: one etcd Txn that applies every staged change if
/// nothing the transaction read or listed changed since its snapshot R,
/// exactly once (the etcd store design,
/// EtcdStore.docc/EtcdStoreDesign.md: "Commits apply exactly once").
///
/// - Compares: each file read, by revision (0: still absent); each listed
///   directory, as "no key in its range changed after R" plus "no deletion
///   marker in it since R" (the marker hours either side of the snapshot's,
///   which covers any commit that can land before this one); and the
///   command marker, which must not exist yet; and the turn (`EtcdTurn`),
///   which must be free, or still this writer's.
/// - Success: the changes, one operation per key; a deletion marker per
///   directory a file is deleted from; the command marker; the removal
///   of markers from hours before the last two; and the turn, if held.
/// - Failure: a read of the command marker (present: an earlier send of
///   this very Txn committed, its answer was lost), of the turn, and of
///   every file read, so a conflict's next run starts from the new values
///   without another round trip.
/// - Settling: when every send's answer was lost, the marker is claimed
///   (written as `abandoned` unless it exists): a send still on its way can
///   then never apply, and the claim's answer says whether one already did.
struct EtcdCommit {
    enum Outcome {
        case committed
        /// Something read changed, or another writer holds the turn: run
        /// the body again from this snapshot. `turn`: the turn as it is
        /// now (nil: free).
        case conflict(EtcdSnapshotReader.Seed, turn: EtcdTurn.Seen?)
        /// The snapshot is too old to commit on (see `maximumSnapshotAge`): run again.
        case stale
        /// Every answer was lost, and the marker's claim proved that nothing
        /// was applied (nor ever will be): run again under a new marker, or
        /// report `failure`, which says so.
        case abandoned(StoreError)
    }

    static let limits = RequestLimits()
    /// The most one file (key and value) may take: the cluster's request
    /// limit less room for the rest of a commit.
    static let maximumFileBytes = limits.maximumRequestBytes - 65_536
    /// A commit is sent at most this long after its snapshot was read, so
    /// the marker hours it compares are the ones any concurrent deleter used.
    static let maximumSnapshotAge: Duration = .seconds(60)
    /// What a claimed marker holds; a committed one is empty.
    static let abandoned = Array("abandoned".utf8)
    /// How long the claim may take after the commit's own time ran out, so
    /// a command still ends within 10 s of an unreachable cluster.
    static let settleTimeout: Duration = .milliseconds(1500)

    let transaction: EtcdTransaction
    /// Random, one per `write` call: names its command marker.
    let markerID: String
    /// The turn, when this writer holds it.
    let turn: EtcdTurn?

    private var reader: EtcdSnapshotReader { transaction.reader }
    private var keys: EtcdStoreKeys { reader.operation.keys }
    private var name: String { reader.operation.name }

    func run() throws -> Outcome {
        let changes = transaction.effectiveChanges()
        guard !changes.isEmpty else { return .committed }
        if let fixedAt = reader.fixedAt, fixedAt.advanced(by: Self.maximumSnapshotAge).hasPassed { return .stale }
        let clock = try reader.ensureClock()
        let hour = clock.hour
        let marker = keys.commandMarker(hour: hour, id: markerID)
        let reads = transaction.readSet.keys.sorted()
        let request = TxnRequest(compares: try compares(hour: hour, marker: marker),
                                 success: try operations(changes, hour: hour, marker: marker),
                                 failure: [.range(RangeRequest(key: marker)), .range(RangeRequest(key: keys.turn))]
                                     + reads.prefix(Self.limits.maximumOperations - 2).map { .range(RangeRequest(key: keys.key($0))) })
        let response: TxnResponse
        do {
            response = try reader.operation.client.txn(request, resendIfAmbiguous: true, deadline: reader.operation.deadline)
        } catch where error.outcome == .ambiguous {
            return try settle(marker: marker, after: error)
        } catch {
            throw StoreError.from(error, store: name)
        }
        if response.succeeded { return .committed }
        var ranges = response.responses.compactMap { if case .range(let range) = $0 { range } else { nil } }
        guard ranges.count >= 2 else {
            throw StoreError.unavailable(store: name, reason: "a member answered a failed commit without its reads")
        }
        if let found = ranges.removeFirst().kvs.first {
            return found.value.isEmpty ? .committed : .abandoned(notMade(because: "its marker was claimed"))
        }
        let now = response.header.serverTime.map { Date(timeIntervalSince1970: Double($0)) } ?? clock.now()
        let turnSeen = ranges.removeFirst().kvs.first.map { EtcdTurn.Seen($0, now: now) }
        var values: [String: EtcdSnapshotReader.Known] = [:]
        for (path, range) in zip(reads, ranges) {
            let key = keys.key(path)
            let found = range.kvs.first { $0.key == key }
            values[path] = EtcdSnapshotReader.Known(bytes: found?.value, modRevision: found?.modRevision ?? 0)
        }
        return .conflict(reader.seed(revision: response.header.revision, serverTime: response.header.serverTime, values: values),
                         turn: turnSeen)
    }

    // MARK: Settling

    /// The outcome of a commit whose every send lost its answer (`lost`):
    /// claims `marker` in a Txn of its own. The claim succeeding means no
    /// send applied, and none can now (each compares the marker absent);
    /// failing, it reads the marker, empty when a send committed.
    private func settle(marker: [UInt8], after lost: EtcdError) throws -> Outcome {
        let claim = TxnRequest(compares: [Compare(key: marker, .createRevision(0))],
                               success: [.put(key: marker, value: Self.abandoned)],
                               failure: [.range(RangeRequest(key: marker))])
        let response: TxnResponse
        do {
            // Resending a claim is harmless: a second one finds the first.
            response = try reader.operation.client.txn(claim, resendIfAmbiguous: true, deadline: .after(Self.settleTimeout))
        } catch {
            throw StoreError.unconfirmed(store: name, reason: lost.message)
        }
        if response.succeeded { return .abandoned(notMade(because: lost.message)) }
        guard case .range(let range)? = response.responses.first, let found = range.kvs.first(where: { $0.key == marker }) else {
            throw StoreError.unconfirmed(store: name, reason: lost.message)
        }
        return found.value.isEmpty ? .committed : .abandoned(notMade(because: lost.message))
    }

    /// The failure of a commit proven not made.
    private func notMade(because reason: String) -> StoreError {
        StoreError.unavailable(store: name, reason: "\(reason); the change was not made")
    }

    // MARK: Compares

    private func compares(hour: Int64, marker: [UInt8]) throws -> [Compare] {
        var directories = Self.outermost(transaction.readSetDirectories)
        var reads = transaction.readSet.filter { read in !directories.contains { BackendPath.isBelow(read.key, $0) } }
        // Too many files read to compare one by one: compare the directories
        // that hold most of them instead (coarser: more conflicts, never fewer).
        while 2 + reads.count + directories.map(cost).reduce(0, +) > Self.limits.maximumOperations {
            let widened = widest(reads.keys)
            directories = Self.outermost(directories.union([widened]))
            reads = reads.filter { read in !directories.contains { BackendPath.isBelow(read.key, $0) } }
        }
        let turnCompare = Compare(key: keys.turn, turn.map { .modRevision($0.revision) } ?? .createRevision(0))
        guard let revision = reader.revision else {
            // Nothing was read: only the marker and the turn guard this commit.
            return [Compare(key: marker, .createRevision(0)), turnCompare]
        }
        var compares = [Compare(key: marker, .createRevision(0)), turnCompare]
        // Sorted paths, not sorted (key, value) pairs: an array of tuples
        // makes the runtime build its metadata at every commit.
        for path in reads.keys.sorted() {
            compares.append(Compare(key: keys.key(path), .modRevision(reads[path] ?? 0)))
        }
        for directory in directories.sorted() {
            for range in keys.dataRanges(directory) {
                compares.append(Compare(key: range.start, rangeEnd: range.end, .modRevision(revision + 1), .less))
            }
            for markerHour in (hour - 1)...(hour + 1) {
                let range = keys.deletionMarkers(hour: markerHour, under: directory)
                compares.append(Compare(key: range.start, rangeEnd: range.end, .modRevision(revision + 1), .less))
            }
        }
        return compares
    }

    /// Compares a directory takes: its data ranges and three marker hours.
    private func cost(_ directory: String) -> Int { keys.dataRanges(directory).count + 3 }

    /// The directory whose compares save the most, among those holding `paths`.
    private func widest(_ paths: some Collection<String>) -> String {
        var held: [String: Int] = [:]
        for path in paths {
            var directory = path
            while let slash = directory.lastIndex(of: "/") {
                directory = String(directory[..<slash])
                held[directory, default: 0] += 1
            }
        }
        let best = held.max { ($0.value - cost($0.key), $0.key.count) < ($1.value - cost($1.key), $1.key.count) }
        guard let best, best.value > cost(best.key) else { return "" }
        return best.key
    }

    /// `directories` without those inside another of them.
    static func outermost(_ directories: Set<String>) -> Set<String> {
        directories.filter { directory in
            !directories.contains { $0 != directory && BackendPath.isBelow(directory, $0) }
        }
    }

    // MARK: Operations

    private func operations(_ changes: [String: [UInt8]?], hour: Int64, marker: [UInt8]) throws -> [TxnOperation] {
        var operations: [TxnOperation] = []
        var emptied = Set<String>()
        for path in changes.keys.sorted() {
            guard let change = changes[path] else { continue }
            if let bytes = change {
                operations.append(.put(key: keys.key(path), value: bytes))
            } else {
                operations.append(.delete(key: keys.key(path), rangeEnd: nil))
                emptied.insert(path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "")
            }
        }
        for directory in emptied.sorted() {
            operations.append(.put(key: keys.deletionMarker(hour: hour, directory: directory), value: []))
        }
        operations.append(.put(key: marker, value: []))
        if let turn { operations.append(.delete(key: turn.key, rangeEnd: nil)) }
        for garbage in keys.markersBefore(hour: hour - 2) {
            operations.append(.delete(key: garbage.start, rangeEnd: garbage.end))
        }
        guard operations.count <= Self.limits.maximumOperations else {
            throw StoreError.tooLarge(store: name, reason: "the change writes \(changes.count) files (with its bookkeeping, \(operations.count) operations), and one etcd transaction takes at most \(Self.limits.maximumOperations)")
        }
        return operations
    }
}
