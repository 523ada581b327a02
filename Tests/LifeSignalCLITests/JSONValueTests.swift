@testable import LifeSignalCLI
import Foundation
import Testing

struct JSONValueTests {
    @Test(arguments: [
        ("plain", "abc", "\"abc\""),
        ("quote and backslash", "a\"b\\c", "\"a\\\"b\\\\c\""),
        ("control characters", "a\nb\t\u{01}", "\"a\\nb\\t\\u0001\""),
        ("unicode stays", "Zoë 日本", "\"Zoë 日本\""),
    ])
    func escapesStrings(id: String, text: String, expected: String) {
        #expect(JSONValue.string(text).rendered(pretty: false) == expected, "\(id)")
    }

    @Test func keepsKeyOrderAndParsesBack() throws {
        let value = JSONValue.object([("b", .int(1)), ("a", .array([.bool(true), .null, .string("x")])), ("c", .object([]))])
        #expect(value.rendered(pretty: false) == "{\"b\":1,\"a\":[true,null,\"x\"],\"c\":{}}")
        let parsed = try JSONSerialization.jsonObject(with: Data(value.rendered(pretty: true).utf8)) as? [String: Any]
        #expect(parsed?["b"] as? Int == 1)
    }
}
