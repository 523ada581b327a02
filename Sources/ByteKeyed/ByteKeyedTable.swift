/// A small map from `String` keys to values, kept sorted by the keys' UTF-8
/// bytes, for the path-keyed tables a command builds (staged changes, the
/// store layout's cache, directories found safe, a set-up's places).
///
/// Why not `Dictionary`: the first `String`-keyed hash table a process builds
/// costs the Swift runtime one scan of every protocol conformance record in the
/// binary (more than a tenth of what `status` costs). Sorted arrays searched
/// by `memcmp` need no conformance looked up at run time. Most tables hold a
/// few to a few thousand keys, a whole-store look (`doctor`, `store copy`)
/// hundreds of thousands: the keys are kept in sorted runs of at most 256,
/// so an insert anywhere moves one run's entries at most. Keys inserted in
/// ascending order (as listings and sorted copies arrive) are appended
/// without moving anything.
///
/// Keys are equal when their bytes are, and ordered by their bytes: unlike
/// `String`'s `==`, two spellings of one accented letter (precomposed or
/// combining) are two keys, as they are two names to a file system. For
/// keys in Unicode normal form C (every ASCII key among them) the order is
/// `String`'s `<`.
public struct ByteKeyedTable<Value> {
    /// The entries in runs of at most `runLimit` keys, ascending within and
    /// across runs; no run is empty. One sorted array would move every entry
    /// after an insertion point: a table filled out of order (a whole-store
    /// look reads a linked account's files ahead of its turn) would cost the
    /// square of its size. An insert moves at most one run's entries.
    @usableFromInline var runs: [Run]
    @usableFromInline var total: Int

    /// The most keys a run holds before it is split in two.
    @usableFromInline static var runLimit: Int { 256 }

    /// Some of the entries, ascending by key, without repeats.
    @usableFromInline
    struct Run {
        @usableFromInline var keys: [String]
        /// `values[i]` belongs to `keys[i]`.
        @usableFromInline var values: [Value]

        @inlinable
        init(keys: [String], values: [Value]) {
            self.keys = keys
            self.values = values
        }
    }

    /// Where a key is, or where it would be inserted: a run and a place in it.
    @usableFromInline
    struct Place {
        @usableFromInline var run: Int
        @usableFromInline var index: Int
        @usableFromInline var present: Bool

        @inlinable
        init(run: Int, index: Int, present: Bool) {
            self.run = run
            self.index = index
            self.present = present
        }
    }

    /// An empty table.
    @inlinable
    public init() {
        runs = []
        total = 0
    }

    /// The keys, ascending by their UTF-8 bytes.
    @inlinable
    public var keys: [String] { runs.count == 1 ? runs[0].keys : runs.flatMap(\.keys) }

    /// The values, in the order of their keys.
    @inlinable
    public var values: [Value] { runs.count == 1 ? runs[0].values : runs.flatMap(\.values) }

    /// The number of keys.
    @inlinable
    public var count: Int { total }

    /// Whether the table holds no key.
    @inlinable
    public var isEmpty: Bool { total == 0 }

    /// The value for `key`, or nil; setting nil removes the key.
    @inlinable
    public subscript(key: String) -> Value? {
        get {
            let found = place(of: key)
            return found.present ? runs[found.run].values[found.index] : nil
        }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// Whether `key` is in the table.
    @inlinable
    public func contains(_ key: String) -> Bool { place(of: key).present }

    /// Sets `key`'s value; returns the value it replaced, if any.
    @inlinable
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        let found = place(of: key)
        if found.present {
            let old = runs[found.run].values[found.index]
            runs[found.run].values[found.index] = value
            return old
        }
        insert(key, value, at: found)
        return nil
    }

    /// Removes `key`; returns its value, if it was there.
    @inlinable
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Value? {
        let found = place(of: key)
        guard found.present else { return nil }
        total -= 1
        runs[found.run].keys.remove(at: found.index)
        let old = runs[found.run].values.remove(at: found.index)
        if runs[found.run].keys.isEmpty { runs.remove(at: found.run) }
        return old
    }

    /// The entries `isIncluded` keeps, as a table (as `Dictionary.filter` answers).
    @inlinable
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> ByteKeyedTable {
        var kept = ByteKeyedTable()
        for element in self where try isIncluded(element) {
            // Ascending keys: each lands at the end.
            kept.insert(element.key, element.value, at: kept.place(of: element.key))
        }
        return kept
    }

