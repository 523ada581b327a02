import LifeSignalCore

/// Copies every file of one store into another, empty one, through the
/// backend seam, so it works between any two kinds of store: accounts,
/// contacts, pings, feeds, sessions, the schedule, and `store.json` with the
/// store's identity, which keeps everyone's local session valid on the copy.
///
/// The source is read from one consistent snapshot and never written. The
/// destination is written in bounded transactions (`batchFiles`,
/// `batchBytes`: within what any backend takes in one commit), all or
/// nothing: the first writes a marker (`copying.json`) and checks that the
/// destination is still empty; the last writes `store.json` and removes the
/// marker in one commit, which publishes the store. Until then no command
/// takes the destination for a store (`StoreShape`): a copy cut short is
/// named as one, with how to remove it. When all is written, the
/// destination is read back and compared file by file.
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
        let copied = try source.backend.read { snapshot -> Copied in
            let meta = LayoutStore(snapshot: snapshot, name: source.name)
            try meta.checkMeta()
            guard let identity = try meta.identity() else {
                throw CopyError.notAStore(source.name)
            }
            let paths = try snapshot.files(under: "").filter(Self.isData)
            // store.json last: until it is there, the destination is no store.
            let ordered = paths.filter { $0 != StorePaths.meta } + [StorePaths.meta]
            // The marker says what the destination is until then: a copy of this store, under way.
            guard let marker = try snapshot.read(StorePaths.meta) else { throw CopyError.notAStore(source.name) }
            var written = Copied(identity: identity)
            var batch: [(String, [UInt8])] = []
            var batchSize = 0
            for path in ordered {
                guard let bytes = try snapshot.read(path) else { continue }
                batch.append((path, bytes))
                batchSize += bytes.count
                if batch.count >= Self.batchFiles || batchSize >= Self.batchBytes || path == StorePaths.meta {
                    try commit(batch, first: written.files.isEmpty, publishing: path == StorePaths.meta, marker: marker,
                               after: written, of: ordered.count)
                    for (path, bytes) in batch { written.files[path] = Fingerprint(bytes) }
                    batch.removeAll()
                    batchSize = 0
                    progress(Progress(files: written.files.count, totalFiles: ordered.count))
                }
            }
            return written
        }
        try verify(copied)
        return Report(files: copied.files.count, bytes: copied.files.values.reduce(0) { $0 + $1.size },
                      identity: copied.identity)
    }

    /// What went to the destination: each file's size and digest.
    private struct Copied {
        var identity: String
        var files: [String: Fingerprint] = [:]
    }

    private struct Fingerprint: Equatable {
        var size: Int
        var digest: String
        init(_ bytes: [UInt8]) {
            size = bytes.count
            digest = Hex.encode(SHA256.hash(bytes))
        }
    }

    /// Leases live beside the data (`delivery/` held an older lifesignal's
    /// delivery locks, empty files); they are nobody's data and stay behind.
    static func isData(_ path: String) -> Bool {
        !path.hasPrefix("delivery/") && path != StorePaths.copyMarker
    }

    private func requireEmptyDestination() throws {
        do {
            if try !destination.backend.read({ try $0.files(under: "") }).isEmpty {
                throw CopyError.notEmpty(destination.name)
            }
        } catch StoreError.notAStore {
            throw CopyError.notEmpty(destination.name)
        }
    }

    /// Commits one batch: the first (unless it is also the last) with the
    /// marker, the last (`publishing`, with `store.json`) removing it.
    private func commit(_ batch: [(String, [UInt8])], first: Bool, publishing: Bool, marker: [UInt8],
                        after written: Copied, of total: Int) throws {
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
            throw CopyError.cutShort(destination.name, copied: written.files.count, total: total, cause: error)
        }
    }

    /// Reads the destination back: the same files, the same bytes.
    private func verify(_ copied: Copied) throws {
        try destination.backend.read { snapshot in
            let paths = try snapshot.files(under: "")
            if let extra = paths.first(where: { copied.files[$0] == nil }) {
                throw CopyError.differs(destination.name, path: extra, reason: "it is not in the source")
            }
            for (path, expected) in copied.files {
                guard let bytes = try snapshot.read(path) else {
                    throw CopyError.differs(destination.name, path: path, reason: "it is missing")
                }
                if Fingerprint(bytes) != expected {
                    throw CopyError.differs(destination.name, path: path, reason: "its bytes differ")
                }
            }
        }
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
            "remove it (\(StoreLocation.removal(of: store))), then copy again"
        case .notAStore: nil
        }
    }

    public static func == (lhs: CopyError, rhs: CopyError) -> Bool { lhs.message == rhs.message }
}
