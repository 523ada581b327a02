// Generated; see UnicodeTableTests.
enum UnicodeWidthTables {
    static let zeroWidth: [UInt32] = []
    static let wide: [UInt32] = []
}
