import FoundationEssentials
@testable import LifeSignalCore
import TestSupport
import Testing

/// `ISO8601.parse(utf8:)` reads the form the store writes through a
/// shortcut (`parseWritten`); it must read every text as the general
/// reading does: the same date, or nil for the same texts.
struct WrittenDateShortcutTests {
    static func agree(_ text: [UInt8]) -> Bool {
        ISO8601.parse(utf8: text[...]) == ISO8601.parseAnyForm(utf8: text[...])
    }

    @Test func writtenDatesReadAsTheGeneralReadingReadsThem() {
        var random = SeededGenerator(seed: 32_4)
        for _ in 0..<20_000 {
            // Years 0001-9999, as far as the written form reaches.
            let seconds = Int64.random(in: -62_135_596_800...253_402_300_799, using: &random)
            let text = Array(ISO8601.format(Date(timeIntervalSince1970: Double(seconds))).utf8)
            #expect(text.count == 20)
            #expect(Self.agree(text), "\(String(decoding: text, as: UTF8.self))")
            #expect(ISO8601.parse(utf8: text[...]) == Date(timeIntervalSince1970: Double(seconds)))
        }
    }

    /// Texts of the written shape with any digit, any separator or any
    /// byte changed: out-of-range fields (month 13, February 30th, hour 24,
    /// second 60), other separators and other lengths.
    @Test func damagedWrittenDatesAreRefusedOrReadAsTheGeneralReadingReadsThem() {
        var random = SeededGenerator(seed: 0xDA7E)
        let alphabet = Array("0123456789-:TtZz+. x".utf8) + [0x00, 0x7F, 0xC3, 0xFF]
        for _ in 0..<50_000 {
            func field(_ range: ClosedRange<Int>, _ width: Int) -> String {
                let digits = String(Int.random(in: range, using: &random))
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            var text = Array((field(0...9999, 4) + "-" + field(0...13, 2) + "-" + field(0...32, 2) + "T"
                + field(0...25, 2) + ":" + field(0...61, 2) + ":" + field(0...61, 2) + "Z").utf8)
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: text[Int.random(in: 0..<text.count, using: &random)] = alphabet.randomElement(using: &random)!
                case 1: text.removeLast()
                case 2: text.append(alphabet.randomElement(using: &random)!)
                default: text.insert(alphabet.randomElement(using: &random)!, at: Int.random(in: 0...text.count, using: &random))
                }
            }
            #expect(Self.agree(text), "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test func edgesOfTheCalendar() {
        for text in ["2024-02-29T23:59:59Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2000-02-29T00:00:00Z",
                     "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-04-31T00:00:00Z", "2026-00-10T00:00:00Z",
                     "2026-03-01T24:00:00Z", "2026-03-01T09:60:00Z", "2026-03-01T09:00:60Z", "2026-03-01t09:00:00z",
                     "2026-03-01T09:00:00+00", "2026-03-01 09:00:00Z", "-026-03-01T09:00:00Z"] {
            #expect(Self.agree(Array(text.utf8)), "\(text)")
        }
        #expect(ISO8601.parse("2026-03-01T09:00:00Z") == Date(timeIntervalSince1970: 1_772_355_600))
    }
}
