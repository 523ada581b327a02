@testable import LifeSignalStore
import Testing

/// The segments a visit reads, counted down as asked for or as listed.
struct SegmentNumbersTests {
    @Test(arguments: [(0, 0), (5, 0), (1000, 1), (3, 3)])
    func countsDownFromTheNewest(first: Int, last: Int) {
        #expect(Array(SegmentNumbers(from: first, through: last)) == Array(stride(from: first, through: last, by: -1)))
    }

    @Test func aRangeThatEndsAboveItsStartIsEmpty() {
        #expect(Array(SegmentNumbers(from: 2, through: 3)).isEmpty)
    }

    /// What `updateFeed` read before: every number, the preferred one moved to the front when it is among them.
    @Test(arguments: [(nil, 5, 0), (3, 5, 0), (5, 5, 0), (0, 5, 0), (9, 5, 0), (-1, 5, 0), (2, 2, 2), (1, 3, 2), (4, 3, 5)])
    func givesThePreferredFirst(preferred: Int?, first: Int, last: Int) {
        var expected = first >= last ? Array(stride(from: first, through: last, by: -1)) : []
        if let preferred, let at = expected.firstIndex(of: preferred) {
            expected.remove(at: at)
            expected.insert(preferred, at: 0)
        }
        #expect(Array(SegmentNumbers(first: preferred, from: first, through: last)) == expected)
    }

    @Test(arguments: [[], [7], [9, 4, 0]])
    func givesTheListed(_ numbers: [Int]) {
        #expect(Array(SegmentNumbers(listed: numbers)) == numbers)
    }
}
