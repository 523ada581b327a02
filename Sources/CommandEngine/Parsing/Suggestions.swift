/// Near misses for "did you mean …?".
enum Suggestions {
    /// Candidates close to `input`, at most three: those it is a prefix of
    /// or that differ only in case come first; otherwise those at the
    /// smallest edit distance found (ignoring case), if that is small enough.
    ///
    /// The limit grows with the word (none up to 2 characters, 1 up to 5,
    /// 2 up to 8, then 3) so short typos do not suggest unrelated words.
    static func nearest(to input: String, among candidates: [String]) -> [String] {
        // Letter case never makes a near miss further away: `Ping` is one
        // letter short of `pings`.
        let folded = input.lowercased()
        let typed = Array(folded.unicodeScalars)
        guard !typed.isEmpty else { return [] }
        let limit = typed.count <= 2 ? 0 : typed.count <= 5 ? 1 : typed.count <= 8 ? 2 : 3
        var best = Int.max
        var found: [String] = []
        for candidate in candidates where candidate != input && !found.contains(candidate) {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            let distance: Int
            if candidate.lowercased() == folded || (typed.count >= 2 && scalars.starts(with: typed)) {
                distance = 0
            } else {
                distance = editDistance(typed, scalars)
            }
            guard distance <= limit, distance <= best else { continue }
            if distance < best {
                best = distance
                found.removeAll()
            }
            found.append(candidate)
        }
        return Array(found.sorted().prefix(3))
    }

    /// Optimal-string-alignment distance: insertions, deletions,
    /// substitutions and swaps of adjacent characters each cost one.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var rows = [[Int]](repeating: [Int](repeating: 0, count: width), count: 3)
        for j in 0..<width { rows[1][j] = j }
        for i in 1...a.count {
            let current = (i + 1) % 3, previous = i % 3, beforePrevious = (i + 2) % 3
            rows[current][0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(rows[previous][j] + 1, rows[current][j - 1] + 1, rows[previous][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, rows[beforePrevious][j - 2] + 1)
                }
                rows[current][j] = best
            }
        }
        return rows[(a.count + 1) % 3][b.count]
    }
}
