import Testing
@testable import QRCode

/// Encode → decode over every version × level × mask, for each mode.
struct RoundTripTests {
    enum Payload: String, CaseIterable, Sendable {
        case numeric, alphanumeric, byte, kanji, mixed
    }

    struct Combination: Sendable, CustomTestStringConvertible {
        let version: QRVersion
        let level: ErrorCorrectionLevel
        var testDescription: String { "\(version)-\(level)" }
    }

    static let combinations: [Combination] = QRVersion.all.flatMap { version in
        ErrorCorrectionLevel.allCases.map { Combination(version: version, level: $0) }
    }

    /// Segments filling about 90 % of the symbol, and the bytes and text a decoder must return.
    static func payload(_ kind: Payload, version: QRVersion, level: ErrorCorrectionLevel, seed: Int)
        throws -> (segments: [QRSegment], bytes: [UInt8], text: String) {
        let room = version.characterCapacity(kindMode(kind), level: level) * 9 / 10
        let count = max(1, room - seed % 3)
        switch kind {
        case .numeric:
            let text = String((0..<count).map { Character(String(($0 * 7 + seed) % 10)) })
            return ([try .numeric(text)], Array(text.utf8), text)
        case .alphanumeric:
            let set = CharacterSets.alphanumeric
            let bytes = (0..<count).map { set[($0 * 11 + seed) % set.count] }
            let text = String(decoding: bytes, as: UTF8.self)
            return ([try .alphanumeric(text)], bytes, text)
        case .byte:
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
            return ([.bytes(bytes)], bytes, String(validating: bytes, as: UTF8.self) ?? "")
        case .kanji:
            let pool = Array("漢字点検安全確認日本語符号化試験東京大阪".unicodeScalars)
            var text = String.UnicodeScalarView()
            text.append(contentsOf: (0..<count).map { pool[($0 + seed) % pool.count] })
            let string = String(text)
            let bytes = string.unicodeScalars.flatMap { scalar -> [UInt8] in
                let (high, low) = ShiftJIS.bytes(ofKanjiValue: ShiftJIS.kanjiValue(of: scalar) ?? 0)
                return [high, low]
            }
            return ([try .kanji(string)], bytes, string)
        case .mixed:
            // The longest prefix of a mixed-mode text that fills at most 90 % of the data bits.
            let unit = "Check-in 2026 OK 0123456789 ABCDEF safe; Grüße \(seed) "
            let source = String(repeating: unit, count: version.characterCapacity(.byte, level: level) / unit.utf8.count + 1)
            let capacity = version.dataCapacityBits(level: level) * 9 / 10
            func fits(_ length: Int) -> [QRSegment]? {
                let segments = QRSegment.optimal(for: String(source.prefix(length)), version: version)
                guard let bits = QRSegment.totalBits(segments, in: version), bits <= capacity else { return nil }
                return segments
            }
            var (low, high) = (1, source.count)
            while low < high {
                let middle = (low + high + 1) / 2
                if fits(middle) != nil { low = middle } else { high = middle - 1 }
            }
            let text = String(source.prefix(low))
            return (fits(low) ?? [], Array(text.utf8), text)
        }
    }

    private static func kindMode(_ kind: Payload) -> Mode {
        switch kind {
        case .numeric: .numeric
        case .alphanumeric: .alphanumeric
        case .byte, .mixed: .byte
        case .kanji: .kanji
        }
    }

    /// Every version × level × mask once, with the payload kind cycling over the
    /// masks so each version × level meets every kind and each kind meets every mask.
    @Test("round trip for every version, level and mask", arguments: combinations)
    func roundTrip(_ combination: Combination) throws {
        let seed = combination.version.rawValue * 4 + combination.level.rawValue
        var payloads: [Payload: (segments: [QRSegment], bytes: [UInt8], text: String)] = [:]
        for mask in Mask.all {
            let kind = Payload.allCases[(mask.rawValue + seed) % Payload.allCases.count]
            let expected = try payloads[kind] ?? Self.payload(kind, version: combination.version, level: combination.level, seed: seed)
            payloads[kind] = expected
            let symbol = try QREncoder.encode(
                segments: expected.segments, level: combination.level, boostLevel: false,
                versions: combination.version...combination.version, mask: mask)
            #expect(symbol.version == combination.version && symbol.mask == mask && symbol.level == combination.level)
            let decoded = try QRDecoder.decodeExactly(symbol.modules)
            #expect(decoded.bytes == expected.bytes, "\(kind) mask \(mask)")
            if kind != .byte { #expect(decoded.text == expected.text, "\(kind) mask \(mask)") }
            #expect(decoded.version == combination.version && decoded.level == combination.level && decoded.mask == mask)
            #expect(decoded.correctedErrors == 0)
        }
    }

    /// Every kind in every version, at one level and mask per version.
    @Test("round trip of each payload kind in every version", arguments: Payload.allCases)
    func roundTripKinds(_ kind: Payload) throws {
        for version in QRVersion.all {
            let level = ErrorCorrectionLevel.allCases[version.rawValue % 4]
            let mask = Mask.all[version.rawValue % 8]
            let expected = try Self.payload(kind, version: version, level: level, seed: version.rawValue)
            let symbol = try QREncoder.encode(
                segments: expected.segments, level: level, boostLevel: false, versions: version...version, mask: mask)
            let decoded = try QRDecoder.decodeExactly(symbol.modules)
            #expect(decoded.bytes == expected.bytes, "\(kind) version \(version)")
        }
    }
}
