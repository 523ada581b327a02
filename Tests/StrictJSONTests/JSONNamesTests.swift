import StrictJSON
import TestSupport
import Testing

/// `JSONNames.index` finds a name whatever name it is told to expect.
struct JSONNamesTests {
    @Test func findsEveryNameFromEveryExpectedPosition() {
        let spelt = ["alert", "answerWindows", "chainWatch", "checkInCodes", "id", "lastName", "z", "ä"]
        let names = JSONNames(spelt)
        for expected in -1...spelt.count + 1 {
            for (position, name) in spelt.enumerated() {
                let found = Array(name.utf8).withUnsafeBufferPointer { names.index(of: $0, expected: expected) }
                #expect(found == position, "\(name) expecting \(expected)")
            }
            for other in ["", "aler", "alerts", "Alert", "zz", "a"] {
                let found = Array(other.utf8).withUnsafeBufferPointer { names.index(of: $0, expected: expected) }
                #expect(found == nil, "\(other) expecting \(expected)")
            }
        }
    }
}

/// `JSONNames.quotedMatch`, the shortcut for a member's name, finds only
/// what reading the string and looking it up finds.
struct QuotedNameMatchTests {
    /// What the general reading finds for the string at the start of
    /// `document`: the name's position and the offset after the string,
    /// or nil when it is no name of the table (or no string at all).
    static func generalMatch(_ document: [UInt8], _ names: JSONNames) -> (Int, Int)? {
        var reader = JSONReader(document)
        guard let text = try? reader.readStringUTF8() else { return nil }
        guard let index = text.withUnsafeBufferPointer({ names.index(of: $0) }) else { return nil }
        return (index, reader.offset)
    }

    @Test func matchesOnlyWhatTheGeneralReadingFinds() {
        // Plain names, one with a quote, one with a backslash, one with a
        // non-ASCII letter: only plain ones are taken by the shortcut.
        let spelt = ["a", "ab", "abc", "b\"c", "d\\e", "é", "id", "idx", "lastCheckIn", "z"]
        let names = JSONNames(spelt)
        var random = SeededGenerator(seed: 0x0B7EC7)
        let alphabet = Array("abcdeilxz\"\\ :,0é".utf8) + [0x00, 0x1F, 0x80, 0xFF]
        for _ in 0..<100_000 {
            var document: [UInt8] = [UInt8(ascii: "\"")]
            if Bool.random(using: &random) {
                document += Array(spelt.randomElement(using: &random)!.utf8)
            }
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                document.append(alphabet.randomElement(using: &random)!)
            }
            if Bool.random(using: &random) { document.append(UInt8(ascii: "\"")) }
            if Bool.random(using: &random) { document += Array(":1".utf8) }
            let first = Int.random(in: 0...spelt.count, using: &random)
            let quick = document.withUnsafeBufferPointer { names.quotedMatch(in: $0, at: 0, from: first) }
            guard let quick else { continue }
            let general = Self.generalMatch(document, names)
            #expect(general?.0 == quick.index && general?.1 == quick.end,
                    "\(String(decoding: document, as: UTF8.self)) from \(first)")
        }
    }

    @Test func findsPlainNamesFromTheFirstTriedOn() {
        let names = JSONNames(["alert", "b\"c", "id", "lastName"])
        func match(_ text: String, from first: Int) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { names.quotedMatch(in: $0, at: 0, from: first)?.index }
        }
        #expect(match(#""id": 1"#, from: 0) == 2)
        #expect(match(#""id": 1"#, from: 2) == 2)
        #expect(match(#""id": 1"#, from: 3) == nil)
        #expect(match(#""lastName""#, from: 1) == 3)
        #expect(match(#""b\"c""#, from: 0) == nil)
        #expect(match(#""\u0069d""#, from: 0) == nil)
        #expect(match(#""idx""#, from: 0) == nil)
        #expect(match(#""id"#, from: 0) == nil)
    }

    /// Names of every length up to 20 are compared whole (eight bytes at a
    /// time, then the last eight overlapping): a name that differs from a
    /// table's in any one byte is not taken for it.
    @Test func comparesEveryByteOfNamesOfEveryLength() {
        let spelt = (1...20).map { length in String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) }) }
        let names = JSONNames(spelt)
        for (position, name) in spelt.enumerated() {
            let quoted = Array(("\"" + name + "\"").utf8)
            for first in [0, position] {
                #expect(quoted.withUnsafeBufferPointer { names.quotedMatch(in: $0, at: 0, from: first)?.index } == position)
            }
            #expect(Array(name.utf8).withUnsafeBufferPointer { names.index(of: $0) } == position)
            for changed in name.utf8.indices {
                var other = Array(name.utf8)
                other[name.utf8.distance(from: name.utf8.startIndex, to: changed)] = UInt8(ascii: "Z")
                let document = [UInt8(ascii: "\"")] + other + [UInt8(ascii: "\"")]
                #expect(document.withUnsafeBufferPointer { names.quotedMatch(in: $0, at: 0, from: 0) } == nil, "\(other)")
                #expect(other.withUnsafeBufferPointer { names.index(of: $0) } == nil)
            }
        }
    }
}

/// A member's name read by `readMemberName` is found in its table whatever
/// name the reader expects next: by the quick match, or after it, among the
/// names it did not try.
struct MemberNameReadingTests {
    @Test func findsEveryNameWhateverIsExpected() throws {
        let spelt = ["alert", "b\"c", "d\\e", "id", "lastName", "é", "z"]
        let names = JSONNames(spelt)
        let written = [#""alert""#, #""b\"c""#, #""d\\e""#, #""id""#, #""lastName""#, #""é""#, #""z""#]
        let escaped = [#""\u0061lert""#, nil, nil, #""\u0069d""#, nil, #""\u00e9""#, nil]
        for expected in -1...spelt.count + 1 {
            for (position, text) in written.enumerated() {
                for spelling in [text, escaped[position]].compactMap({ $0 }) {
                    var reader = JSONReader(Array((spelling + ":1").utf8))
                    #expect(try reader.readMemberName(in: names, expected: expected) == position, "\(spelling) expecting \(expected)")
                    #expect(reader.peek() == UInt8(ascii: ":"))
                }
            }
            for unknown in [#""ale""#, #""alerts""#, #""ID""#, #""\u007a1""#, #""""#] {
                var reader = JSONReader(Array((unknown + ":1").utf8))
                #expect(try reader.readMemberName(in: names, expected: expected) == nil, "\(unknown) expecting \(expected)")
                #expect(reader.peek() == UInt8(ascii: ":"))
            }
        }
    }
}
