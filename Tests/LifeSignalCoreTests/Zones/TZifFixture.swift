/// A TZif file written field by field (RFC 8536), so a test can build any
/// file, valid or broken in one chosen way.
struct TZifFixture {
    struct TimeType {
        var offset: Int32
        var isDaylightSaving: UInt8 = 0
        var abbreviationIndex: UInt8
    }

    var version: UInt8 = UInt8(ascii: "2")
    var transitions: [(at: Int64, type: UInt8)] = []
    var types: [TimeType]
    var abbreviations: [UInt8]
    var leapSeconds: [(at: Int64, correction: Int32)] = []
    var standardIndicators: [UInt8] = []
    var universalIndicators: [UInt8] = []
    /// The footer's text between its newlines; nil writes no footer at all.
    var footer: String? = ""
    /// Counts to write instead of the true ones (isut, isstd, leap, time, type, char).
    var countOverrides: [Int: UInt32] = [:]

    /// Madrid's CET and CEST, switching at two instants of 2026, with
    /// Europe's rule for later years.
    static let madrid = TZifFixture(
        transitions: [(1_774_746_000, 1), (1_792_890_000, 0)],
        types: [TimeType(offset: 3600, abbreviationIndex: 0), TimeType(offset: 7200, isDaylightSaving: 1, abbreviationIndex: 4)],
        abbreviations: Array("CET\0CEST\0".utf8), footer: "CET-1CEST,M3.5.0,M10.5.0/3")

    /// A zone of one type and no transitions.
    static func fixed(offset: Int32, abbreviation: String, version: UInt8 = UInt8(ascii: "2"), footer: String? = "") -> TZifFixture {
        TZifFixture(version: version, types: [TimeType(offset: offset, abbreviationIndex: 0)],
                    abbreviations: Array((abbreviation + "\0").utf8), footer: footer)
    }

    var bytes: [UInt8] {
        var out: [UInt8] = []
        guard version != 0 else {
            writeHeader(&out)
            writeBlock(&out, timeSize: 4)
            return out
        }
        writeHeader(&out)
        writeBlock(&out, timeSize: 4, limitedTo32Bits: true)
        writeHeader(&out)
        writeBlock(&out, timeSize: 8)
        if let footer { out += Array(("\n" + footer + "\n").utf8) }
        return out
    }

    private func counts(limitedTo32Bits: Bool) -> [UInt32] {
        let times = limitedTo32Bits ? transitions.filter { Int64(Int32.min)...Int64(Int32.max) ~= $0.at }.count : transitions.count
        let leaps = limitedTo32Bits ? 0 : leapSeconds.count
        var counts = [universalIndicators.count, standardIndicators.count, leaps, times, types.count, abbreviations.count]
            .map { UInt32($0) }
        for (index, value) in countOverrides where !limitedTo32Bits { counts[index] = value }
        return counts
    }

    private func writeHeader(_ out: inout [UInt8]) {
        out += Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
    }

    private func writeBlock(_ out: inout [UInt8], timeSize: Int, limitedTo32Bits: Bool = false) {
        for count in counts(limitedTo32Bits: limitedTo32Bits) { out += Self.bigEndian(UInt64(count), size: 4) }
        let kept = limitedTo32Bits ? transitions.filter { Int64(Int32.min)...Int64(Int32.max) ~= $0.at } : transitions
        for transition in kept { out += Self.bigEndian(UInt64(bitPattern: transition.at), size: timeSize) }
        out += kept.map(\.type)
        for type in types {
            out += Self.bigEndian(UInt64(UInt32(bitPattern: type.offset)), size: 4) + [type.isDaylightSaving, type.abbreviationIndex]
        }
        out += abbreviations
        if !limitedTo32Bits {
            for leap in leapSeconds {
                out += Self.bigEndian(UInt64(bitPattern: leap.at), size: timeSize)
                    + Self.bigEndian(UInt64(UInt32(bitPattern: leap.correction)), size: 4)
            }
        }
        out += standardIndicators + universalIndicators
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
