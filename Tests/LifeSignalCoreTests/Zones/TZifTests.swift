import LifeSignalCore
import TestSupport
import Testing

/// The TZif reader on files built field by field: each version, the footer
/// taking over after the last transition, and every way a file can be
/// broken refused with what is wrong, never a crash.
struct TZifTests {
    static let origin = TimeZoneRules.Origin.unnamedFile

    static func decode(_ fixture: TZifFixture) throws(TZifProblem) -> TZif.Contents {
        try TZif.decode(fixture.bytes, origin: origin)
    }

    @Test func version2ReadsTransitionsThenItsFooter() throws {
        let contents = try Self.decode(.madrid)
        #expect(contents.version == 2 && contents.leapSecondCount == 0)
        let rules = contents.rules
        // Before the first transition: the first type.
        #expect(rules.type(at: 0).abbreviation == "CET")
        #expect(rules.type(at: 1_774_745_999).abbreviation == "CET")
        #expect(rules.type(at: 1_774_746_000).abbreviation == "CEST")
        #expect(rules.type(at: 1_792_890_000).abbreviation == "CET")
        // After the last transition: the footer's rule, here 2027's change.
        #expect(rules.type(at: 1_806_195_599).abbreviation == "CET")
        #expect(rules.type(at: 1_806_195_600) == LocalTimeType(utcOffset: 7200, isDaylightSaving: true, abbreviation: "CEST"))
        #expect(rules.transitions(from: 1_792_890_001, through: 1_830_000_000).map(\.at) == [1_806_195_600, 1_824_944_400])
    }

    @Test func version1HasNoFooterAndKeepsItsLastType() throws {
        var fixture = TZifFixture.madrid
        fixture.version = 0
        let contents = try Self.decode(fixture)
        #expect(contents.version == 1)
        #expect(contents.rules.type(at: 1_806_195_600).abbreviation == "CET")
        #expect(contents.rules.transitions(from: 1_792_890_001, through: 1_900_000_000).isEmpty)
    }

    @Test func version3FooterExtensionsAreRead() throws {
        // Rule times past 24 hours and negative, as Jerusalem's and Nuuk's.
        var fixture = TZifFixture.fixed(offset: 7200, abbreviation: "IST", version: UInt8(ascii: "3"), footer: "IST-2IDT,M3.4.4/26,M10.5.0")
        var rules = try Self.decode(fixture).rules
        // 2026: Friday March 27 02:00 (Thursday + 26 h) and Sunday October 25 02:00 IDT.
        #expect(rules.transitions(from: 1_767_225_600, through: 1_798_761_599).map(\.at) == [1_774_569_600, 1_792_882_800])
        fixture.footer = "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"
        rules = try Self.decode(fixture).rules
        // Saturday March 28 23:00 -02 and Sunday October 25 00:00 -01.
        #expect(rules.transitions(from: 1_767_225_600, through: 1_798_761_599).map(\.at) == [1_774_746_000, 1_792_890_000])
        #expect(rules.type(at: 1_774_746_000).abbreviation == "-01")
    }

    @Test func aFileWithoutTransitionsFollowsItsFooterAlways() throws {
        let rules = try Self.decode(.fixed(offset: -18000, abbreviation: "EST", footer: "EST5EDT,M3.2.0,M11.1.0")).rules
        #expect(rules.type(at: 0).abbreviation == "EST")
        #expect(rules.type(at: 12_000_000).abbreviation == "EDT")
        let plain = try Self.decode(.fixed(offset: 19800, abbreviation: "IST")).rules
        #expect(plain.type(at: 4_000_000_000) == LocalTimeType(utcOffset: 19800, isDaylightSaving: false, abbreviation: "IST"))
    }

    @Test func leapSecondRecordsAreReadAndCounted() throws {
        var fixture = TZifFixture.fixed(offset: 0, abbreviation: "UTC")
        fixture.leapSeconds = [(78_796_800, 1), (94_694_401, 2)]
        #expect(try Self.decode(fixture).leapSecondCount == 2)
        fixture.leapSeconds = [(94_694_401, 1), (78_796_800, 2)]
        #expect(throws: TZifProblem.badLeapSeconds) { try Self.decode(fixture) }
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var id: String
        var problem: TZifProblem
        var change: @Sendable (inout TZifFixture) -> Void
        var testDescription: String { id }
    }

