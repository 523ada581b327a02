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

    init(listed numbers: [Int]) {
        listed = numbers
        countdown = 0
        end = 1
    }

    /// `first`, `first - 1`, … down to `last`.
    init(from first: Int, through last: Int) {
        listed = []
        countdown = first
        end = last
    }

    mutating func next() -> Int? {
        if position < listed.count {
            position += 1
            return listed[position - 1]
        }
        guard countdown >= end else { return nil }
        countdown -= 1
        return countdown + 1
    }
}
