import EtcdClient
import NetworkIO
import StoreBackends

/// What a snapshot doing whole-store work keeps: whether it does (each
/// request then gets a timeout of its own), what the last whole-store prefetch
/// brought (forgotten at the next one), and how many files a page of
/// contents asks for.
struct EtcdBulkState {
    var wholeStore = false
    /// The files and the directories
    /// that the last whole-store prefetch asked for.
    var prefetchedFiles: [String] = []
    var prefetchedDirectories: [String] = []
    var pageFiles = EtcdBulkReads.firstPageFiles
    /// The most paths (files read, keys listed) the snapshot held at once
    /// besides the page in hand, counted at each request: what whole-store
    /// work keeps in memory that could grow with the store.
    var peakPathsHeld = 0
    /// The orphan check of an inspection (`doctor`), fed by a walk of
    /// every path when the body makes one; nil outside an inspection.
    var orphans: EtcdOrphanCheck?
    /// Walks of the whole store's key list started (each a request or more).
    var keyWalks = 0
}

/// Limits of whole-store reads on etcd: a response of many files, each up
/// to what one write takes (1.5 MiB), must stay within what a member's
/// gateway hands back (4 MiB in etcd 3.5's, etcd #14997), and one
/// transaction reads at most 128 keys.
enum EtcdBulkReads {
    /// Bytes of values a page aims at: a quarter of the gateway's limit.
    static let pageBytes = 1 << 20
    static let firstPageFiles = 64
    static let maximumPageFiles = 1_000
    /// Single keys read in one read-only transaction (etcd takes 128 operations).
    static let filesPerRequest = 100
}

extension EtcdSnapshotReader {
    /// Hands each file below `directory` and its bytes to `body` in path
    /// order, at R, a page of files a request. Nothing is kept.
    func eachFile(under directory: String, _ body: (String, [UInt8]) throws -> Void) throws {
        bulk.wholeStore = true
        for range in operation.keys.dataRanges(directory) {
            try eachFile(in: range) { path, kv in try body(path, kv.value) }
        }
    }

    /// Hands the path of each file below `directory` to `body` in path
    /// order, at R, from pages of keys (no values), keeping none; from the
    /// listing when it is known.
    func eachPath(under directory: String, _ body: (String) throws -> Void) throws {
        bulk.wholeStore = true
        if let listing = listings[directory] {
            for path in listing.keys.sorted() { try body(path) }
            return
        }
        if directory.isEmpty { bulk.keyWalks += 1 }
        if directory.isEmpty, var check = bulk.orphans, !check.isComplete {
            // An inspection's walk of every path also checks the keys between them: the key list once.
            try eachKey(in: operation.keys.everything, holding: { check.peakHeld }) { key in
                if let path = check.note(key) { try body(path) }
            }
            check.isComplete = true
            bulk.orphans = check
            return
        }
        for range in operation.keys.dataRanges(directory) {
            try eachKey(in: range, holding: { 0 }) { key in
                guard let path = operation.keys.path(of: key), BackendPath.fileProblem(path) == nil else { return }
                try body(path)
            }
        }
    }

    /// Hands each key in `range` to `body` in byte order, at R, from pages
    /// of keys (no values), keeping none; `holding` says how many paths the
    /// caller keeps besides (`notePathsHeld`).
    func eachKey(in range: KeyRangeBounds, holding: () -> Int, _ body: ([UInt8]) throws -> Void) throws {
        var start = range.start
        while true {
            let page = try fetch([RangeRequest(key: start, rangeEnd: range.end, keysOnly: true, limit: Self.pageSize)])[0]
            for kv in page.kvs { try body(kv.key) }
            notePathsHeld(besides: holding())
            guard page.more, let last = page.kvs.last else { break }
            start = last.key + [0]
        }
    }

    /// Notes how many paths the snapshot holds now, and `besides` more its
    /// caller does (`EtcdBulkState.peakPathsHeld`).
    func notePathsHeld(besides extra: Int = 0) {
        let held = values.count + listings.values.reduce(extra) { $0 + $1.count }
        if held > bulk.peakPathsHeld { bulk.peakPathsHeld = held }
    }

    /// Reads the files at `paths` and every file below `directories` into
    /// what this snapshot knows (a directory's listing too), in few
    /// requests, after forgetting what the previous whole-store prefetch
    /// brought and this one does not ask for again.
    func prefetchWholeStore(files paths: [String], under directories: [String]) throws {
        bulk.wholeStore = true
        forgetPrefetched(keeping: directories, files: paths)
        let unlisted = directories.filter { listings[$0] == nil }
        var index = unlisted.startIndex
        while index < unlisted.endIndex {
            let chunk = unlisted[index..<min(index + EtcdBulkReads.filesPerRequest, unlisted.endIndex)]
            try readTogether(directories: Array(chunk))
            index = chunk.endIndex
        }
        let wanted = paths.filter { values[$0] == nil && !isKnownAbsent($0) }
        index = wanted.startIndex
        while index < wanted.endIndex {
            let chunk = wanted[index..<min(index + EtcdBulkReads.filesPerRequest, wanted.endIndex)]
            try readTogether(Array(chunk))
            index = chunk.endIndex
        }
        bulk.prefetchedFiles += wanted
    }

