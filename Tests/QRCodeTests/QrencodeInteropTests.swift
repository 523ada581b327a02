import Testing
@testable import QRCode

/// Symbols made by qrencode 4.1.1 (committed fixtures) decode to their payloads,
/// and our encoder reproduces qrencode's modules when given the same mask.
struct QrencodeInteropTests {
    static let allLevels = ["L", "M", "Q", "H"].flatMap { QrencodeFixture.load("qrencode-\($0).txt") }
    static let extras = QrencodeFixture.load("qrencode-extras.txt")

    @Test("fixtures are all present")
    func fixturesLoad() {
        #expect(Self.allLevels.count == 160)
        #expect(Self.extras.count == 7)
    }

    @Test("decodes qrencode output for every version and level", arguments: allLevels)
    func decodesEveryVersionAndLevel(_ fixture: QrencodeFixture) throws {
        let decoded = try QRDecoder.decode(fixture.grid)
        #expect(decoded.bytes == fixture.payload)
        #expect(decoded.version.rawValue == fixture.version)
        #expect(decoded.level.description == fixture.level)
        #expect(decoded.correctedErrors == 0)
        #expect(decoded.text == String(decoding: fixture.payload, as: UTF8.self))
    }

    @Test("decodes qrencode 8-bit and kanji output", arguments: extras)
    func decodesExtras(_ fixture: QrencodeFixture) throws {
        let decoded = try QRDecoder.decode(fixture.grid)
        #expect(decoded.bytes == fixture.payload)
        if fixture.option == "kanji" {
            #expect(decoded.segments.contains { $0.mode == .kanji })
            #expect(decoded.text != nil)
            #expect(decoded.text == TextAssembler.decode(fixture.payload, eci: 20))
        }
    }

    @Test("our modules equal qrencode's for byte and numeric payloads", arguments: extras.filter { $0.option != "kanji" })
    func sameModules(_ fixture: QrencodeFixture) throws {
        let read = try QRDecoder.decode(fixture.grid)
        let version = try #require(QRVersion(rawValue: fixture.version))
        let segments: [QRSegment] = fixture.option == "8bit"
            ? [.bytes(fixture.payload)]
            : QRSegment.optimal(for: String(decoding: fixture.payload, as: UTF8.self), version: version)
        let symbol = try QREncoder.encode(
            segments: segments, level: read.level, boostLevel: false, versions: version...version, mask: read.mask)
        #expect(symbol.modules == fixture.grid)
    }

    @Test("our mask choice scores no worse than qrencode's", arguments: extras.filter { $0.option == "8bit" })
    func maskChoice(_ fixture: QrencodeFixture) throws {
        let read = try QRDecoder.decode(fixture.grid)
        let version = try #require(QRVersion(rawValue: fixture.version))
        let ours = try QREncoder.encode(segments: [.bytes(fixture.payload)], level: read.level, boostLevel: false, versions: version...version)
        #expect(MaskPenalty.score(ours.modules) <= MaskPenalty.score(fixture.grid))
    }
}
