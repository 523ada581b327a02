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
        fields.filter { Self.same($0.name, name) }.flatMap { field in
            field.value.split(separator: ",").map { String($0.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        }
    }

    /// Whether the list header `name` has the token `token` (case-insensitively).
    public func contains(_ name: String, token: String) -> Bool {
        values(of: name).contains { Self.same($0, token) }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
