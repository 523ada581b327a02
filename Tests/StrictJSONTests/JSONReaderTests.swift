import FoundationEssentials
import StrictJSON
import TestSupport
import Testing

/// `JSONReader` on its own: the pieces the store's files are read with.
struct JSONReaderTests {
    static func reader(_ text: String) -> JSONReader { JSONReader(Array(text.utf8)) }

    @Test(arguments: [
        ("plain", #""abc""#, "abc"),
        ("empty", #""""#, ""),
        ("short escapes", #""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{c}\n\r\t"),
        ("unicode escapes", #""\u0041\u00e9\u00E9\u65e5""#, "Aéé日"),
        ("NUL", #""a\u0000b""#, "a\u{0}b"),
        ("surrogate pair", #""\ud83d\ude00\uD83D\uDE00""#, "😀😀"),
        ("raw non-ASCII", #""Zoë 日本 😀 👩‍👩‍👧""#, "Zoë 日本 😀 👩‍👩‍👧"),
        ("escape after non-ASCII", #""é\né""#, "é\né"),
        ("DEL and U+2028 raw", "\"\u{7f}\u{2028}\"", "\u{7f}\u{2028}"),
        ("long run", "\"" + String(repeating: "abcdefgh", count: 20) + "\\n\"", String(repeating: "abcdefgh", count: 20) + "\n"),
    ])
    func readsStrings(id: String, json: String, expected: String) throws {
        var reader = Self.reader(json)
        #expect(try reader.readDocument { reader throws(JSONReadError) in try reader.readString() } == expected, "\(id)")
    }

    @Test(arguments: [
        ("0", 0), ("-0", 0), ("7", 7), ("-12", -12), (" 42 ", 42),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ])
    func readsIntegers(json: String, expected: Int) throws {
        var reader = Self.reader(json)
        #expect(try reader.readDocument { reader throws(JSONReadError) in try reader.readInt() } == expected)
    }

    @Test(arguments: [
        ("1.5", "bad value: \"1.5\" is not an integer"),
        ("-9223372036854775809", "bad value: \"-9223372036854775809\" is out of range"),
        ("-", "not valid JSON: the file ends early, at byte 1 (expected a digit)"),
        ("1.", "not valid JSON: the file ends early, at byte 2 (expected a digit after the decimal point)"),
        ("1e", "not valid JSON: the file ends early, at byte 2 (expected a digit in the exponent)"),
        ("+1", "not valid JSON at byte 0: expected an integer"),
        ("true", "wrong type: expected an integer, found true"),
    ])
    func refusesOtherNumbers(json: String, reason: String) {
        var reader = Self.reader(json)
        #expect(throws: JSONReadError.self) { try reader.readDocument { reader throws(JSONReadError) in try reader.readInt() } }
        var again = Self.reader(json)
        do {
            _ = try again.readDocument { reader throws(JSONReadError) in try reader.readInt() }
        } catch {
            #expect(error.reason == reason)
        }
    }

    /// `levels` objects each holding an array in its member `a`, around a 1, then `closers`.
    static func nested(_ levels: Int, closers: String) -> String {
        String(repeating: #"{"a":["#, count: levels) + "1" + closers
    }

    /// What closes `levels` of `nested`.
    static func closers(_ levels: Int) -> String { String(repeating: "]}", count: levels) }

    /// Skipping checks everything reading would, and leaves the reader just past the value.
    @Test(arguments: [
        #"null"#, #"true"#, #"false"#, #"-0.5e+10"#, #""x\"y""#, #"[]"#, #"{}"#, #" [ 1 , [ [ ] ] , { "a" : { } } ] "#,
        #"{"a":[1,{"b":null}],"c":"\u00e9"}"#,
        // Deeper than the 64 containers kept as bits, objects and arrays mixed.
        Self.nested(50, closers: Self.closers(50)),
    ])
    func skipsValidValues(json: String) throws {
        var reader = Self.reader(json + ",")
        try reader.skipValue()
        reader.skipWhitespace()
        #expect(reader.peek() == UInt8(ascii: ","))
    }

    @Test(arguments: [#"[1,]"#, #"{"a":1,}"#, #"{"a"}"#, #"{a:1}"#, #"[1 2]"#, #"tru"#, #"nul"#, #"01"#, #"[}"#, #"{"a":1]"#,
                      #""\q""#, "\"\u{1}\"", #"["#, #"{"a":"#, #"""#,
                      // Closed by the wrong bracket below and above 64 levels.
                      Self.nested(50, closers: Self.closers(49) + "}}"), Self.nested(20, closers: Self.closers(19) + "}}")])
    func refusesBrokenValuesWhenSkipping(json: String) {
        var reader = Self.reader(json)
        #expect(throws: JSONReadError.self) { try reader.readDocument { reader throws(JSONReadError) in try reader.skipValue() } }
    }

    @Test func readsObjectsByName() throws {
        var reader = Self.reader(#"{"b": 2, "zz": [1, {"x": 1}], "a": 1, "\u0063": 3}"#)
        var seen: [String: Int] = [:]
        let names = JSONNames(["a", "b", "c"])
        try reader.readDocument { reader throws(JSONReadError) in
            try reader.readObject(names: names) { reader, member throws(JSONReadError) in
                guard let member else { return try reader.skipValue() }
                seen[names.names[member]] = try reader.readInt()
            }
        }
        #expect(seen == ["a": 1, "b": 2, "c": 3])
    }

    @Test func readsObjectsAsDictionaries() throws {
        var reader = Self.reader(#"{"b": 2, "a:1": 1, "\u0063": 3}"#)
        var seen: [String: Int] = [:]
        try reader.readDocument { reader throws(JSONReadError) in
            try reader.readDictionary { reader, name throws(JSONReadError) in seen[name] = try reader.readInt() }
        }
        #expect(seen == ["a:1": 1, "b": 2, "c": 3])
        var empty = Self.reader("{ }")
        try empty.readDocument { reader throws(JSONReadError) in
            try reader.readDictionary { _, name throws(JSONReadError) in Issue.record("a member \(name) in {}") }
        }
        for bad in [#"{"a": 1, "a": 2}"#, #"{"a": 1,}"#, #"{"a" 1}"#, "[1]", #"{"a": 1"#] {
            var reader = Self.reader(bad)
            #expect(throws: JSONReadError.self, "\(bad)") {
                try reader.readDocument { reader throws(JSONReadError) in
                    try reader.readDictionary { reader, _ throws(JSONReadError) in _ = try reader.readInt() }
                }
            }
        }
    }

    @Test func namesThePlaceOfAProblem() {
        var reader = Self.reader(#"{"list": [{"n": 1}, {"n": "two"}]}"#)
        let list = JSONNames(["list"])
        let n = JSONNames(["n"])
        do {
            try reader.readDocument { reader throws(JSONReadError) in
                try reader.readObject(names: list) { reader, _ throws(JSONReadError) in
                    try reader.readArray { reader, _ throws(JSONReadError) in
                        try reader.readObject(names: n) { reader, _ throws(JSONReadError) in _ = try reader.readInt() }
                    }
                }
            }
            Issue.record("accepted")
        } catch {
            #expect(error.reason == "wrong type at list[1].n: expected an integer, found a string")
        }
    }

    /// The UTF-8 check agrees with the standard library's on random bytes
    /// biased towards the tricky lead and continuation bytes.
    @Test func validatesUTF8LikeTheStandardLibrary() {
        var random = SeededGenerator(seed: 99)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
                                    0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Bool.random(using: &random) ? random.pick(interesting) : UInt8.random(in: 0...255, using: &random)
            }
            let valid = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalid(in: $0, 0..<bytes.count) == nil }
            #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
