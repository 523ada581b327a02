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
/// read back, in pages too, and each file checked against the digest of
/// what was written (`CopyLedger`): memory holds one batch and 32 bytes a
/// file, whatever the store's size.
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
            let total = try snapshot.files(under: "").lazy.filter(Self.isData).count
            var ledger = CopyLedger()
            var batch: [(String, [UInt8])] = []
            var batchSize = 0
            func flush(publishing: Bool) throws {
                try commit(batch, first: ledger.count == 0, publishing: publishing, marker: storeFile,
                           after: ledger.count, of: total)
                for (path, bytes) in batch { ledger.note(path, bytes) }
                batch.removeAll(keepingCapacity: true)
                batchSize = 0
                progress(Progress(files: ledger.count, totalFiles: total))
            }
            try snapshot.forEachFile(under: "") { path, bytes in
                // store.json last: until it is there, the destination is no store.
                guard Self.isData(path), path != StorePaths.meta else { return }
                batch.append((path, bytes))
                batchSize += bytes.count
                if batch.count >= Self.batchFiles || batchSize >= Self.batchBytes { try flush(publishing: false) }
            }
            batch.append((StorePaths.meta, storeFile))
            try flush(publishing: true)
            ledger.seal()
            try verify(ledger, source: snapshot)
            return Report(files: ledger.count, bytes: ledger.bytes, identity: identity)
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
    /// written file there. A difference is named from the source snapshot.
    private func verify(_ ledger: CopyLedger, source: any StoreSnapshot) throws {
        var seen = [Bool](repeating: false, count: ledger.count)
        try destination.backend.read { copy in
            try copy.forEachFile(under: "") { path, bytes in
                guard let index = ledger.index(of: FileDigest(path, bytes)), !seen[index] else {
                    let reason = try source.read(path) == nil || !Self.isData(path) ? "it is not in the source" : "its bytes differ"
                    throw CopyError.differs(destination.name, path: path, reason: reason)
                }
                seen[index] = true
            }
        }
        guard let missing = seen.firstIndex(of: false) else { return }
        try source.forEachFile(under: "") { path, bytes in
            if ledger.index(of: FileDigest(path, bytes)) == missing {
                throw CopyError.differs(destination.name, path: path, reason: "it is missing")
            }
        }
        throw CopyError.differs(destination.name, path: StorePaths.meta, reason: "it is missing")
    }
}

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
