import LifeSignalCore
import StoreBackends

/// Copies every file of one store into another, empty one, through the
/// backend seam, so it works between any two kinds of store: accounts,
/// contacts, pings, feeds, sessions, the schedule, and `store.json` with the
/// store's identity, which keeps everyone's local session valid on the copy.
///
/// The source is read from one consistent snapshot, a page of files at a
/// time (`StoreSnapshot.forEachFile`), and never written. The destination
/// is written in bounded transactions (`batchFiles`, `batchBytes`: within
/// what any backend takes in one commit), all or nothing: the first writes
/// a marker (`copying.json`) and checks that the destination is still
/// empty; the last writes `store.json` and removes the marker in one
/// commit, which publishes the store. Until then no command takes the
/// destination for a store (`StoreShape`): a copy cut short is named as
/// one, with how to remove it. When all is written, the destination is
/// read back, in pages too, in path order, and checked a segment of files
/// at a time against digests of what was written (`CopyLedger`): memory
/// holds one batch and a digest for every 256 files, whatever the store's
/// size.
public struct StoreCopy {
    public let source: SharedStore
    public let destination: SharedStore

    /// Files, and bytes, per transaction on the destination.
    public static let batchFiles = 100
    public static let batchBytes = 1 << 20

    public init(from source: SharedStore, to destination: SharedStore) {
        self.source = source
        self.destination = destination
    }

    /// How far a copy has come.
    public struct Progress: Sendable, Equatable {
        public var files: Int
        public var totalFiles: Int
    }

    /// What a finished copy holds.
    public struct Report: Sendable, Equatable {
        public var files: Int
        public var bytes: Int
        /// The identity both stores share.
        public var identity: String
    }

    /// Copies, calling `progress` after each transaction.
    public func run(progress: (Progress) -> Void = { _ in }) throws -> Report {
        try requireEmptyDestination()
        return try source.backend.read { snapshot -> Report in
            let meta = LayoutStore(snapshot: snapshot, name: source.name)
            try meta.checkMeta()
            guard let identity = try meta.identity() else {
                throw CopyError.notAStore(source.name)
            }
            // The marker says what the destination is until then: a copy of this store, under way.
            guard let storeFile = try snapshot.read(StorePaths.meta) else { throw CopyError.notAStore(source.name) }
            // Counted as they go by: a list of every path would take memory in proportion to the store.
            var total = 0
            try snapshot.forEachPath(under: "") { path in if Self.isData(path) { total += 1 } }
            var ledger = CopyLedger()
            var written = 0, bytesWritten = 0
            var batch: [(String, [UInt8])] = []
            var batchSize = 0
            func flush(publishing: Bool) throws {
                try commit(batch, first: written == 0, publishing: publishing, marker: storeFile,
                           after: written, of: total)
                written += batch.count
                bytesWritten += batchSize
                batch.removeAll(keepingCapacity: true)
                batchSize = 0
                progress(Progress(files: written, totalFiles: total))
            }
            try snapshot.forEachFile(under: "") { path, bytes in
                guard Self.isData(path) else { return }
                ledger.note(path, bytes)
                // store.json last: until it is there, the destination is no store.
                guard path != StorePaths.meta else { return }
                batch.append((path, bytes))
                batchSize += bytes.count
                if batch.count >= Self.batchFiles || batchSize >= Self.batchBytes { try flush(publishing: false) }
            }
            batch.append((StorePaths.meta, storeFile))
            batchSize += storeFile.count
            try flush(publishing: true)
            ledger.seal()
            try verify(ledger, source: snapshot)
            return Report(files: written, bytes: bytesWritten, identity: identity)
        }
    }

    /// Leases live beside the data (`delivery/` held an older lifesignal's
    /// delivery locks, empty files); they are nobody's data and stay behind.
    static func isData(_ path: String) -> Bool {
        !path.hasPrefix("delivery/") && path != StorePaths.copyMarker
    }

    private func requireEmptyDestination() throws {
        do {
            if try destination.backend.read({ try $0.firstFileOutsideReadSet(under: "") }) != nil {
                throw CopyError.notEmpty(destination.name)
            }
        } catch StoreError.notAStore {
            throw CopyError.notEmpty(destination.name)
        }
    }

