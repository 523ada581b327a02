import EtcdClient
import NetworkIO
import StoreBackends

/// One consistent view of an etcd store: the first answer fixes the
/// revision R, and every later read asks for R (served by a member that has
/// applied it, without a quorum round). What was read is kept, so each key
/// costs one round trip at most, and a directory whose keys are known
/// answers for the files in it that do not exist without asking.
///
/// A failure of the cluster is also kept (`failure`): a body that swallows
/// errors (`try?`) cannot turn an outage into an answer.
final class EtcdSnapshotReader {
    /// What a key held at R: its bytes (nil: absent) and the revision of its
    /// last change (0 when absent), which a commit compares.
    struct Known: Equatable {
        var bytes: [UInt8]?
        var modRevision: Int64
    }

    /// What a snapshot starts from: an earlier answer at a known revision.
    struct Seed {
        var revision: Int64
        var clock: ClusterClock
        var fixedAt: Deadline
        var values: [String: Known] = [:]
        var listings: [String: [String: Int64]] = [:]
        var firsts: [String: String?] = [:]
        /// Files the hint named, absent at this revision, not read yet.
        var hintedAbsentUnread: [String] = []
        var grouped = Grouped()
        /// The number of the hint the snapshot took (`EtcdExpectedReads`);
        /// nil when it starts at a revision of its own (a conflict's
        /// answer), with no use for the hint it had.
        var hintTaken: Int?
    }

    /// What groups' reads brought (`StoreReadGroups`).
    struct Grouped {
        /// The group directories read.
        var directories: Set<String> = []
        /// Files a group's read brought that the body has not read yet: one
        /// it reads is a file the next command's hint should name.
        var unread: Set<String> = []
        /// Group directories the body said it may read next, in order, and as a set.
        var expected: [String] = []
        var expectedSet: Set<String> = []
        /// The file a group's read picked in each directory (`StoreReadGroups.picked`).
        var picks: [String: String] = [:]
        /// Directories whose numbered files (`StoreReadGroups.lastNumbered`)
        /// a group's read found to be one at most: that one, or nil for none.
        var numbered: [String: String?] = [:]
    }

    /// Groups read in one request at most: each is an account's small files
    /// (a few kilobytes), so a request stays far below the gateway's 4 MiB
    /// answer, and its reads within a transaction's 128 operations.
    static let groupsPerRequest = 8

    let operation: EtcdOperation
    var revision: Int64?
    /// The cluster's clock when R was read.
    var clock: ClusterClock?
    /// When R was read, on this machine's monotonic clock.
    var fixedAt: Deadline?
    var values: [String: Known] = [:]
    /// Complete listings: directory → every file path below it → its revision.
    var listings: [String: [String: Int64]] = [:]
    /// The first file of directories, as a hint read them.
    var firsts: [String: String?] = [:]
    /// The backend's hints (`StoreBackend.expect`), and the number of the
    /// one this snapshot took (or had no use for): a later one goes with its
    /// next request.
    let expected: EtcdExpectedReads
    var hintTaken: Int
    var grouped = Grouped()
    /// Files the hint named that its request found absent and the body has
    /// not read yet: one it reads is needed absent, and stays in later hints.
    var hintedAbsentUnread: [String] = []
    /// The first failure of the cluster met, whatever the body did with it.
    private(set) var failure: (any Error)?
    /// Whether a transaction that writes reads through this snapshot: only
    /// then do groups bring what an append to their feeds reads.
    var writes = false
    /// Whole-store work's state (`EtcdBulkReads`).
    var bulk = EtcdBulkState()
    /// How many kept snapshots the backend had forgotten when this reader
    /// started (`EtcdBackend.keep`).
    var startedAfterForgetting: UInt64 = 0
    /// Files the body said it will read, for the next requests to carry
    /// (`EtcdSnapshotReader+Prefetch`).
    var prefetchQueue: [String] = []

    /// Keys per page of a listing.
    static let pageSize: Int64 = 10_000

    /// A snapshot from `seed`, or a new one, which takes the backend's
    /// current hint with its first request; and any hint given later.
    init(_ operation: EtcdOperation, seed: Seed? = nil, expected: EtcdExpectedReads = EtcdExpectedReads()) {
        self.operation = operation
        self.expected = expected
        hintTaken = seed.map { $0.hintTaken ?? expected.current.number } ?? 0
        if let seed {
            revision = seed.revision
            clock = seed.clock
            fixedAt = seed.fixedAt
            values = seed.values
            listings = seed.listings
            firsts = seed.firsts
            hintedAbsentUnread = seed.hintedAbsentUnread
            grouped = seed.grouped
        }
    }

    /// The hint to send with the next request, when one is waiting.
    var waitingHint: (hint: StoreReadHint, number: Int)? {
        let current = expected.current
        guard current.number > hintTaken, let hint = current.hint else { return nil }
        return (hint, current.number)
    }

