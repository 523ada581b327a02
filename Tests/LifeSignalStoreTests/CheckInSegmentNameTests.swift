@testable import LifeSignalStore
import Testing
import TestSupport

/// A check-in segment's file name read byte by byte against the reading it
/// replaced: a number, then rendered again and compared with the name.
struct CheckInSegmentNameTests {
    static func reference(_ name: String) -> Int? {
        guard name.hasSuffix(".json"), let number = Int(name.dropLast(5)), number >= 0, "\(number).json" == name else { return nil }
        return number
    }

    @Test(arguments: [
        ("0.json", 0), ("7.json", 7), ("10.json", 10), ("9223372036854775807.json", Int.max),
        ("00.json", nil), ("07.json", nil), ("+7.json", nil), ("-0.json", nil), ("-1.json", nil), (".json", nil),
        ("7.jsonx", nil), ("7json", nil), ("9223372036854775808.json", nil), ("٣.json", nil), ("7\u{301}.json", nil),
        ("7.json\u{301}", nil), ("a.json", nil), ("", nil),
    ] as [(String, Int?)])
    func segmentNumbers(name: String, number: Int?) {
        #expect(CheckInHistory.segmentNumber(name) == number)
        #expect(Self.reference(name) == number)
    }

    /// Random names of digits, signs, dots and bits of ".json".
    @Test func byteReadingAgreesWithTheReference() {
        var random = SeededGenerator(seed: 29)
        let pieces = ["0", "1", "7", "9", "00", "+", "-", ".json", ".json", ".jso", "n", ".", "a", "\u{301}", "٣",
                      "92233720368547758", "07", " "]
        for _ in 0..<10_000 {
            let name = (0..<Int.random(in: 0...5, using: &random)).map { _ in random.pick(pieces) }.joined()
            #expect(CheckInHistory.segmentNumber(name) == Self.reference(name), "\(name.debugDescription)")
        }
        #expect(CheckInHistory.segments(["2.json", "x", "10.json", "02.json", "0.json"]) == [0, 2, 10])
    }
}