    /// Forgets the files and listings the previous whole-store prefetch brought,
    /// but for the directories and files asked for again: the memory of
    /// whole-store work stays that of one prefetch. A file read again is
    /// read at R again, with the same answer.
    private func forgetPrefetched(keeping kept: [String], files keptFiles: [String]) {
        let keptFiles = Set(keptFiles)
        bulk.prefetchedFiles.removeAll { path in
            guard !keptFiles.contains(path) else { return false }
            values[path] = nil
            return true
        }
        var forgotten = Set<String>()
        bulk.prefetchedDirectories.removeAll { directory in
            guard !kept.contains(directory) else { return false }
            forgotten.insert(directory)
            // And the listings made from it (its subdirectories').
            let made = listings.keys.filter { $0 == directory || BackendPath.isBelow($0, directory) }
            for listed in made { listings[listed] = nil }
            return true
        }
        // Every file below them, also those read and found absent (an
        // account's files it has none of), which no listing names.
        if !forgotten.isEmpty { values = values.filter { path, _ in !Self.isBelow(path, anyOf: forgotten) } }
    }

    /// Whether `path` lies below one of `directories`.
    private static func isBelow(_ path: String, anyOf directories: Set<String>) -> Bool {
        var directory = Substring(path)
        while let slash = directory.lastIndex(of: "/") {
            directory = directory[..<slash]
            if directories.contains(String(directory)) { return true }
        }
        return false
    }

    /// Each file of `range` with its key-value, a page a request from its start.
    private func eachFile(in range: KeyRangeBounds, _ body: (String, KeyValue) throws -> Void) throws {
        var start = range.start
        while true {
            let page = try pages([KeyRangeBounds(start: start, end: range.end)])[0]
            for kv in page.kvs {
                guard let path = operation.keys.path(of: kv.key), BackendPath.fileProblem(path) == nil else { continue }
                try body(path, kv)
            }
            guard page.more, let last = page.kvs.last else { return }
            start = last.key + [0]
        }
    }

    /// The files below `directories` with their bytes, kept with each
    /// one's listing: a page of each in one request, and the rest of the
    /// full ones in more. The top of the store (two ranges) goes on its own.
    private func readTogether(directories: [String]) throws {
        var listed: [String: [String: Int64]] = [:]
        func keep(_ directory: String, _ path: String, _ kv: KeyValue) {
            listed[directory, default: [:]][path] = kv.modRevision
            if values[path] == nil { values[path] = Known(bytes: kv.value, modRevision: kv.modRevision) }
        }
        var pending: [(directory: String, range: KeyRangeBounds)] = []
        for directory in directories {
            let ranges = operation.keys.dataRanges(directory)
            guard ranges.count == 1 else {
                for range in ranges { try eachFile(in: range) { keep(directory, $0, $1) } }
                continue
            }
            pending.append((directory, ranges[0]))
        }
        while !pending.isEmpty {
            let answers = try pages(pending.map(\.range))
            var more: [(directory: String, range: KeyRangeBounds)] = []
            for ((directory, range), page) in zip(pending, answers) {
                for kv in page.kvs {
                    guard let path = operation.keys.path(of: kv.key), BackendPath.fileProblem(path) == nil else { continue }
                    keep(directory, path, kv)
                }
                if page.more, let last = page.kvs.last { more.append((directory, KeyRangeBounds(start: last.key + [0], end: range.end))) }
            }
            pending = more
        }
        for directory in directories {
            listings[directory] = listed[directory] ?? [:]
            bulk.prefetchedDirectories.append(directory)
        }
    }

    /// `paths` (at most `filesPerRequest`) in one read-only transaction;
    /// when the answer would be too large, in halves.
    private func readTogether(_ paths: [String]) throws {
        let keys = paths.map(operation.keys.key)
        let responses: [RangeResponse]
        do {
            responses = try fetchRefusable(keys.map { RangeRequest(key: $0) })
        } catch is PageTooLarge where paths.count > 1 {
            try readTogether(Array(paths.prefix(paths.count / 2)))
            try readTogether(Array(paths.dropFirst(paths.count / 2)))
            return
        }
        for (path, (key, response)) in zip(paths, zip(keys, responses)) {
            let found = response.kvs.first { $0.key == key }
            values[path] = Known(bytes: found?.value, modRevision: found?.modRevision ?? 0)
        }
    }

    /// A page of keys with their values from the start of each of `ranges`,
    /// in one request, as many a range as the last pages' bytes allow;
    /// fewer while the cluster refuses the answer as too large.
    private func pages(_ ranges: [KeyRangeBounds]) throws -> [RangeResponse] {
        while true {
            let limit = bulk.pageFiles
            do {
                let answers = try fetchRefusable(ranges.map { RangeRequest(key: $0.start, rangeEnd: $0.end, limit: Int64(limit)) })
                let bytes = answers.reduce(0) { total, page in page.kvs.reduce(total) { $0 + $1.key.count + $1.value.count } }
                if bytes > EtcdBulkReads.pageBytes {
                    bulk.pageFiles = max(1, limit / 2)
                } else if bytes < EtcdBulkReads.pageBytes / 4, answers.contains(where: { $0.kvs.count == limit }) {
                    bulk.pageFiles = min(EtcdBulkReads.maximumPageFiles, limit * 2)
                }
                return answers
            } catch is PageTooLarge where limit > 1 {
                bulk.pageFiles = max(1, limit / 4)
            }
        }
    }

    /// `fetch`, except that an answer the cluster refuses as too large
    /// throws `PageTooLarge` (a smaller request may pass) instead of ending
    /// the snapshot.
    private func fetchRefusable(_ requests: [RangeRequest]) throws -> [RangeResponse] {
        do {
            return try fetch(requests, refusable: true)
        } catch let error as EtcdError where error.code == .requestTooLarge {
            throw PageTooLarge()
        }
    }
}

/// A page's answer was more than the cluster hands back at once.
struct PageTooLarge: Error {}
