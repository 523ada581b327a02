import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
@testable import StoreBackends
import StoreCodecKit
import TestSupport
import Testing

/// Each kind of damaged feed segment is refused with one clear line that the
/// error message puts after the file's full path, as `JSONDecoder` refused it
/// (or, where noted, where `JSONDecoder` was more lenient than the format).
struct FeedSegmentDamageTests {
    static let root = "/store"
    static let path = "accounts/0a1b2c3d-0000-4000-8000-000000000000/feed/0.json"

    static let id1 = "0a1b2c3d-0000-4000-8000-000000000001"
    static let id2 = "0a1b2c3d-0000-4000-8000-000000000002"
    /// One item as the store writes it.
    static let item = #"{"id":"\#(id1)","index":7,"isCritical":false,"isRead":false,"message":"m","#
        + #""timestamp":"2026-03-01T09:00:00Z","title":"t","type":"ping"}"#

    static func segment(_ data: String = "[\(item)]", version: String = "1") -> String {
        #"{"data":\#(data),"schemaVersion":\#(version)}"#
    }

    /// The item with one piece of its text replaced.
    static func item(_ old: String, _ new: String) -> String {
        precondition(item.contains(old), "the sample item has no \(old)")
        return segment("[" + item.replacingOccurrences(of: old, with: new) + "]")
    }

    /// The sample segment with the title's text replaced by raw bytes.
    static func title(with bytes: [UInt8]) -> [UInt8] {
        let text = Array(item("\"title\":\"t\"", "\"title\":\"@\"").utf8)
        guard let at = text.firstIndex(of: UInt8(ascii: "@")) else { return text }
        return Array(text[..<at]) + bytes + Array(text[(at + 1)...])
    }

