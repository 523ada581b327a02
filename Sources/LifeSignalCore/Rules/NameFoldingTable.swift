// Generated; see UnicodeTableTests.
enum NameFoldingTable {
    static let bases: [UInt32] = []
}
