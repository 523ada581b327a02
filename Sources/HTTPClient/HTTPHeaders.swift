/// Header fields in the order received; names compare case-insensitively.
public struct HTTPHeaders: Equatable, Sendable, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []

    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0 == $1 }
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// The first value of `name`.
    public subscript(name: String) -> String? {
        fields.first { Self.same($0.name, name) }?.value
    }

    /// Every value of `name`, each comma-separated list split into its items.
    public func values(of name: String) -> [String] {
        var values: [String] = []
        for field in fields where Self.same(field.name, name) {
            guard field.value.utf8.contains(UInt8(ascii: ",")) else {
                values.append(field.value)
                continue
            }
            for item in field.value.utf8.split(separator: UInt8(ascii: ",")) {
                let trimmed = item.drop { $0 == 0x20 || $0 == 0x09 }
                var end = trimmed.endIndex
                while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == 0x20 || trimmed[trimmed.index(before: end)] == 0x09 {
                    end = trimmed.index(before: end)
                }
                values.append(String(Substring(trimmed[trimmed.startIndex..<end])))
            }
        }
        return values
    }

    /// Whether the list header `name` has the token `token` (case-insensitively).
    public func contains(_ name: String, token: String) -> Bool {
        values(of: name).contains { Self.same($0, token) }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// ASCII case-insensitive equality (header names and tokens are ASCII).
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var other = b.utf8.makeIterator()
        for byte in a.utf8 where lower(byte) != lower(other.next() ?? 0) { return false }
        return true
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
