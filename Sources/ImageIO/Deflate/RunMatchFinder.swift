/// LZ77 parsing for images made of runs and repeated rows, such as QR codes.
///
/// At each position two matches are tried first: one byte back (a run of
/// one value) and one row back (the same bytes as the line above), with
/// one step of lazy matching. In inputs larger than the 32 KiB window,
/// when neither reaches `goodLength` a short hash chain over 4-byte keys is
/// searched too, which finds what else a general match finder would: in a
/// bilevel image, the pieces a new row shares with rows further up. (In
/// smaller ones, such as a QR code of a few dozen characters, measured
/// output was no smaller with the chains, only slower.) A picture made
/// mostly of repeated rows thus costs a few comparisons a byte, and nothing
/// is cleared up front but a hash table sized to the input.
struct RunMatchFinder {
    /// Bytes from one row to the same place in the next (a PNG scanline
    /// with its filter byte).
    let rowLength: Int

    private static let minMatch = 3
    /// Bytes hashed for the chains, and the shortest match taken from them:
    /// in a bilevel picture shorter repeats are everywhere and cost more
    /// as matches than as literals.
    private static let keyLength = 4
    private static let maxMatch = 258
    /// A match this long is taken without searching further.
    private static let goodLength = 128
    /// Chain links followed per search at most.
    private static let maxChain = 8

    /// Parses `data` into tokens, calling `emit` as `MatchFinder.parse` does.
    func parse(_ data: UnsafeBufferPointer<UInt8>, blockTokens: Int,
               emit: (_ tokens: UnsafeBufferPointer<MatchFinder.Token>, _ end: Int, _ isLast: Bool) -> Void) {
        let count = data.count
        var tokens = TokenBuffer(capacity: min(blockTokens, count + 1))
        guard let base = data.baseAddress, count > 0 else {
            emit(tokens.tokens, 0, true)
            return
        }
        var state = State(base: base, count: count, rowLength: rowLength)
        var position = 0
        var match = state.bestMatch(at: 0)
        while position < count {
            if match.length >= Self.minMatch && match.length < Self.goodLength && position + 1 < count {
                // Lazy step: a longer match one byte on is worth a literal.
                let next = state.bestMatch(at: position + 1)
                if next.length > match.length {
                    tokens.literal(base[position])
                    position += 1
                    match = next
                    if tokens.isFull { flush() }
                    continue
                }
            }
            if match.length >= Self.minMatch {
                tokens.match(length: match.length, distance: match.distance)
                // Short matches lie among the bytes later rows may repeat.
                state.insertCovered(from: position + 1, to: position + match.length, distance: match.distance)
                position += match.length
            } else {
                tokens.literal(base[position])
                position += 1
            }
            if tokens.isFull { flush() }
            if position < count { match = state.bestMatch(at: position) }
        }
        emit(tokens.tokens, count, true)

        func flush() {
            emit(tokens.tokens, position, false)
            tokens.removeAll()
        }
    }

    /// The input and the hash chains over the positions searched so far.
    private struct State: ~Copyable {
        let base: UnsafePointer<UInt8>
        let count: Int
        let row: Int
        /// Whether hash chains are kept and searched at all.
        let searchesChains: Bool
        let window: Int
        let shift: UInt32
        /// Newest position of each hash; -1 when none.
        let head: UnsafeMutableBufferPointer<Int32>
        /// The previous position with the same hash, by position modulo the window.
        let previous: UnsafeMutableBufferPointer<Int32>
        /// Positions entered into the chains so far end before this one.
        private var inserted = 0

        init(base: UnsafePointer<UInt8>, count: Int, rowLength: Int) {
            self.base = base
            self.count = count
            row = rowLength >= 2 && rowLength <= DeflateTables.windowSize ? rowLength : 0
            searchesChains = count > DeflateTables.windowSize
            // Small inputs get small tables: clearing them is most of the
            // cost. A quarter of an entry a byte is plenty for 4-byte keys
            // of a bilevel picture, which has few distinct ones.
            var hashBits = 8
            while hashBits < 15 && 4 << hashBits < count { hashBits += 1 }
            shift = UInt32(32 - hashBits)
            head = .allocate(capacity: searchesChains ? 1 << hashBits : 0)
            head.initialize(repeating: -1)
            // A power of two, so that a position's slot is a mask away.
            var window = 1 << 8
            while window < min(count, DeflateTables.windowSize) { window <<= 1 }
            self.window = window
            // Entries are written before any chain can lead to them.
            previous = .allocate(capacity: searchesChains ? window : 0)
        }

        deinit {
            head.deallocate()
            previous.deallocate()
        }

        /// Enters `position` into its chain; returns the chain's previous
        /// head, or -1 when it was entered before.
        @discardableResult
        mutating func insert(_ position: Int) -> Int {
            guard position + RunMatchFinder.keyLength <= count else { return -1 }
            let key = UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self)
            let hash = Int((key &* 0x9E37_79B1) >> shift)
            let old = Int(head[hash])
            if position < inserted { return -1 }
            previous[position & (window - 1)] = Int32(old)
            head[hash] = Int32(position)
            inserted = position + 1
            return old
        }

        /// Enters the positions `start..<end` of a match reaching `distance`
        /// back. Inside a run every key is the same, so only its ends are
        /// entered; a longer stretch repeats bytes already entered, and a
        /// row of it is enough to find them again nearer by.
        mutating func insertCovered(from start: Int, to end: Int, distance: Int) {
            guard searchesChains else { return }
            if distance == 1 && end - start > 6 {
                for covered in start..<(start + 3) { insert(covered) }
                for covered in (end - 3)..<end { insert(covered) }
                return
            }
            for covered in start..<min(end, start + max(row, 8)) { insert(covered) }
        }

        /// The longest match at `position`: run, row above, then the chain.
        mutating func bestMatch(at position: Int) -> (length: Int, distance: Int) {
            let limit = min(RunMatchFinder.maxMatch, count - position)
            guard limit >= RunMatchFinder.minMatch else { return (0, 0) }
            var length = 0
            var distance = 0
            if position >= 1, base[position - 1] == base[position] {
                length = MatchFinder.commonPrefix(base + position - 1, base + position, limit: limit)
                distance = 1
            }
            if row > 0, position >= row, length < limit, base[position - row] == base[position] {
                let found = MatchFinder.commonPrefix(base + position - row, base + position, limit: limit)
                if found > length {
                    length = found
                    distance = row
                }
            }
            guard searchesChains else { return length >= RunMatchFinder.minMatch ? (length, distance) : (0, 0) }
            var current = insert(position)
            guard length < RunMatchFinder.goodLength else { return (length, distance) }
            var chain = RunMatchFinder.maxChain
            while current >= 0 && chain > 0 {
                let back = position - current
                if back > window { break }
                if length < RunMatchFinder.minMatch || base[current + length] == base[position + length] {
                    let found = MatchFinder.commonPrefix(base + current, base + position, limit: limit)
                    if found > length && found >= RunMatchFinder.keyLength {
                        length = found
                        distance = back
                        if found >= RunMatchFinder.goodLength || found == limit { break }
                    }
                }
                let next = Int(previous[current & (window - 1)])
                if next >= current { break }
                current = next
                chain -= 1
            }
            return length >= RunMatchFinder.minMatch ? (length, distance) : (0, 0)
        }
    }
}
