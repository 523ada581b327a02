/// The parsed tokens of one deflate block, in a buffer allocated once.
///
/// A plain array would do, but a raw buffer of fixed capacity is appended
/// to without capacity checks or copy-on-write checks in the parse loops.
struct TokenBuffer: ~Copyable {
    private let storage: UnsafeMutableBufferPointer<MatchFinder.Token>
    private(set) var count = 0

    /// Room for `capacity` tokens; a block is emitted before it fills.
    init(capacity: Int) {
        storage = .allocate(capacity: max(1, capacity))
    }

    deinit { storage.deallocate() }

    var capacity: Int { storage.count }
    var isFull: Bool { count == storage.count }

    /// Appends a literal byte.
    @inline(__always)
    mutating func literal(_ byte: UInt8) {
        storage[count] = MatchFinder.Token(byte)
        count += 1
    }

    /// Appends a match of 3...258 bytes reaching 1...32768 bytes back.
    @inline(__always)
    mutating func match(length: Int, distance: Int) {
        storage[count] = MatchFinder.matchFlag | MatchFinder.Token(length - 3) << 16 | MatchFinder.Token(distance - 1)
        count += 1
    }

    /// The tokens so far.
    var tokens: UnsafeBufferPointer<MatchFinder.Token> {
        UnsafeBufferPointer(rebasing: storage[0..<count])
    }

    mutating func removeAll() { count = 0 }
}
