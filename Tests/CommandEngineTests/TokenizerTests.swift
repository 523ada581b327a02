@testable import CommandEngine
import Testing

@Suite struct TokenizerTests {
    struct ClassifyCase: CustomTestStringConvertible, Sendable {
        let word: String
        let kind: Token.Kind
        var testDescription: String { "'\(word)'" }
    }

    static let cases: [ClassifyCase] = [
        ClassifyCase(word: "status", kind: .word("status")),
        ClassifyCase(word: "-", kind: .word("-")),
        ClassifyCase(word: "", kind: .word("")),
        ClassifyCase(word: "--", kind: .terminator),
        ClassifyCase(word: "--json", kind: .long(name: "json", value: nil)),
        ClassifyCase(word: "--limit=5", kind: .long(name: "limit", value: "5")),
        ClassifyCase(word: "--note=", kind: .long(name: "note", value: "")),
        ClassifyCase(word: "--note=a=b", kind: .long(name: "note", value: "a=b")),
        ClassifyCase(word: "-q", kind: .shorts("q")),
        ClassifyCase(word: "-qn5", kind: .shorts("qn5")),
        ClassifyCase(word: "-5", kind: .shorts("5")),
        ClassifyCase(word: "a-b", kind: .word("a-b")),
        ClassifyCase(word: "é", kind: .word("é")),
    ]

    @Test(arguments: cases)
    func classifies(_ testCase: ClassifyCase) {
        #expect(ArgumentCursor.classify(testCase.word) == testCase.kind)
    }

    @Test func tokensRememberTheirPosition() {
        var cursor = ArgumentCursor(["a", "--b", "c", "--", "d"])
        #expect(cursor.next()?.position == 1)
        #expect(cursor.next()?.position == 2)
        #expect(cursor.nextValue()?.position == 3)
        #expect(cursor.next()?.kind == .terminator)
        let rest = cursor.rest()
        #expect(rest.words == ["d"])
        #expect(rest.position == 5)
        #expect(cursor.next() == nil)
    }

    struct DistanceCase: CustomTestStringConvertible, Sendable {
        let a: String
        let b: String
        let distance: Int
        var testDescription: String { "\(a)→\(b)" }
    }

    static let distances: [DistanceCase] = [
        DistanceCase(a: "", b: "abc", distance: 3),
        DistanceCase(a: "abc", b: "abc", distance: 0),
        DistanceCase(a: "stauts", b: "status", distance: 1),
        DistanceCase(a: "kitten", b: "sitting", distance: 3),
        DistanceCase(a: "ca", b: "abc", distance: 3),
        DistanceCase(a: "lsit", b: "list", distance: 1),
        DistanceCase(a: "remvoe", b: "remove", distance: 1),
    ]

    @Test(arguments: distances)
    func editDistance(_ testCase: DistanceCase) {
        let a = Array(testCase.a.unicodeScalars), b = Array(testCase.b.unicodeScalars)
        #expect(Suggestions.editDistance(a, b) == testCase.distance)
        #expect(Suggestions.editDistance(b, a) == testCase.distance)
    }

    struct SuggestionCase: CustomTestStringConvertible, Sendable {
        let input: String
        let expected: [String]
        var testDescription: String { input }
    }

    static let suggestions: [SuggestionCase] = [
        SuggestionCase(input: "stauts", expected: ["status"]),
        SuggestionCase(input: "st", expected: ["status"]),
        SuggestionCase(input: "s", expected: []),
        SuggestionCase(input: "STATUS", expected: ["status"]),
        SuggestionCase(input: "lst", expected: ["list"]),
        SuggestionCase(input: "xyz", expected: []),
        SuggestionCase(input: "notifcations", expected: ["notifications"]),
        SuggestionCase(input: "co", expected: ["completions", "contacts"]),
    ]

    @Test(arguments: suggestions)
    func suggests(_ testCase: SuggestionCase) {
        let names = ["status", "list", "notifications", "contacts", "completions", "tick"]
        #expect(Suggestions.nearest(to: testCase.input, among: names) == testCase.expected)
    }
}
