import FoundationEssentials
import Testing

@testable import ByteKeyed
import TestSupport

@Suite("ByteKeyedTable")
struct ByteKeyedTableTests {
    /// Keys from a small alphabet, so that random steps hit existing keys,
    /// prefixes of each other and neighbours often.
    static func randomKey(_ random: inout SeededGenerator) -> String {
        let alphabet: [Character] = ["a", "b", "/", "z", "0", ".", "é", "~"]
        let length = Int.random(in: 0...5, using: &random)
        return String((0..<length).map { _ in random.pick(alphabet) })
    }

    static func byteSorted(_ keys: some Sequence<String>) -> [String] {
        keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    @Test("random inserts, replacements and removals answer as a Dictionary does, keys in byte order")
    func againstDictionary() {
        for seed in UInt64(1)...200 {
            var random = SeededGenerator(seed: seed)
            var table = ByteKeyedTable<Int>()
            var model: [String: Int] = [:]
            for step in 0..<Int.random(in: 1...120, using: &random) {
                let key = Self.randomKey(&random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    let replaced = table.updateValue(step, forKey: key)
                    #expect(replaced == model.updateValue(step, forKey: key), "seed \(seed)")
                case 1:
                    let removed = table.removeValue(forKey: key)
                    #expect(removed == model.removeValue(forKey: key), "seed \(seed)")
                case 2:
                    table[key] = step
                    model[key] = step
                default:
                    let value: Int? = Bool.random(using: &random) ? nil : step
                    table[key] = value
                    model[key] = value
                }
                let probe = Self.randomKey(&random)
                #expect(table[probe] == model[probe], "seed \(seed) step \(step)")
                #expect(table.contains(probe) == (model[probe] != nil), "seed \(seed) step \(step)")
                #expect(table.containsKey(withPrefix: probe) == model.keys.contains { $0.utf8.starts(with: probe.utf8) },
                        "seed \(seed) step \(step)")
                #expect(table.keys(withPrefix: probe) == Self.byteSorted(model.keys.filter { $0.utf8.starts(with: probe.utf8) }),
                        "seed \(seed) step \(step)")
            }
            #expect(table.count == model.count, "seed \(seed)")
            #expect(table.isEmpty == model.isEmpty, "seed \(seed)")
            #expect(table.keys == Self.byteSorted(model.keys), "seed \(seed)")
            #expect(table.values == table.keys.map { model[$0] }, "seed \(seed)")
            #expect(table.map(\.key) == table.keys, "seed \(seed)")
            #expect(table.map(\.value) == table.values, "seed \(seed)")
        }
    }

    @Test("thousands of keys, inserted ahead of a cursor and removed at random, answer as a Dictionary does")
    func manyRuns() {
        var random = SeededGenerator(seed: 32)
        var table = ByteKeyedTable<Int>()
        var model: [String: Int] = [:]
        // As a whole-store look fills its tables: in ascending order, each
        // also bringing a partner's key from further ahead.
        for number in 0..<6_000 {
            let own = "accounts/\(100_000 + number)", partner = "accounts/\(100_000 + Int.random(in: number..<6_000, using: &random))"
            table[own] = number
            model[own] = number
            table[partner + "/contacts"] = -number
            model[partner + "/contacts"] = -number
            if Int.random(in: 0..<3, using: &random) == 0, let victim = model.keys.randomElement(using: &random) {
                #expect(table.removeValue(forKey: victim) == model.removeValue(forKey: victim))
            }
        }
        #expect(table.count == model.count)
        #expect(table.keys == Self.byteSorted(model.keys))
        #expect(table.values == table.keys.map { model[$0] })
        #expect(table.map(\.key) == table.keys)
        for key in model.keys.prefix(500) { #expect(table[key] == model[key]) }
        #expect(table.runs.count > 1)
        #expect(table.runs.allSatisfy { !$0.keys.isEmpty && $0.keys.count <= ByteKeyedTable<Int>.runLimit })
        #expect(table.filter { $0.value >= 0 }.keys == Self.byteSorted(model.filter { $0.value >= 0 }.keys))
        // Emptied, run by run.
        for key in model.keys { table.removeValue(forKey: key) }
        #expect(table.isEmpty && table.runs.isEmpty && table.keys.isEmpty)
    }

    @Test("keys inserted ascending, descending or shuffled end up the same", arguments: [
        ("ascending", [String]((0..<300).map { "feed/\(1000 + $0).json" })),
        ("descending", [String]((0..<300).map { "feed/\(1299 - $0).json" })),
        ("shuffled", [String]((0..<300).map { "feed/\(1000 + ($0 * 7919) % 300).json" })),
    ])
    func insertionOrders(id: String, keys: [String]) {
        var table = ByteKeyedTable<String>()
        for key in keys { table[key] = key + "!" }
        #expect(table.keys == Self.byteSorted(keys), "\(id)")
        #expect(table.count == 300, "\(id)")
        for key in keys { #expect(table[key] == key + "!", "\(id) \(key)") }
    }

    @Test("order and equality are by bytes", arguments: [
        // id, a, b, expected order of a against b
        ("equal", "accounts/a.json", "accounts/a.json", 0),
        ("empty first", "", "a", -1),
        ("prefix first", "feed", "feed/0001", -1),
        ("slash before letters", "a/b", "ab", -1),
        ("uppercase before lowercase", "Z", "a", -1),
        ("ASCII before multi-byte", "z", "é", -1),
        ("precomposed after combining", "\u{e9}", "e\u{301}", 1),
    ])
    func byteOrder(id: String, a: String, b: String, expected: Int) {
        #expect(ByteOrder.compare(a, b).signum() == expected, "\(id)")
        #expect(ByteOrder.compare(b, a).signum() == -expected, "\(id)")
        #expect(a.utf8.lexicographicallyPrecedes(b.utf8) == (expected < 0), "\(id)")
    }

    @Test("two spellings String calls equal are two keys, as they are two file names")
    func canonicalEquivalentsStayApart() {
        var table = ByteKeyedTable<Int>()
        table["caf\u{e9}"] = 1
        table["cafe\u{301}"] = 2
        #expect("caf\u{e9}" == "cafe\u{301}")
        #expect(table.count == 2)
        #expect(table["caf\u{e9}"] == 1)
        #expect(table["cafe\u{301}"] == 2)
    }

    @Test("a table used as a set inserts once and says so")
    func asSet() {
        var set = ByteKeyedTable<Void>()
        let first = set.insert("b")
        let second = set.insert("a")
        let again = set.insert("b")
        #expect(first && second && !again)
        #expect(set.keys == ["a", "b"])
        #expect(set.contains("a") && !set.contains("c"))
        let removed: Void? = set.removeValue(forKey: "a")
        #expect(removed != nil)
        #expect(set.keys == ["b"])
    }

    @Test("filter keeps the chosen entries in key order, as Dictionary.filter does")
    func filtering() {
        var random = SeededGenerator(seed: 7)
        var table = ByteKeyedTable<Int>()
        var model: [String: Int] = [:]
        for step in 0..<200 {
            let key = Self.randomKey(&random)
            table[key] = step
            model[key] = step
        }
        let kept = table.filter { $0.value % 3 == 0 }
        let expected = model.filter { $0.value % 3 == 0 }
        #expect(kept.keys == Self.byteSorted(expected.keys))
        #expect(kept.values == kept.keys.map { expected[$0] })
    }

    @Test("equal tables hold the same keys and values, however they were built")
    func equality() {
        var built = ByteKeyedTable<Int>()
        built["b"] = 2
        built["a"] = 1
        let literal: ByteKeyedTable<Int> = ["a": 1, "b": 2]
        let repeated: ByteKeyedTable<Int> = ["a": 9, "b": 2, "a": 1]
        #expect(built == literal)
        #expect(repeated == literal)
        #expect(built != ["a": 1, "b": 3])
        #expect(built != ["a": 1])
    }

    @Test("through Codable a table is the JSON object a Dictionary is")
    func codable() throws {
        let table: ByteKeyedTable<Int> = ["feed/2": 2, "a": 1, "z/é": 3]
        let model: [String: Int] = ["feed/2": 2, "a": 1, "z/é": 3]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(table) == encoder.encode(model))
        let decoded = try JSONDecoder().decode(ByteKeyedTable<Int>.self, from: encoder.encode(model))
        #expect(decoded == table)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ByteKeyedTable<Int>.self, from: Data("[1]".utf8)) }
    }

    @Test("the keys with a prefix, across runs: only those, in order")
    func keysWithPrefixAcrossRuns() {
        var table = ByteKeyedTable<Void>()
        // Filled out of order, so that the runs split: "b/…" spans several.
        for i in (0..<2_000).reversed() { table.insert("b/\(i)") }
        for name in ["a", "b", "b.", "b0", "c", "b/"] { table.insert(name) }
        let expected = Self.byteSorted((0..<2_000).map { "b/\($0)" })
        #expect(table.keys(withPrefix: "b/") == ["b/"] + expected)
        #expect(table.keys(withPrefix: "b/19") == expected.filter { $0.hasPrefix("b/19") })
        #expect(table.keys(withPrefix: "d").isEmpty)
        #expect(table.keys(withPrefix: "") == table.keys)
    }

    @Test("prefix search", arguments: [
        // id, keys, prefix, expected
        ("empty table", [String](), "", false),
        ("empty prefix", ["a"], "", true),
        ("exact key", ["feed"], "feed", true),
        ("longer key", ["feed/1"], "feed/", true),
        ("neighbour only", ["feeds", "fee"], "feed/", false),
        ("after every key", ["a", "b"], "c", false),
    ])
    func prefixSearch(id: String, keys: [String], prefix: String, expected: Bool) {
        var table = ByteKeyedTable<Void>()
        for key in keys { table.insert(key) }
        #expect(table.containsKey(withPrefix: prefix) == expected, "\(id)")
    }
}
