/// A small map from `String` keys to values, kept sorted by the keys' UTF-8
/// bytes, for the path-keyed tables a command builds (staged changes, the
/// store layout's cache, directories found safe, a set-up's places).
///
/// Why not `Dictionary`: the first `String`-keyed hash table a process builds
/// costs the Swift runtime one scan of every protocol conformance record in the
/// binary (more than a tenth of what `status` costs). Two sorted arrays
/// searched by `memcmp` need no conformance looked up at run time, and the
/// tables involved hold a few to a few thousand keys. Keys inserted in
/// ascending order (as listings and sorted copies arrive) are appended without
/// moving anything.
///
/// Keys are equal when their bytes are, and ordered by their bytes: unlike
/// `String`'s `==`, two spellings of one accented letter (precomposed or
/// combining) are two keys, as they are two names to a file system. For
/// keys in Unicode normal form C (every ASCII key among them) the order is
/// `String`'s `<`.
public struct ByteKeyedTable<Value> {
    /// The keys, ascending by their UTF-8 bytes, without repeats.
    @usableFromInline var storedKeys: [String]
    /// `storedValues[i]` belongs to `storedKeys[i]`.
    @usableFromInline var storedValues: [Value]

    /// An empty table.
    @inlinable
    public init() {
        storedKeys = []
        storedValues = []
    }

    /// The keys, ascending by their UTF-8 bytes.
    @inlinable
    public var keys: [String] { storedKeys }

    /// The values, in the order of their keys.
    @inlinable
    public var values: [Value] { storedValues }

    /// The number of keys.
    @inlinable
    public var count: Int { storedKeys.count }

    /// Whether the table holds no key.
    @inlinable
    public var isEmpty: Bool { storedKeys.isEmpty }

    /// The value for `key`, or nil; setting nil removes the key.
    @inlinable
    public subscript(key: String) -> Value? {
        get {
            let found = Self.search(storedKeys, key)
            return found.present ? storedValues[found.index] : nil
        }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// Whether `key` is in the table.
    @inlinable
    public func contains(_ key: String) -> Bool { Self.search(storedKeys, key).present }

    /// Sets `key`'s value; returns the value it replaced, if any.
    @inlinable
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        let found = Self.search(storedKeys, key)
        if found.present {
            let old = storedValues[found.index]
            storedValues[found.index] = value
            return old
        }
        storedKeys.insert(key, at: found.index)
        storedValues.insert(value, at: found.index)
        return nil
    }

    /// Removes `key`; returns its value, if it was there.
    @inlinable
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Value? {
        let found = Self.search(storedKeys, key)
        guard found.present else { return nil }
        storedKeys.remove(at: found.index)
        return storedValues.remove(at: found.index)
    }

    /// The entries `isIncluded` keeps, as a table (as `Dictionary.filter` answers).
    @inlinable
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> ByteKeyedTable {
        var kept = ByteKeyedTable()
        for index in storedKeys.indices where try isIncluded((storedKeys[index], storedValues[index])) {
            // Ascending keys: each lands at the end.
            kept.storedKeys.append(storedKeys[index])
            kept.storedValues.append(storedValues[index])
        }
        return kept
    }

    /// Whether any key starts with the bytes of `prefix`: one binary search,
    /// since such keys sort together right at or after `prefix` itself.
    @inlinable
    public func containsKey(withPrefix prefix: String) -> Bool {
        let found = Self.search(storedKeys, prefix)
        return found.index < storedKeys.count && ByteOrder.hasPrefix(storedKeys[found.index], prefix)
    }

    /// Where `key` is, or where it would be inserted to keep `keys` sorted.
    @inlinable
    static func search(_ keys: [String], _ key: String) -> (index: Int, present: Bool) {
        // Appending in ascending order is the common case: one comparison.
        guard let last = keys.last else { return (0, false) }
        let atEnd = ByteOrder.compare(last, key)
        if atEnd < 0 { return (keys.count, false) }
        if atEnd == 0 { return (keys.count - 1, true) }
        var low = 0
        var high = keys.count - 1
        while low < high {
            let middle = low + (high - low) / 2
            let order = ByteOrder.compare(keys[middle], key)
            if order == 0 { return (middle, true) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }
}

extension ByteKeyedTable: Sequence {
    /// Each key with its value, in key order.
    public typealias Element = (key: String, value: Value)

    @inlinable
    public func makeIterator() -> Iterator { Iterator(table: self) }

    /// Walks a table in key order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let table: ByteKeyedTable
        @usableFromInline var position = 0

        @inlinable
        init(table: ByteKeyedTable) { self.table = table }

        @inlinable
        public mutating func next() -> Element? {
            guard position < table.storedKeys.count else { return nil }
            defer { position += 1 }
            return (table.storedKeys[position], table.storedValues[position])
        }
    }
}

extension ByteKeyedTable where Value == Void {
    /// Adds `key` to a table used as a set; false if it was there already.
    @inlinable
    @discardableResult
    public mutating func insert(_ key: String) -> Bool {
        updateValue((), forKey: key) == nil
    }
}

extension ByteKeyedTable: Sendable where Value: Sendable {}

extension ByteKeyedTable: Equatable where Value: Equatable {
    @inlinable
    public static func == (lhs: ByteKeyedTable, rhs: ByteKeyedTable) -> Bool {
        lhs.storedKeys == rhs.storedKeys && lhs.storedValues == rhs.storedValues
    }
}

extension ByteKeyedTable: ExpressibleByDictionaryLiteral {
    /// A table of the literal's pairs; a key given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init()
        for (key, value) in elements { updateValue(value, forKey: key) }
    }
}

/// As a JSON object through `Codable`, the same as a `[String: Value]`:
/// for the conformances tests and `doctor` compare store files with, never
/// on a command's path (a Dictionary is built on the way).
extension ByteKeyedTable: Codable where Value: Codable {
    public init(from decoder: any Decoder) throws {
        self.init()
        for (key, value) in try [String: Value](from: decoder) { updateValue(value, forKey: key) }
    }

    public func encode(to encoder: any Encoder) throws {
        // Keys String calls equal would collide in a Dictionary; the first is kept.
        try [String: Value](zip(storedKeys, storedValues), uniquingKeysWith: { first, _ in first }).encode(to: encoder)
    }
}
