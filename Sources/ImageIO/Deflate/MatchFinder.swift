/// LZ77 parsing for the deflate encoder: hash chains over 3-byte prefixes
/// with a bounded search, and lazy matching (a match is deferred by one
/// byte when the next position offers a longer one).
struct MatchFinder {
    /// Tuning knobs, in the spirit of zlib's configuration table.
    struct Settings: Sendable {
        /// Chain links followed per search at most.
        var maxChain: Int
        /// A match this long ends the search at once.
        var niceLength: Int
        /// A match this long is taken without trying the next position.
        var maxLazy: Int

        static let balanced = Settings(maxChain: 128, niceLength: 128, maxLazy: 32)
    }

    /// One parsed item: a literal byte, or a match of 3...258 bytes reaching
    /// 1...32768 bytes back. Packed as `flag | (length - 3) << 16 |
    /// (distance - 1)` for matches and as the byte value for literals.
    typealias Token = UInt32
    static let matchFlag: Token = 1 << 31

    private static let hashBits = 15
    private static let windowMask = DeflateTables.windowSize - 1
    private static let minMatch = 3
    private static let maxMatch = 258
    /// Three-byte matches this far back cost more than three literals.
    private static let tooFar = 4096

    private let settings: Settings
    private var head: [Int32]
    private var previous: [Int32]

    init(settings: Settings = .balanced) {
        self.settings = settings
        head = [Int32](repeating: -1, count: 1 << Self.hashBits)
        previous = [Int32](repeating: -1, count: DeflateTables.windowSize)
    }

    /// Parses `data` into tokens, calling `emit` with the tokens of each
    /// span of input in order (`blockTokens` at most per call), the end
    /// position of that span, and whether it is the last call.
    mutating func parse(_ data: UnsafeBufferPointer<UInt8>, blockTokens: Int,
                        emit: (_ tokens: UnsafeBufferPointer<Token>, _ end: Int, _ isLast: Bool) -> Void) {
        let count = data.count
        var tokens = TokenBuffer(capacity: blockTokens)
        var position = 0
        var pendingLength = 0
        var pendingDistance = 0
        var hasPending = false

        while position < count {
            let candidate = insert(data, at: position)
            var length = 0
            var distance = 0
            if pendingLength < settings.maxLazy {
                (length, distance) = longestMatch(data, at: position, candidate: candidate, beat: max(pendingLength, Self.minMatch - 1))
            }
            if hasPending && pendingLength >= Self.minMatch && length <= pendingLength {
                tokens.match(length: pendingLength, distance: pendingDistance)
                let end = position - 1 + pendingLength
                for covered in (position + 1)..<end { _ = insert(data, at: covered) }
                position = end
                hasPending = false
                pendingLength = 0
            } else {
                if hasPending { tokens.literal(data[position - 1]) }
                hasPending = true
                pendingLength = length
                pendingDistance = distance
                position += 1
            }
            if tokens.isFull {
                emit(tokens.tokens, position - (hasPending ? 1 : 0), false)
                tokens.removeAll()
            }
        }
        if hasPending {
            if tokens.isFull {
                emit(tokens.tokens, count - 1, false)
                tokens.removeAll()
            }
            tokens.literal(data[count - 1])
        }
        emit(tokens.tokens, count, true)
    }

    /// Records `position` in its hash chain and returns the previous head
    /// of that chain (-1 when none, or when fewer than 3 bytes remain).
    @inline(__always)
    private mutating func insert(_ data: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        guard position + Self.minMatch <= data.count else { return -1 }
        let key = UInt32(data[position]) << 16 | UInt32(data[position + 1]) << 8 | UInt32(data[position + 2])
        let hash = Int((key &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
        let old = Int(head[hash])
        previous[position & Self.windowMask] = Int32(old)
        head[hash] = Int32(position)
        return old
    }

    /// The longest match for `position` longer than `beat` bytes, found by
    /// walking the hash chain from `candidate`; (0, 0) when none.
    private func longestMatch(_ data: UnsafeBufferPointer<UInt8>, at position: Int, candidate: Int, beat: Int) -> (length: Int, distance: Int) {
        let limit = min(Self.maxMatch, data.count - position)
        guard limit >= Self.minMatch, let base = data.baseAddress else { return (0, 0) }
        var bestLength = beat
        var bestDistance = 0
        var current = candidate
        var chain = settings.maxChain
        while current >= 0 && chain > 0 {
            let distance = position - current
            if distance > DeflateTables.windowSize { break }
            // Checking the byte that would extend the best match first
            // rejects most candidates with one comparison.
            if bestLength < limit && base[current + bestLength] == base[position + bestLength] {
                let length = Self.commonPrefix(base + current, base + position, limit: limit)
                if length > bestLength && !(length == Self.minMatch && distance > Self.tooFar) {
                    bestLength = length
                    bestDistance = distance
                    if length >= settings.niceLength || length == limit { break }
                }
            }
            let next = Int(previous[current & Self.windowMask])
            if next >= current { break }
            current = next
            chain -= 1
        }
        return bestDistance == 0 ? (0, 0) : (bestLength, bestDistance)
    }

    /// How many leading bytes `a` and `b` share, up to `limit` (both
    /// match finders' comparison, eight bytes at a time).
    @inline(__always)
    static func commonPrefix(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            if x != y {
                return length + (UInt64(littleEndian: x) ^ UInt64(littleEndian: y)).trailingZeroBitCount / 8
            }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }
}
