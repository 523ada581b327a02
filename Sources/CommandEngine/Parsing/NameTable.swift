/// Values by name, for the handful of options one command line sets.
///
/// A linear look-up over a few names costs less than hashing them, and it
/// keeps a run that needs no other hash table (`--version`) from paying for
/// the Swift runtime's first `String`-keyed one: building its metadata
/// scans the binary's conformance records for `String: Hashable`
/// (more than the rest of `--version` costs).
struct NameTable<Value> {
    private var names: [String] = []
    private var values: [Value] = []

    init() {}

    /// The value set for `name`; setting nil removes it.
    subscript(name: String) -> Value? {
        get {
            guard let index = names.firstIndex(of: name) else { return nil }
            return values[index]
        }
        set {
            let index = names.firstIndex(of: name)
            switch (index, newValue) {
            case (let index?, let value?): values[index] = value
            case (let index?, nil):
                names.remove(at: index)
                values.remove(at: index)
            case (nil, let value?):
                names.append(name)
                values.append(value)
            case (nil, nil): break
            }
        }
    }

    /// The names that have a value, in the order they were first set.
    var keys: [String] { names }
}

extension NameTable: Sendable where Value: Sendable {}

extension NameTable: Equatable where Value: Equatable {
    /// The same names with equal values, in whatever order they were set.
    static func == (lhs: NameTable, rhs: NameTable) -> Bool {
        guard lhs.names.count == rhs.names.count else { return false }
        for (index, name) in lhs.names.enumerated() where rhs[name] != lhs.values[index] { return false }
        return true
    }
}
