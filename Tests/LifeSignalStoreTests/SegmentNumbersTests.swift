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

    @Test(arguments: [[], [7], [9, 4, 0]])
    func givesTheListed(_ numbers: [Int]) {
        #expect(Array(SegmentNumbers(listed: numbers)) == numbers)
    }
}
