/// Builds length-limited canonical Huffman codes for the deflate encoder.
enum HuffmanCodeBuilder {
    /// Optimal-ish code lengths for `frequencies`, none longer than `limit`.
    ///
    /// Starts from a true Huffman tree; when that is too deep, clamps the
    /// long codes and lengthens the cheapest short ones until the Kraft sum
    /// fits, then fills any slack so that the code stays complete (deflate
    /// decoders reject incomplete codes). At least two symbols always get a
    /// code, because a one-code set is incomplete.
    static func lengths(frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        var used = weights.indices.filter { weights[$0] > 0 }
        for symbol in weights.indices where used.count < 2 && weights[symbol] == 0 {
            weights[symbol] = 1
            used.append(symbol)
        }
        var lengths = [UInt8](repeating: 0, count: weights.count)
        guard used.count >= 2 else {
            // Fewer than two symbols in the alphabet: only possible for
            // alphabets of size one, which deflate never uses.
            for symbol in used { lengths[symbol] = 1 }
            return lengths
        }
        let symbols = used.sorted { lighter($0, $1, weights) }
        let depths = treeDepths(symbols: symbols, weights: weights)
        for (symbol, depth) in zip(symbols, depths) { lengths[symbol] = UInt8(min(depth, 255)) }
        if depths.contains(where: { $0 > limit }) {
            limitLengths(&lengths, weights: weights, limit: limit)
        }
        return lengths
    }

    /// Ascending weight, ties by symbol.
    @inline(__always)
    private static func lighter(_ a: Int, _ b: Int, _ weights: [Int]) -> Bool {
        weights[a] != weights[b] ? weights[a] < weights[b] : a < b
    }

    /// Depth of each leaf, in the order of `symbols`, in a Huffman tree
    /// built with the two-queue method from `symbols` sorted by ascending weight.
    private static func treeDepths(symbols: [Int], weights: [Int]) -> [Int] {
        let leafCount = symbols.count
        // Nodes 0..<leafCount are leaves; internal nodes follow in order of
        // creation, which is also order of non-decreasing weight.
        var nodeWeight = symbols.map { weights[$0] }
        var parent = [Int](repeating: -1, count: 2 * leafCount - 1)
        nodeWeight.reserveCapacity(2 * leafCount - 1)
        var nextLeaf = 0
        var nextInternal = leafCount
        func takeSmallest() -> Int {
            if nextLeaf < leafCount && (nextInternal >= nodeWeight.count || nodeWeight[nextLeaf] <= nodeWeight[nextInternal]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        while nodeWeight.count < 2 * leafCount - 1 {
            let first = takeSmallest()
            let second = takeSmallest()
            parent[first] = nodeWeight.count
            parent[second] = nodeWeight.count
            nodeWeight.append(nodeWeight[first] + nodeWeight[second])
        }
        var depth = [Int](repeating: 0, count: nodeWeight.count)
        for node in stride(from: nodeWeight.count - 2, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
        }
        return Array(depth[0..<leafCount])
    }

    /// Rewrites `lengths` so that none exceeds `limit` and the code stays
    /// complete (Kraft sum exactly 1), preferring to lengthen rare symbols.
    private static func limitLengths(_ lengths: inout [UInt8], weights: [Int], limit: Int) {
        let capacity = 1 << limit
        var kraft = 0
        for index in lengths.indices where lengths[index] > 0 {
            lengths[index] = UInt8(min(Int(lengths[index]), limit))
            kraft += capacity >> Int(lengths[index])
        }
        // Rarest first, so that lengthening costs the fewest bits.
        let byRarity = lengths.indices.filter { lengths[$0] > 0 }.sorted { lighter($0, $1, weights) }
        while kraft > capacity {
            guard let symbol = byRarity.max(by: { deeperCandidate(lengths, limit, $0, $1) }),
                  Int(lengths[symbol]) < limit else { break }
            kraft -= capacity >> (Int(lengths[symbol]) + 1)
            lengths[symbol] += 1
        }
        // Shortening the most frequent symbol that fits takes up the slack.
        while kraft < capacity {
            guard let symbol = byRarity.reversed().first(where: {
                lengths[$0] > 1 && kraft + (capacity >> Int(lengths[$0])) <= capacity
            }) else { break }
            kraft += capacity >> Int(lengths[symbol])
            lengths[symbol] -= 1
        }
    }

    /// Orders candidates for lengthening: the longest code still below the
    /// limit wins (its cost in Kraft space is smallest).
    private static func deeperCandidate(_ lengths: [UInt8], _ limit: Int, _ a: Int, _ b: Int) -> Bool {
        func key(_ symbol: Int) -> Int {
            let length = Int(lengths[symbol])
            return length < limit ? length : -1
        }
        return key(a) < key(b)
    }

    /// Canonical codes for `lengths`, bit-reversed so that an LSB-first
    /// writer emits them most significant bit first.
    static func reversedCodes(lengths: [UInt8]) -> [UInt16] {
        var lengthCounts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { lengthCounts[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + lengthCounts[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = UInt16(HuffmanDecodingTable.reverse(nextCode[Int(length)], bits: Int(length)))
            nextCode[Int(length)] += 1
        }
        return codes
    }
}