    /// Commits one batch: the first (unless it is also the last) with the
    /// marker, the last (`publishing`, with `store.json`) removing it.
    private func commit(_ batch: [(String, [UInt8])], first: Bool, publishing: Bool, marker: [UInt8],
                        after written: Int, of total: Int) throws {
        do {
            try destination.backend.write { transaction in
                // Someone else may have started filling it since the first look.
                if first, try !transaction.files(under: "").isEmpty { throw CopyError.notEmpty(destination.name) }
                if first, !publishing { try transaction.write(StorePaths.copyMarker, marker) }
                for (path, bytes) in batch { try transaction.write(path, bytes) }
                if publishing, !first { try transaction.delete(StorePaths.copyMarker) }
            }
        } catch let error as CopyError {
            throw error
        } catch let error as any UserFacingError {
            guard !first else { throw error }
            throw CopyError.cutShort(destination.name, copied: written, total: total, cause: error)
        }
    }

    /// Reads the destination back: each file one that was written, each
    /// written file there, a segment of the ledger at a time. A difference
    /// is named from the source snapshot.
    private func verify(_ ledger: CopyLedger, source: any StoreSnapshot) throws {
        var check = CopyLedger.Check(ledger)
        var differing: Int?
        do {
            try destination.backend.read { copy in
                try copy.forEachFile(under: "") { path, bytes in
                    if let segment = check.note(path, bytes) {
                        differing = segment
                        throw EndOfRun()
                    }
                }
            }
        } catch is EndOfRun {}
        guard let segment = differing ?? check.finish() else { return }
        try nameDifference(in: segment, of: ledger, source: source)
    }

    /// Names the first file that differs in a segment of the ledger: the
    /// segment's files on both sides, compared file by file (memory of a
    /// segment's digests).
    private func nameDifference(in segment: Int, of ledger: CopyLedger, source: any StoreSnapshot) throws -> Never {
        let inSource = try Self.digests(in: segment, of: ledger, snapshot: source, where: Self.isData)
        let inCopy = try destination.backend.read { try Self.digests(in: segment, of: ledger, snapshot: $0, where: { _ in true }) }
        let sourceDigests = Dictionary(inSource, uniquingKeysWith: { first, _ in first })
        for (path, digest) in inCopy where sourceDigests[path] != digest {
            let reason = try source.read(path) == nil || !Self.isData(path) ? "it is not in the source" : "its bytes differ"
            throw CopyError.differs(destination.name, path: path, reason: reason)
        }
        let copied = Set(inCopy.map(\.0))
        let missing = inSource.first { !copied.contains($0.0) }?.0 ?? StorePaths.meta
        throw CopyError.differs(destination.name, path: missing, reason: "it is missing")
    }

    /// The digest of each file of `snapshot` in a segment's run that `include` takes, in path order.
    private static func digests(in segment: Int, of ledger: CopyLedger, snapshot: any StoreSnapshot,
                                where include: (String) -> Bool) throws -> [(String, FileDigest)] {
        var digests: [(String, FileDigest)] = []
        do {
            try snapshot.forEachFile(under: "") { path, bytes in
                guard ledger.isIn(path, segment: segment) else {
                    // Past the run: nothing later is in it.
                    if segment + 1 < ledger.segments.count, !CopyLedger.precedes(path, ledger.segments[segment + 1].first) { throw EndOfRun() }
                    return
                }
                if include(path) { digests.append((path, FileDigest(path, bytes))) }
            }
        } catch is EndOfRun {}
        return digests
    }
}

/// Stops a walk of a store's files early.
private struct EndOfRun: Error {}

/// Why a copy was refused or did not finish.
public enum CopyError: UserFacingError, Equatable {
    case notEmpty(String)
    case notAStore(String)
    case cutShort(String, copied: Int, total: Int, cause: any UserFacingError)
    case differs(String, path: String, reason: String)

    public var kind: FailureKind {
        switch self {
        case .notEmpty, .notAStore: .refused
        case .cutShort(_, _, _, let cause): cause.kind
        case .differs: .io
        }
    }

    public var message: String {
        switch self {
        case .notEmpty(let store): "\(store) is not empty: a store is copied only into an empty one"
        case .notAStore(let store): "\(store) holds no lifesignal store (it has no store.json)"
        case .cutShort(let store, let copied, let total, let cause):
            "the copy stopped after \(copied) of \(total) files: \(cause.message); \(store) holds a partial copy, "
                + "which no command uses"
        case .differs(let store, let path, let reason):
            "the copy in \(store) does not match the source at \(path): \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .notEmpty: "copy into a new directory, or empty this one first"
        case .cutShort(let store, _, _, _), .differs(let store, _, _):
            "remove it (\(StoreName.removal(of: store))), then copy again"
        case .notAStore: nil
        }
    }

    public static func == (lhs: CopyError, rhs: CopyError) -> Bool { lhs.message == rhs.message }
}
