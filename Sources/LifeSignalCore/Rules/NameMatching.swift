/// Finds what a person means by a name among people they can see, the way
/// `contacts` finds a contact: without regard to case or accents, best
/// match first: the whole name, then a whole first or last name, then the
/// start of any of them.
public enum NameMatching {
    /// One person as a name can find them.
    public struct Candidate<Item> {
        public var item: Item
        public var full: String
        public var parts: [String]

        public init(_ item: Item, full: String, parts: [String]) {
            self.item = item
            self.full = full
            self.parts = parts.filter { !$0.isEmpty }
        }
    }

    /// The candidates at the best level that `query` reaches (none when it
    /// reaches none); more than one means the name is ambiguous.
    public static func best<Item>(_ query: String, among candidates: [Candidate<Item>]) -> [Item] {
        let folded = NameFolding.fold(query)
        guard !folded.isEmpty else { return [] }
        let keyed = candidates.map { ($0.item, full: NameFolding.fold($0.full), parts: $0.parts.map(NameFolding.fold)) }
        let tiers: [[Item]] = [
            keyed.filter { $0.full == folded }.map(\.0),
            keyed.filter { $0.parts.contains(folded) }.map(\.0),
            keyed.filter { entry in ([entry.full] + entry.parts).contains { $0.hasPrefix(folded) } }.map(\.0),
        ]
        return tiers.first { !$0.isEmpty } ?? []
    }

    /// Whether `text` can be the start of an ID (4 or more of its characters).
    public static func isIDPrefix(_ text: String) -> Bool {
        text.utf8.count >= 4 && text.utf8.allSatisfy {
            (48...57).contains($0) || (97...102).contains($0) || $0 == UInt8(ascii: "-")
        }
    }
}
