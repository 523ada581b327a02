import Testing

import ByteKeyed
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
                    #expect(table.updateValue(step, forKey: key) == model.updateValue(step, forKey: key), "seed \(seed)")
                case 1:
                    #expect(table.removeValue(forKey: key) == model.removeValue(forKey: key), "seed \(seed)")
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
            }
            #expect(table.count == model.count, "seed \(seed)")
            #expect(table.isEmpty == model.isEmpty, "seed \(seed)")
            #expect(table.keys == Self.byteSorted(model.keys), "seed \(seed)")
            #expect(table.values == table.keys.map { model[$0] }, "seed \(seed)")
            #expect(table.map(\.key) == table.keys, "seed \(seed)")
            #expect(table.map(\.value) == table.values, "seed \(seed)")
        }
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
        #expect(set.insert("b"))
        #expect(set.insert("a"))
        #expect(!set.insert("b"))
        #expect(set.keys == ["a", "b"])
        #expect(set.contains("a") && !set.contains("c"))
        #expect(set.removeValue(forKey: "a") != nil)
        #expect(set.keys == ["b"])
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