    /// Whether any key starts with the bytes of `prefix`: one binary search,
    /// since such keys sort together right at or after `prefix` itself.
    @inlinable
    public func containsKey(withPrefix prefix: String) -> Bool {
        let found = place(of: prefix)
        guard found.run < runs.count, found.index < runs[found.run].keys.count else { return false }
        return ByteOrder.hasPrefix(runs[found.run].keys[found.index], prefix)
    }

    /// The keys that start with the bytes of `prefix`, ascending: one
    /// binary search, then only those keys (they sort together right at or
    /// after `prefix` itself).
    @inlinable
    public func keys(withPrefix prefix: String) -> [String] {
        var found = place(of: prefix)
        var keys: [String] = []
        while found.run < runs.count {
            let run = runs[found.run].keys
            while found.index < run.count {
                guard ByteOrder.hasPrefix(run[found.index], prefix) else { return keys }
                keys.append(run[found.index])
                found.index += 1
            }
            found.run += 1
            found.index = 0
        }
        return keys
    }

    /// Where `key` is, or where it would be inserted: in the first run whose
    /// last key is not below it, or at the end of the last run.
    @inlinable
    func place(of key: String) -> Place {
        guard let last = runs.last else { return Place(run: 0, index: 0, present: false) }
        // Appending in ascending order is the common case: one comparison.
        let atEnd = ByteOrder.compare(last.keys[last.keys.count - 1], key)
        if atEnd < 0 { return Place(run: runs.count - 1, index: last.keys.count, present: false) }
        if atEnd == 0 { return Place(run: runs.count - 1, index: last.keys.count - 1, present: true) }
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = low + (high - low) / 2
            let keys = runs[middle].keys
            if ByteOrder.compare(keys[keys.count - 1], key) < 0 { low = middle + 1 } else { high = middle }
        }
        let found = Self.search(runs[low].keys, key)
        return Place(run: low, index: found.index, present: found.present)
    }

    /// Inserts an absent key where `place(of:)` found room for it, splitting
    /// a run that grows past `runLimit`.
    @inlinable
    mutating func insert(_ key: String, _ value: Value, at place: Place) {
        total += 1
        guard place.run < runs.count else {
            runs.append(Run(keys: [key], values: [value]))
            return
        }
        let size = runs[place.run].keys.count
        if size == Self.runLimit, place.run == runs.count - 1, place.index == size {
            // Past the end of a full last run: a new run, so keys inserted in
            // ascending order fill their runs.
            runs.append(Run(keys: [key], values: [value]))
            return
        }
        runs[place.run].keys.insert(key, at: place.index)
        runs[place.run].values.insert(value, at: place.index)
        guard size + 1 > Self.runLimit else { return }
        let half = (size + 1) / 2
        let upper = Run(keys: Array(runs[place.run].keys[half...]), values: Array(runs[place.run].values[half...]))
        runs[place.run].keys.removeSubrange(half...)
        runs[place.run].values.removeSubrange(half...)
        runs.insert(upper, at: place.run + 1)
    }

    /// Where `key` is in one run's `keys`, or where it would be inserted to keep them sorted.
    @inlinable
    static func search(_ keys: [String], _ key: String) -> (index: Int, present: Bool) {
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
        @usableFromInline var run = 0
        @usableFromInline var position = 0

        @inlinable
        init(table: ByteKeyedTable) { self.table = table }

        @inlinable
        public mutating func next() -> Element? {
            guard run < table.runs.count else { return nil }
            let current = table.runs[run]
            defer {
                position += 1
                if position == current.keys.count { (run, position) = (run + 1, 0) }
            }
            return (current.keys[position], current.values[position])
        }
    }

    @inlinable
    public var underestimatedCount: Int { total }
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
extension ByteKeyedTable.Run: Sendable where Value: Sendable {}

extension ByteKeyedTable: Equatable where Value: Equatable {
    @inlinable
    public static func == (lhs: ByteKeyedTable, rhs: ByteKeyedTable) -> Bool {
        lhs.total == rhs.total && lhs.elementsEqual(rhs) { $0.key == $1.key && $0.value == $1.value }
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
        try [String: Value](zip(keys, values), uniquingKeysWith: { first, _ in first }).encode(to: encoder)
    }
}