    /// What `path` holds at R.
    func value(_ path: String) throws -> Known {
        if let known = values[path] {
            if !grouped.unread.isEmpty, grouped.unread.remove(path) != nil {
                operation.misses.note(path, absent: known.bytes == nil)
            }
            if known.bytes == nil, let index = hintedAbsentUnread.firstIndex(of: path) {
                hintedAbsentUnread.remove(at: index)
                operation.misses.noteHintedAbsentRead(path)
            }
            return known
        }
        if let listing = coveringListing(of: path), listing[path] == nil {
            values[path] = Known(bytes: nil, modRevision: 0)
            return Known(bytes: nil, modRevision: 0)
        }
        if isAbsentAmongNumbered(path) {
            values[path] = Known(bytes: nil, modRevision: 0)
            return Known(bytes: nil, modRevision: 0)
        }
        let key = operation.keys.key(path)
        // The read that carries the hint is no miss (every command's first,
        // `store.json`, would otherwise be "learned", and the hint file
        // read again after each command to see that it is known).
        let carriesHint = waitingHint != nil
        // A request that carries the hint is wide already: the group comes with the next.
        let group = carriesHint ? GroupRead() : groupRead(of: path)
        let responses = try fetch([RangeRequest(key: key)], with: group)
        let found = responses[0].kvs.first { $0.key == key }
        let known = Known(bytes: found?.value, modRevision: found?.modRevision ?? 0)
        values[path] = known
        if !carriesHint { operation.misses.note(path, absent: found == nil) }
        return known
    }

    /// Notes group directories the body may read next (`StoreSnapshot.expectGroups`).
    /// `first`: they come before those noted earlier, in their order.
    func expectGroups(_ directories: [String], first: Bool = false) {
        let unread = directories.filter { !grouped.directories.contains($0) }
        if first {
            let named = Set(unread)
            grouped.expected.removeAll { named.contains($0) }
            var seen = Set<String>()
            grouped.expected.insert(contentsOf: unread.filter { seen.insert($0).inserted }, at: 0)
            grouped.expectedSet.formUnion(named)
            return
        }
        for directory in unread where grouped.expectedSet.insert(directory).inserted {
            grouped.expected.append(directory)
        }
    }

    /// Every file below `directory` at R, with its revision.
    func listing(_ directory: String) throws -> [String: Int64] {
        if let listing = listings[directory] { return listing }
        // The nearest listed ancestor: a listing of the whole store is
        // filtered once, not again for each directory below it.
        if let ancestor = nearestListedAncestor(of: directory) {
            let below = ancestor.filter { BackendPath.isBelow($0.key, directory) }
            listings[directory] = below
            return below
        }
        var found: [String: Int64] = [:]
        for range in operation.keys.dataRanges(directory) {
            var start = range.start
            while true {
                let page = try fetch([RangeRequest(key: start, rangeEnd: range.end, keysOnly: true, limit: Self.pageSize)])[0]
                for kv in page.kvs {
                    if let path = operation.keys.path(of: kv.key), BackendPath.fileProblem(path) == nil {
                        found[path] = kv.modRevision
                    }
                }
                guard page.more, let last = page.kvs.last else { break }
                start = last.key + [0]
            }
        }
        listings[directory] = found
        return found
    }

    /// The first file below `directory` in path order, asked of the cluster
    /// with a limit of one (the listing is used when it is known).
    func firstPath(under directory: String) throws -> String? {
        if let first = firsts[directory] { return first }
        if let listing = listings[directory] ?? listings.first(where: { BackendPath.isBelow(directory, $0.key) })?.value {
            return listing.keys.filter { BackendPath.isBelow($0, directory) }.min()
        }
        for range in operation.keys.dataRanges(directory) {
            let page = try fetch([RangeRequest(key: range.start, rangeEnd: range.end, keysOnly: true, limit: 1)])[0]
            guard let first = page.kvs.first else { continue }
            guard let path = operation.keys.path(of: first.key), BackendPath.fileProblem(path) == nil else {
                // Something that is no file sorts first: the full listing skips it.
                return try listing(directory).keys.min()
            }
            firsts[directory] = .some(path)
            return path
        }
        firsts[directory] = .some(nil)
        return nil
    }

    /// Up to `limit` files below `directory` after the path `after`, at R:
    /// one range with a limit (nil for the top of the store, which spans
    /// two ranges and is never paged).
    func page(under directory: String, after: String?, limit: Int) throws -> StorePage? {
        let ranges = operation.keys.dataRanges(directory)
        guard ranges.count == 1, limit > 0 else { return nil }
        if let listing = listings[directory] {
            let paths = listing.keys.filter { path in after.map { path > $0 } ?? true }.sorted()
            return StorePage(paths: Array(paths.prefix(limit)), hasMore: paths.count > limit)
        }
        // Just past `after`: its key followed by the smallest byte.
        let start = after.map { operation.keys.key($0) + [0] } ?? ranges[0].start
        let response = try fetch([RangeRequest(key: start, rangeEnd: ranges[0].end, keysOnly: true, limit: Int64(limit))])[0]
        let paths = response.kvs.compactMap { kv in
            operation.keys.path(of: kv.key).flatMap { BackendPath.fileProblem($0) == nil ? $0 : nil }
        }
        return StorePage(paths: paths, hasMore: response.more)
    }

