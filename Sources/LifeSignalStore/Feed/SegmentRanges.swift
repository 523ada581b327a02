/// A set of feed segment numbers kept as ascending, separate inclusive
/// ranges and written as their bounds in pairs (`[0, 41, 57, 57]`): a type
/// found in every segment costs two numbers however long the feed, so the
/// summary that every command reads stays small.
package struct SegmentRanges: Codable, Equatable, Sendable {
    /// `from, through` of each range, ascending, with at least one segment
    /// between one range and the next.
    package private(set) var bounds: [Int] = []

    package init() {}

    /// Bounds as read from a file; `problem` says whether they are well formed.
    package init(bounds: [Int]) {
        self.bounds = bounds
    }

    package init(from decoder: any Decoder) throws {
        bounds = try decoder.singleValueContainer().decode([Int].self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bounds)
    }

    var isEmpty: Bool { bounds.isEmpty }

    /// What is wrong with bounds read from a file, nil when nothing is.
    var problem: String? {
        guard bounds.count % 2 == 0 else { return "an odd number of bounds" }
        var previousEnd = -2
        for pair in stride(from: 0, to: bounds.count, by: 2) {
            let from = bounds[pair], through = bounds[pair + 1]
            guard from >= 0, from <= through, from > previousEnd + 1 else { return "ranges out of order" }
            previousEnd = through
        }
        return nil
    }

    /// The position of the first pair whose end is at or after `number`.
    private func pairAtOrAfter(_ number: Int) -> Int {
        var low = 0, high = bounds.count / 2
        while low < high {
            let middle = (low + high) / 2
            if bounds[middle * 2 + 1] < number { low = middle + 1 } else { high = middle }
        }
        return low * 2
    }

    func contains(_ number: Int) -> Bool {
        let pair = pairAtOrAfter(number)
        return pair < bounds.count && bounds[pair] <= number
    }

    mutating func insert(_ number: Int) {
        let pair = pairAtOrAfter(number)
        if pair < bounds.count, bounds[pair] <= number { return }
        let joinsBefore = pair > 0 && bounds[pair - 1] == number - 1
        let joinsAfter = pair < bounds.count && bounds[pair] == number + 1
        switch (joinsBefore, joinsAfter) {
        case (true, true): bounds.removeSubrange(pair - 1...pair)
        case (true, false): bounds[pair - 1] = number
        case (false, true): bounds[pair] = number
        case (false, false): bounds.insert(contentsOf: [number, number], at: pair)
        }
    }

    mutating func remove(_ number: Int) {
        let pair = pairAtOrAfter(number)
        guard pair < bounds.count, bounds[pair] <= number else { return }
        let from = bounds[pair], through = bounds[pair + 1]
        switch (from == number, through == number) {
        case (true, true): bounds.removeSubrange(pair...pair + 1)
        case (true, false): bounds[pair] = number + 1
        case (false, true): bounds[pair + 1] = number - 1
        case (false, false): bounds.replaceSubrange(pair...pair + 1, with: [from, number - 1, number + 1, through])
        }
    }

    /// Every number in either set.
    func union(_ other: SegmentRanges) -> SegmentRanges {
        guard !other.isEmpty else { return self }
        guard !isEmpty else { return other }
        var pairs: [(Int, Int)] = []
        for set in [self, other] {
            for pair in stride(from: 0, to: set.bounds.count, by: 2) { pairs.append((set.bounds[pair], set.bounds[pair + 1])) }
        }
        pairs.sort { $0.0 < $1.0 }
        var merged: [Int] = []
        for (from, through) in pairs {
            if let end = merged.last, from <= end + 1 {
                merged[merged.count - 1] = max(end, through)
            } else {
                merged += [from, through]
            }
        }
        return SegmentRanges(bounds: merged)
    }

    /// The numbers from `lowest` through `highest`, highest first.
    func descending(from highest: Int, through lowest: Int) -> [Int] {
        var numbers: [Int] = []
        for pair in stride(from: bounds.count - 2, through: 0, by: -2) {
            let top = min(bounds[pair + 1], highest), bottom = max(bounds[pair], lowest)
            if top >= bottom { numbers += stride(from: top, through: bottom, by: -1) }
        }
        return numbers
    }
}
