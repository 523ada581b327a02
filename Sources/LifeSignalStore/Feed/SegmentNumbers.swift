/// Feed segment numbers, newest first, to read in turn: every segment from
/// the newest down (counted down as they are asked for: a feed of 100,000
/// items has 1,000 segments, and a listing of 20 reads one or two), or
/// those a summary lists.
struct SegmentNumbers: Sequence, IteratorProtocol {
    private let listed: [Int]
    private var position = 0
    /// The next number counting down, and where counting stops (below it:
    /// nothing is counted when the numbers are listed).
    private var countdown: Int
    private let end: Int
    /// A number the countdown passes over, because it came first.
    private let skipped: Int?

    init(listed numbers: [Int]) {
        listed = numbers
        countdown = 0
        end = 1
        skipped = nil
    }

    /// `first`, `first - 1`, … down to `last`.
    init(from first: Int, through last: Int) {
        self.init(first: nil, from: first, through: last)
    }

    /// `preferred` (the segment an item is likely in) when it is one of
    /// `first` down to `last`, then the others of them, counting down.
    init(first preferred: Int?, from first: Int, through last: Int) {
        if let preferred, preferred <= first, preferred >= last {
            listed = [preferred]
            skipped = preferred
        } else {
            listed = []
            skipped = nil
        }
        countdown = first
        end = last
    }

    mutating func next() -> Int? {
        if position < listed.count {
            position += 1
            return listed[position - 1]
        }
        while countdown >= end {
            countdown -= 1
            if countdown + 1 != skipped { return countdown + 1 }
        }
        return nil
    }
}
