import LifeSignalCore

/// What a copy wrote, kept to check the destination against without
/// keeping the files or their names: one SHA-256 digest of each file's path
/// and bytes, 32 bytes a file (about 20 MB for a store of 100,000
/// accounts), sorted once the copy is written so each file of the
/// destination is found in it by bisection.
struct CopyLedger {
    private(set) var digests: [FileDigest] = []
    private(set) var bytes = 0
    private var sorted = true

    var count: Int { digests.count }

    mutating func note(_ path: String, _ contents: [UInt8]) {
        digests.append(FileDigest(path, contents))
        bytes += contents.count
        sorted = false
    }

    /// Sorts the digests for `index(of:)`.
    mutating func seal() {
        guard !sorted else { return }
        digests.sort()
        sorted = true
    }

    /// Where `digest` is among the sealed digests, or nil.
    func index(of digest: FileDigest) -> Int? {
        precondition(sorted, "a ledger is searched once sealed")
        var low = 0, high = digests.count
        while low < high {
            let middle = (low + high) / 2
            if digests[middle] < digest { low = middle + 1 } else { high = middle }
        }
        return low < digests.count && digests[low] == digest ? low : nil
    }
}

/// The SHA-256 digest of a file's path, a zero byte and its bytes, as four
/// words: a file with another name or other bytes has another digest.
struct FileDigest: Comparable, Hashable {
    let words: SIMD4<UInt64>

    init(_ path: String, _ contents: [UInt8]) {
        var hasher = SHA256()
        hasher.update(path.utf8)
        hasher.update(CollectionOfOne(UInt8(0)))
        contents.withUnsafeBytes { hasher.update($0) }
        let digest = hasher.finalize()
        var words = SIMD4<UInt64>()
        for lane in 0..<4 {
            words[lane] = digest[lane * 8..<lane * 8 + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }
        self.words = words
    }

    static func < (left: FileDigest, right: FileDigest) -> Bool {
        for lane in 0..<4 where left.words[lane] != right.words[lane] {
            return left.words[lane] < right.words[lane]
        }
        return false
    }
}