    /// The cluster's clock for this snapshot: R's, or the command's, or
    /// (when nothing was read yet) one fetched now.
    func ensureClock() throws -> ClusterClock {
        if let clock { return clock }
        if let clock = operation.clock.current { return clock }
        _ = try fetch([RangeRequest(key: operation.keys.key(EtcdStoreKeys.commandMarkers), countOnly: true)])
        return clock ?? operation.clock.current ?? .local()
    }

    /// Whether `path` is known to hold nothing at R (read, or missing from a listing).
    func isKnownAbsent(_ path: String) -> Bool {
        if let known = values[path] { return known.bytes == nil }
        return coveringListing(of: path).map { $0[path] == nil } ?? false
    }

    /// The listing of the nearest directory above `directory`, when one is known.
    private func nearestListedAncestor(of directory: String) -> [String: Int64]? {
        guard !directory.isEmpty else { return nil }
        return coveringListing(of: directory)
    }

    /// The listing that covers `path`, when one is known.
    func coveringListing(of path: String) -> [String: Int64]? {
        var directory = path
        while let slash = directory.lastIndex(of: "/") {
            directory = String(directory[..<slash])
            if let listing = listings[directory] { return listing }
        }
        return listings[""]
    }

    /// Sends `requests` as one range, or one read-only transaction, at R,
    /// with what waits to go along: the hint's reads (with the first
    /// request), and the queued prefetch. With `refusable`, an answer
    /// refused as too large is thrown as it came and ends nothing: a
    /// smaller request may pass.
    func fetch(_ requests: [RangeRequest], refusable: Bool = false) throws -> [RangeResponse] {
        if let failure { throw failure }
        if let reads = hintReads(besides: requests) { return try fetch(requests, with: reads, refusable: refusable) }
        let prefetched = takePrefetch(besides: requests)
        if !prefetched.isEmpty { return try fetch(requests, prefetching: prefetched, refusable: refusable) }
        return try send(requests, refusable: refusable)
    }

    /// `requests` as they are, at R (the first fixes R, linearizably). A
    /// failure of the cluster is kept (`failure`); with `refusable`, an
    /// answer refused as too large is thrown as it came and ends nothing.
    func send(_ requests: [RangeRequest], refusable: Bool) throws -> [RangeResponse] {
        // Whole-store work takes as long as the store is large: each of its
        // requests, not the snapshot, is bounded.
        let deadline = bulk.wholeStore ? Deadline.after(operation.timeout) : operation.deadline
        if bulk.wholeStore { notePathsHeld() }
        var pinned = requests
        if let revision {
            for index in pinned.indices {
                pinned[index].revision = revision
                pinned[index].serializable = true
            }
        }
        let responses: [RangeResponse]
        let header: ResponseHeader
        do {
            (responses, header) = try send(pinned, deadline: deadline)
        } catch let error as EtcdError {
            if refusable, error.code == .requestTooLarge { throw error }
            let mapped = StoreError.from(error, store: operation.name)
            failure = mapped
            throw mapped
        } catch {
            failure = error
            throw error
        }
        if revision == nil { fix(at: header) }
        return responses
    }

    /// Fixes R at the revision of the answer `header` heads, and the cluster's clock with it.
    func fix(at header: ResponseHeader) {
        revision = header.revision
        fixedAt = .now
        let answered = header.serverTime.map { ClusterClock(seconds: $0, instant: .now) } ?? operation.clock.current ?? .local()
        clock = answered
        operation.clock.note(answered)
    }

    /// `requests` in one round trip: one range, or a read-only transaction of them.
    func send(_ requests: [RangeRequest], deadline: Deadline? = nil) throws -> ([RangeResponse], ResponseHeader) {
        let deadline = deadline ?? operation.deadline
        if requests.count == 1 {
            let response = try operation.client.range(requests[0], deadline: deadline)
            return ([response], response.header)
        }
        let response = try operation.client.txn(TxnRequest(success: requests.map { .range($0) }), deadline: deadline)
        let responses = response.responses.compactMap { if case .range(let range) = $0 { range } else { nil } }
        guard responses.count == requests.count else {
            throw StoreError.unavailable(store: operation.name, reason: "a member answered \(responses.count) of \(requests.count) reads")
        }
        return (responses, response.header)
    }

    /// Everything this snapshot knows, for the next one to start from at
    /// the same revision; nil before anything was read.
    func seed() -> Seed? {
        guard let revision, let clock, let fixedAt else { return nil }
        return Seed(revision: revision, clock: clock, fixedAt: fixedAt, values: values, listings: listings, firsts: firsts,
                    hintedAbsentUnread: hintedAbsentUnread, grouped: grouped, hintTaken: hintTaken)
    }

    /// The start of the next snapshot, at a later revision: what a commit's
    /// failure branch re-read, with that answer's clock.
    func seed(revision: Int64, serverTime: Int64?, values: [String: Known]) -> Seed {
        let clock = serverTime.map { ClusterClock(seconds: $0, instant: .now) } ?? self.clock ?? .local()
        return Seed(revision: revision, clock: clock, fixedAt: .now, values: values)
    }
}
