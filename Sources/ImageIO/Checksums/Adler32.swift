/// Adler-32, the checksum that closes a zlib stream (RFC 1950 §8.2).
///
/// Incremental: feed any number of chunks with `update`, read `value`.
public struct Adler32: Sendable, Equatable {
    private var low: UInt32 = 1
    private var high: UInt32 = 0

    /// The largest run of bytes whose sums cannot overflow 32 bits before
    /// the modulo is taken (the bound zlib documents as NMAX).
    private static let maxRun = 5552
    private static let modulus: UInt32 = 65521

    /// A checksum of no bytes.
    public init() {}

    /// The Adler-32 of everything fed so far.
    public var value: UInt32 { high << 16 | low }

    /// Feeds `bytes` into the checksum.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            fold(buffer)
        }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { fold($0) }
        }
    }

    /// The Adler-32 of `bytes` in one call.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }

    private mutating func fold(_ buffer: UnsafeBufferPointer<UInt8>) {
        var a = low
        var b = high
        var index = 0
        while index < buffer.count {
            let end = min(index + Self.maxRun, buffer.count)
            while index < end {
                a &+= UInt32(buffer[index])
                b &+= a
                index += 1
            }
            a %= Self.modulus
            b %= Self.modulus
        }
        low = a
        high = b
    }
}