    @Test(arguments: [
        Broken(id: "unknown version", problem: .unsupportedVersion(UInt8(ascii: "5"))) { $0.version = UInt8(ascii: "5") },
        Broken(id: "no types", problem: .noTypes) { $0.countOverrides[4] = 0 },
        Broken(id: "no abbreviation bytes", problem: .noTypes) { $0.countOverrides[5] = 0 },
        Broken(id: "isstd count", problem: .countMismatch) { $0.standardIndicators = [0] },
        Broken(id: "isut count", problem: .countMismatch) { $0.universalIndicators = [0, 0, 0] },
        Broken(id: "counts beyond the file", problem: .truncated) { $0.countOverrides[3] = 1_000_000_000 },
        Broken(id: "transitions out of order", problem: .transitionsOutOfOrder) {
            $0.transitions = [(1_792_890_000, 0), (1_774_746_000, 1)]
        },
        Broken(id: "repeated transition", problem: .transitionsOutOfOrder) {
            $0.transitions = [(1_774_746_000, 1), (1_774_746_000, 0)]
        },
        Broken(id: "type index", problem: .typeIndexOutOfRange) { $0.transitions[0].type = 2 },
        Broken(id: "offset of -2^31", problem: .offsetOutOfRange(Int(Int32.min))) { $0.types[0].offset = Int32.min },
        Broken(id: "offset of 26 hours", problem: .offsetOutOfRange(93_600)) { $0.types[1].offset = 93_600 },
        Broken(id: "daylight flag", problem: .badDaylightFlag) { $0.types[1].isDaylightSaving = 2 },
        Broken(id: "abbreviation index", problem: .badAbbreviation) { $0.types[1].abbreviationIndex = 9 },
        Broken(id: "abbreviation unterminated", problem: .badAbbreviation) { $0.abbreviations.removeLast() },
        Broken(id: "abbreviation with escape", problem: .badAbbreviation) { $0.abbreviations[1] = 0x1B },
        Broken(id: "indicator 2", problem: .badIndicator) { $0.standardIndicators = [0, 2] },
        Broken(id: "UT without standard", problem: .badIndicator) {
            $0.standardIndicators = [0, 0]
            $0.universalIndicators = [0, 1]
        },
        Broken(id: "no footer", problem: .truncated) { $0.footer = nil },
        Broken(id: "footer with control byte", problem: .badFooter) { $0.footer = "CET-1\u{7}" },
        Broken(id: "footer not a TZ string", problem: .footer(.offset(standard: true))) { $0.footer = "CET" },
        Broken(id: "footer with a newline inside", problem: .trailingBytes) { $0.footer = "CET-1\nCET-1" },
    ])
    func brokenFilesSayWhatIsWrong(_ broken: Broken) {
        var fixture = TZifFixture.madrid
        broken.change(&fixture)
        #expect(throws: broken.problem) { try Self.decode(fixture) }
    }

    @Test func badMagicAndTrailingBytesAreRefused() {
        var bytes = TZifFixture.madrid.bytes
        #expect(throws: TZifProblem.trailingBytes) { try TZif.decode(bytes + [0], origin: Self.origin) }
        bytes[0] = UInt8(ascii: "t")
        #expect(throws: TZifProblem.badMagic) { try TZif.decode(bytes, origin: Self.origin) }
        #expect(throws: TZifProblem.badMagic) { try TZif.decode(Array("# tzdata.zi\n".utf8), origin: Self.origin) }
        #expect(throws: TZifProblem.truncated) { try TZif.decode([], origin: Self.origin) }
    }

    /// Every prefix of a valid file is refused; no byte changed anywhere
    /// makes the reader (or the rules it gives) crash.
    @Test func cutOrDamagedFilesNeverCrash() {
        let bytes = TZifFixture.madrid.bytes
        for length in 0..<bytes.count {
            #expect(throws: TZifProblem.self) { try TZif.decode(Array(bytes[..<length]), origin: Self.origin) }
        }
        var random = SeededGenerator(seed: 8536)
        for _ in 0..<3000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            guard let rules = try? TZif.decode(damaged, origin: Self.origin).rules else { continue }
            for instant: Int64 in [Int64.min, -1, 0, 1_774_746_000, 4_000_000_000, Int64.max] {
                let local = rules.localDateTime(at: instant)
                _ = rules.resolve(local)
                _ = rules.transitions(from: instant &- 86_400, through: instant &+ 86_400)
            }
        }
    }
}
