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
        guard let base = buffer.baseAddress else { return }
        var a = low
        var b = high
        var index = 0
        while index < buffer.count {
            let end = min(index + Self.maxRun, buffer.count)
            while index + 8 <= end {
                let (sum, weighted) = Self.sums(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                b &+= 8 &* a &+ weighted
                a &+= sum
                index += 8
            }
            while index < end {
                a &+= UInt32(base[index])
                b &+= a
                index += 1
            }
            a %= Self.modulus
            b %= Self.modulus
        }
        low = a
        high = b
    }

    /// For eight bytes x0…x7 (x0 first): their sum, and Σ (8 − i) xi, which
    /// is what eight steps of `b += a` add to b beyond 8a. Computed in four
    /// 16-bit lanes at once (no lane can overflow): with pk = x2k + x2k+1,
    /// Σ (8 − i) xi = 2 Σ (4 − k) pk − Σ x2k+1, and multiplying by
    /// 0x0001_0001_0001_0001 turns lanes into prefix sums, whose own sum is
    /// Σ (4 − k) pk.
    @inline(__always)
    private static func sums(_ loaded: UInt64) -> (sum: UInt32, weighted: UInt32) {
        let word = UInt64(littleEndian: loaded)
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let ones: UInt64 = 0x0001_0001_0001_0001
        let odd = word >> 8 & lanes
        let pairs = (word & lanes) &+ odd
        let prefix = pairs &* ones
        let sum = UInt32(truncatingIfNeeded: prefix >> 48)
        let rising = UInt32(truncatingIfNeeded: (prefix &* ones) >> 48)
        let oddSum = UInt32(truncatingIfNeeded: (odd &* ones) >> 48)
        return (sum, 2 &* rising &- oddSum)
    }
}