    enum Expected: Sendable, CustomStringConvertible {
        case damaged(String)
        case tooNew(Int)
        var description: String {
            switch self {
            case .damaged(let reason): "damaged: \(reason)"
            case .tooNew(let found): "too new: \(found)"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var bytes: [UInt8]
        var expected: Expected
        /// `JSONDecoder` accepted this; the format (RFC 8259) does not.
        var decoderWasLenient = false
        var testDescription: String { id }

        init(_ id: String, _ text: String, _ expected: Expected, decoderWasLenient: Bool = false) {
            self.init(id, Array(text.utf8), expected, decoderWasLenient: decoderWasLenient)
        }

        init(_ id: String, _ bytes: [UInt8], _ expected: Expected, decoderWasLenient: Bool = false) {
            self.id = id
            self.bytes = bytes
            self.expected = expected
            self.decoderWasLenient = decoderWasLenient
        }
    }

    static let cases: [Case] = [
        // Not JSON at all, or cut short.
        Case("empty", "", .damaged("the file is empty")),
        Case("whitespace only", " \n", .damaged("not valid JSON: the file ends early, at byte 2 (expected a value)")),
        Case("text", "hello", .damaged("not valid JSON at byte 0: expected a value")),
        Case("cut inside a string", String(segment().prefix(60)),
             .damaged("not valid JSON: the file ends early, at byte 60 (a string is not closed)")),
        Case("cut after a comma", String(segment().prefix(54)),
             .damaged("not valid JSON: the file ends early, at byte 54 (expected a member name in quotes)")),
        Case("cut before the last brace", String(segment().dropLast()),
             .damaged("not valid JSON: the file ends early, at byte 192 (expected ',' or '}' after a member)")),
        Case("text after the document", segment() + "x",
             .damaged("not valid JSON at byte 193: unexpected text after the end of the document")),
        Case("NUL between members", segment().replacingOccurrences(of: ",\"schemaVersion", with: ",\u{0}\"schemaVersion"),
             .damaged("not valid JSON at byte 175: expected a member name in quotes")),
        // Strings.
        Case("raw control character", item(#""title":"t""#, "\"title\":\"a\tb\""),
             .damaged("not valid JSON at byte 157: a control character (U+0009) in a string must be escaped")),
        Case("invalid UTF-8", title(with: [0x61, 0xFF, 0xFE]), .damaged("not valid JSON at byte 157: invalid UTF-8 in a string")),
        Case("overlong UTF-8", title(with: [0xC0, 0xAF]), .damaged("not valid JSON at byte 156: invalid UTF-8 in a string")),
        Case("UTF-16 surrogate in UTF-8", title(with: [0xED, 0xA0, 0x80]), .damaged("not valid JSON at byte 156: invalid UTF-8 in a string")),
        Case("UTF-8 cut short", title(with: [0x61, 0xE2, 0x82]), .damaged("not valid JSON at byte 157: invalid UTF-8 in a string")),
        Case("unknown escape", item(#""title":"t""#, #""title":"\x""#),
             .damaged("not valid JSON at byte 156: unknown escape sequence in a string")),
        Case("short \\u escape", item(#""title":"t""#, #""title":"\u12G4""#),
             .damaged("not valid JSON at byte 158: \\u needs four hexadecimal digits")),
        Case("lone high surrogate", item(#""title":"t""#, #""title":"\ud83d""#),
             .damaged("not valid JSON at byte 156: \\uD83D is half of a surrogate pair; the other half must follow")),
        Case("high surrogate then another", item(#""title":"t""#, #""title":"\ud83d\ud83d""#),
             .damaged("not valid JSON at byte 156: \\uD83D is half of a surrogate pair; the other half must follow")),
        Case("lone low surrogate", item(#""title":"t""#, #""title":"\uDE00""#),
             .damaged("not valid JSON at byte 156: \\uDE00 is the second half of a surrogate pair without the first")),
        // The format, where JSONDecoder was more lenient.
        Case("trailing comma in an array", segment("[\(item),]"),
             .damaged("not valid JSON at byte 174: expected a value"), decoderWasLenient: true),
        Case("trailing comma in an object", segment().replacingOccurrences(of: ",\"schemaVersion\":1}", with: ",\"schemaVersion\":1,}"),
             .damaged("not valid JSON at byte 193: expected a member name in quotes"), decoderWasLenient: true),
        Case("byte order mark", "\u{FEFF}" + segment(), .damaged("not valid JSON at byte 0: expected a value"), decoderWasLenient: true),
        Case("leading zero", item("\"index\":7", "\"index\":07"),
             .damaged("not valid JSON at byte 62: a number cannot start with 0 followed by digits")),
        Case("integer written with a fraction", item("\"index\":7", "\"index\":7.0"),
             .damaged("bad value at data[0].index: \"7.0\" is not an integer"), decoderWasLenient: true),
        Case("integer written with an exponent", item("\"index\":7", "\"index\":7e0"),
             .damaged("bad value at data[0].index: \"7e0\" is not an integer"), decoderWasLenient: true),
        Case("a field twice", item("\"title\":\"t\"", "\"title\":\"t\",\"title\":\"u\""),
             .damaged("field \"title\" appears twice at data[0]"), decoderWasLenient: true),
        Case("too deep", item("\"isRead\":false", "\"isRead\":false,\"x\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600)),
             .damaged("not valid JSON at byte 611: nested more than 512 deep")),
        // Wrong types and missing fields.
        Case("not an object", "[]", .damaged("wrong type: expected an object, found an array")),
        Case("data not an array", segment("{}"), .damaged("wrong type at data: expected an array, found an object")),
        Case("item not an object", segment("[1]"), .damaged("wrong type at data[0]: expected an object, found a number")),
        Case("index as a string", item("\"index\":7", "\"index\":\"7\""),
             .damaged("wrong type at data[0].index: expected an integer, found a string")),
        Case("isRead as a number", item("\"isRead\":false", "\"isRead\":0"),
             .damaged("wrong type at data[0].isRead: expected true or false, found a number")),
        Case("title null", item("\"title\":\"t\"", "\"title\":null"),
             .damaged("wrong type at data[0].title: expected a string, found null")),
        Case("related ID as a number", item("\"isRead\":false", "\"isRead\":false,\"relatedPingID\":5"),
             .damaged("wrong type at data[0].relatedPingID: expected a string, found a number")),
        Case("missing title", item(",\"title\":\"t\"", ""), .damaged("missing field \"title\" at data[0]")),
        Case("missing isCritical", item("\"isCritical\":false,", ""), .damaged("missing field \"isCritical\" at data[0]")),
        Case("missing data", #"{"schemaVersion":1}"#, .damaged("missing field \"data\"")),
        Case("missing version", #"{"data":[]}"#, .damaged("missing field \"schemaVersion\"")),
        Case("version as a string", segment(version: "\"1\""), .damaged("wrong type at schemaVersion: expected an integer, found a string")),
        // Values out of range.
        Case("index too large", item("\"index\":7", "\"index\":9223372036854775808"),
             .damaged("bad value at data[0].index: \"9223372036854775808\" is out of range")),
        Case("impossible date", item("2026-03-01T09:00:00Z", "2026-02-30T09:00:00Z"),
             .damaged("bad value at data[0].timestamp: invalid date \"2026-02-30T09:00:00Z\"")),
        Case("date with a line break", item("2026-03-01T09:00:00Z", "2026-03-01\\nT09:00:00Z"),
             .damaged("bad value at data[0].timestamp: invalid date \"2026-03-01\\nT09:00:00Z\"")),
        Case("invalid ID", item(id1, "0A1B2C3D-0000-4000-8000-000000000001"),
             .damaged("bad value at data[0].id: invalid ID \"0A1B2C3D-0000-4000-8000-000000000001\"")),
        Case("unknown type", item("\"type\":\"ping\"", "\"type\":\"bogus\""),
             .damaged("bad value at data[0].type: \"bogus\" is not one of alert, ping, role, added, removed, checkIn, signIn, test")),
        Case("the same ID twice", segment("[\(item),\(item.replacingOccurrences(of: "\"index\":7", with: "\"index\":8"))]"),
             .damaged("\(id1) appears twice")),
        // Versions.
        Case("version 0", segment(version: "0"), .damaged("schema version 0 is not valid")),
        Case("version -1", segment(version: "-1"), .damaged("schema version -1 is not valid")),
        Case("newer version", segment(version: "2"), .tooNew(2)),
        Case("newer version, data of another shape", segment("{\"items\":[1,2,3]}", version: "2"), .tooNew(2)),
        Case("newer version, version first", #"{"schemaVersion":99,"data":"#+"[\(item)]}", .tooNew(99)),
        Case("newer version, but not JSON", segment("[1,]", version: "2"),
             .damaged("not valid JSON at byte 11: expected a value"), decoderWasLenient: true),
        Case("newer version, but cut short", String(segment(version: "2").dropLast()),
             .damaged("not valid JSON: the file ends early, at byte 192 (expected ',' or '}' after a member)")),
    ]

    @Test(arguments: cases)
    func isRefusedWithOneClearLine(_ sample: Case) {
        let store = LayoutStore.empty(name: Self.root)
        let full = Self.root + "/" + Self.path
        do {
            let items = try store.decodeFeedSegment(sample.bytes, path: Self.path)
            Issue.record("accepted, with \(items.count) items")
        } catch StoreError.damaged(let path, let reason) {
            #expect(path == full)
            #expect(!reason.contains("\n") && !reason.contains("\r"))
            guard case .damaged(let expected) = sample.expected else { return #expect(Bool(false), "damaged: \(reason)") }
            #expect(reason == expected)
        } catch StoreError.tooNew(let path, let found, let supported) {
            #expect(path == full && supported == StoreCodec.schemaVersion)
            guard case .tooNew(let expected) = sample.expected else { return #expect(Bool(false), "too new: \(found)") }
            #expect(found == expected)
        } catch {
            Issue.record("an undocumented error: \(error)")
        }
    }

    /// The `JSONDecoder` path refused the same files the same way, apart
    /// from the cases it was lenient about.
    @Test(arguments: cases)
    func jsonDecoderAgreed(_ sample: Case) {
        switch StoreFileReference.decode([FeedItem].self, sample.bytes) {
        case .value:
            #expect(sample.decoderWasLenient, "JSONDecoder accepted it")
        case .damaged:
            #expect(!sample.decoderWasLenient && { if case .damaged = sample.expected { true } else { false } }())
        case .versionOutOfRange:
            #expect(sample.decoderWasLenient || { if case .tooNew = sample.expected { true } else { false } }())
        }
    }

    /// Hostile sizes end in an error, quickly, not a crash or a hang.
    @Test(arguments: [
        String(repeating: "[", count: 1_000_000),
        segment("[" + String(repeating: "{\"a\":", count: 100_000)),
        item("\"index\":7", "\"index\":" + String(repeating: "9", count: 1_000_000)),
        item("\"title\":\"t\"", "\"title\":\"" + String(repeating: "\\u", count: 500_000)),
        item("\"title\":\"t\"", "\"title\":\"" + String(repeating: "\\ud83d", count: 200_000) + "\""),
    ])
    func hostileInputIsRefused(_ text: String) {
        let store = LayoutStore.empty(name: Self.root)
        #expect(throws: StoreError.self) { try store.decodeFeedSegment(Array(text.utf8), path: Self.path) }
    }

    @Test func aLongBadValueIsQuotedShort() throws {
        let store = LayoutStore.empty(name: Self.root)
        let bytes = Array(Self.item("\"index\":7", "\"index\":" + String(repeating: "9", count: 10_000)).utf8)
        #expect(throws: StoreError.damaged(path: Self.root + "/" + Self.path,
                                           reason: "bad value at data[0].index: \"\(String(repeating: "9", count: 40))…\" is out of range")) {
            try store.decodeFeedSegment(bytes, path: Self.path)
        }
    }
}
