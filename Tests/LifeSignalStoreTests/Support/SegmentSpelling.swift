import FoundationEssentials
import LifeSignalCore
import TestSupport

/// Writes a feed segment as JSON in one of the many spellings the format
/// allows besides the store's own (sorted keys, no spaces): other member
/// orders, whitespace between tokens, escapes where none are needed, `null`
/// for absent IDs, other spellings of the same instant, and members this
/// version does not know (which readers must skip).
struct SegmentSpelling {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func segment(_ items: [FeedItem], schemaVersion: Int = 1) -> [UInt8] {
        var members = [("data", array(items.map { item($0) })), ("schemaVersion", String(schemaVersion))]
        if chance(3) { members.append(("futureEnvelopeMember", unknownValue(depth: 0))) }
        return Array(object(members).utf8)
    }

    private mutating func item(_ item: FeedItem) -> String {
        var members: [(String, String)] = [
            ("id", string(item.id.rawValue)), ("index", String(item.index)), ("type", string(item.type.rawValue)),
            ("title", string(item.title)), ("message", string(item.message)), ("timestamp", string(instant(item.timestamp))),
            ("isRead", String(item.isRead)), ("isCritical", String(item.isCritical)),
        ]
        for (name, id) in [("relatedContactID", item.relatedContactID), ("relatedPingID", item.relatedPingID),
                           ("relatedAlertID", item.relatedAlertID)] {
            if let id { members.append((name, string(id.rawValue))) } else if chance(2) { members.append((name, "null")) }
        }
        if chance(4) { members.append(("unknownMember\(Int.random(in: 0..<3, using: &random))", unknownValue(depth: 0))) }
        return object(members)
    }

    /// The instant as `ISO8601.format` writes it, or as an equal offset form.
    private mutating func instant(_ date: Date) -> String {
        let text = ISO8601.format(date)
        return chance(4) ? String(text.dropLast()) + SegmentSamples.pick(["+00:00", "-00:00", "+0000", "z"], &random) : text
    }

    private mutating func object(_ members: [(String, String)]) -> String {
        var ordered = members
        switch Int.random(in: 0..<3, using: &random) {
        case 0: ordered.sort { $0.0 < $1.0 }
        case 1: ordered.sort { $0.0 > $1.0 }
        default: ordered.shuffle(using: &random)
        }
        return "{" + space() + ordered.map { string($0.0) + space() + ":" + space() + $0.1 }.joined(separator: space() + "," + space())
            + space() + "}"
    }

    private mutating func array(_ elements: [String]) -> String {
        "[" + space() + elements.joined(separator: space() + "," + space()) + space() + "]"
    }

    /// Nothing most of the time, else a run of the four JSON whitespace characters.
    private mutating func space() -> String {
        guard chance(5) else { return "" }
        return String((0..<Int.random(in: 1...3, using: &random)).map { _ in SegmentSamples.pick([" ", "\n", "\t", "\r"], &random) })
    }

    /// A string literal: escapes where JSON requires them, and at random where it does not.
    private mutating func string(_ text: String) -> String {
        var out = "\""
        let escapeMore = chance(3)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n" where chance(2): out += "\\n"
            case "\t" where chance(2): out += "\\t"
            case "/" where escapeMore: out += "\\/"
            default:
                if scalar.value < 0x20 || (escapeMore && chance(2)) {
                    out += unicodeEscape(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `\uXXXX`, or a surrogate pair of them, in either case of hex digit.
    private mutating func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let upper = chance(2)
        func hex(_ unit: UInt32) -> String {
            let digits = String(unit, radix: 16, uppercase: upper)
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        guard scalar.value >= 0x10000 else { return hex(scalar.value) }
        let value = scalar.value - 0x10000
        return hex(0xD800 + (value >> 10)) + hex(0xDC00 + (value & 0x3FF))
    }

    /// Any JSON value, a few levels deep.
    private mutating func unknownValue(depth: Int) -> String {
        switch Int.random(in: 0..<(depth > 2 ? 6 : 8), using: &random) {
        case 0: return "null"
        case 1: return String(Bool.random(using: &random))
        case 2: return SegmentSamples.pick(["0", "-0", "12", "-3.5", "1e9", "2.5E-3", "1e999", "123456789012345678901234567890"], &random)
        case 3, 4: return string(SegmentSamples.text(&random))
        case 5: return "[]"
        case 6: return array((0..<Int.random(in: 0...3, using: &random)).map { _ in unknownValue(depth: depth + 1) })
        default:
            return object((0..<Int.random(in: 0...3, using: &random)).map { n in ("k\(n)", unknownValue(depth: depth + 1)) })
        }
    }

    private mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }
}
