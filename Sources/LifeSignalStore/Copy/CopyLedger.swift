import LifeSignalCore

/// What a copy wrote, kept to check the destination against in memory
/// that hardly grows with the store: the files in path order, cut into
/// segments of `segmentFiles`, each kept as its first path, its number of
/// files and one SHA-256 digest of their paths and bytes (about 0.5 MB for
/// a million files, where a digest a file took 32 MB).
///
/// The destination, read back in path order, is checked a segment at a
/// time (`CopyLedger.Check`); only a segment that differs is looked at file
/// by file, to name the file.
struct CopyLedger {
    /// Files a segment holds.
    static let segmentFiles = 256

    /// A run of files in path order: from `first` up to the next segment's first.
    struct Segment: Equatable {
        var first: String
        var files: Int
        var digest: FileDigest
    }

    private(set) var segments: [Segment] = []
    /// The segment being noted: its first path, files and digest so far.
    private var open: (first: String, files: Int, hasher: SHA256)?

    /// Notes the next file, after every file noted before it in path order.
    mutating func note(_ path: String, _ contents: [UInt8]) {
        if open == nil { open = (path, 0, SHA256()) }
        open?.files += 1
        open?.hasher.add(path, contents)
        if let open, open.files == Self.segmentFiles { close(open) }
    }

    /// Ends the last segment: the ledger is complete.
    mutating func seal() {
        if let open { close(open) }
    }

    private mutating func close(_ segment: (first: String, files: Int, hasher: SHA256)) {
        var hasher = segment.hasher
        segments.append(Segment(first: segment.first, files: segment.files, digest: FileDigest(hasher.finalize())))
        open = nil
    }

    /// Whether `path` is in the run of segment `index`.
    func isIn(_ path: String, segment index: Int) -> Bool {
        (index == 0 || !Self.precedes(path, segments[index].first))
            && (index + 1 == segments.count || Self.precedes(path, segments[index + 1].first))
    }

    /// Path order: byte by byte, as every backend hands its files over.
    static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// The destination's files, handed over in path order, against the
    /// ledger: a segment at a time, holding one digest being made.
    struct Check {
        let ledger: CopyLedger
        private var index = 0
        private var files = 0
        private var hasher = SHA256()

        init(_ ledger: CopyLedger) {
            self.ledger = ledger
        }

        /// Notes the next file of the destination; the index of a segment
        /// found to differ, or nil.
        mutating func note(_ path: String, _ contents: [UInt8]) -> Int? {
            while index + 1 < ledger.segments.count, !CopyLedger.precedes(path, ledger.segments[index + 1].first) {
                if let differing = close() { return differing }
            }
            files += 1
            hasher.add(path, contents)
            return nil
        }

        /// After the last file: the index of a segment found to differ, or nil.
        mutating func finish() -> Int? {
            while index < ledger.segments.count {
                if let differing = close() { return differing }
            }
            return nil
        }

        /// Compares the segment being read with the ledger's, and starts the next.
        private mutating func close() -> Int? {
            let expected = ledger.segments[index]
            let matches = files == expected.files && FileDigest(hasher.finalize()) == expected.digest
            defer {
                index += 1
                files = 0
                hasher = SHA256()
            }
            return matches ? nil : index
        }
    }
}

extension SHA256 {
    /// Adds a file: its path, a zero byte, its length in 8 bytes and its
    /// bytes, so that no two runs of files hash the same bytes.
    mutating func add(_ path: String, _ contents: [UInt8]) {
        update(path.utf8)
        update(CollectionOfOne(UInt8(0)))
        let length = UInt64(contents.count)
        update((0..<8).map { UInt8(truncatingIfNeeded: length >> (56 - 8 * $0)) })
        contents.withUnsafeBytes { update($0) }
    }
}

/// A SHA-256 digest as four words: of a file's path and bytes, or of a
/// segment's files.
struct FileDigest: Equatable {
    let words: SIMD4<UInt64>

    init(_ digest: [UInt8]) {
        var words = SIMD4<UInt64>()
        for lane in 0..<4 {
            words[lane] = digest[lane * 8..<lane * 8 + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }
        self.words = words
    }

    /// The digest of one file (`SHA256.add`).
    init(_ path: String, _ contents: [UInt8]) {
        var hasher = SHA256()
        hasher.add(path, contents)
        self.init(hasher.finalize())
    }
}
