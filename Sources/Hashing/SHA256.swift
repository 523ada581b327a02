/// SHA-256 (FIPS 180-4), used to keep verification codes and session tokens
/// only as hashes.
public struct SHA256: Sendable {
    private var state: State = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// The bytes after the last whole block, fewer than 64.
    private var pending: [UInt8] = []
    private var totalLength: UInt64 = 0

    public init() { pending.reserveCapacity(64) }

    /// The digest of `bytes` in one call.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of the UTF-8 bytes of `text`, as lowercase hex.
    public static func hexDigest(_ text: String) -> String {
        Hex.encode(hash(Array(text.utf8)))
    }

    /// Adds `bytes`: straight from their storage when they are contiguous
    /// (arrays, slices, native strings' UTF-8), copied into an array first
    /// otherwise.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if done == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// Adds the bytes of `buffer`: whole 64-byte blocks are compressed where
    /// they lie, and only a partial block at either end is copied.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        totalLength &+= UInt64(buffer.count)
        var offset = 0
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            if !pending.isEmpty {
                let taken = min(64 - pending.count, buffer.count)
                pending.append(contentsOf: buffer[0..<taken])
                offset = taken
                guard pending.count == 64 else { return }
                pending.withUnsafeBytes { Self.compress(&state, block: $0, at: 0, schedule: w) }
                pending.removeAll(keepingCapacity: true)
            }
            while buffer.count - offset >= 64 {
                Self.compress(&state, block: buffer, at: offset, schedule: w)
                offset += 64
            }
        }
        if offset < buffer.count { pending.append(contentsOf: buffer[offset...]) }
    }

    public mutating func finalize() -> [UInt8] {
        let bitLength = totalLength &* 8
        // The padding of FIPS 180-4 §5.1.1: a one bit, zeros up to 56 bytes
        // into a block, then the length in bits as a 64-bit big-endian number.
        var tail = pending
        tail.append(0x80)
        let padded = tail.count <= 56 ? 64 : 128
        tail.append(contentsOf: repeatElement(0, count: padded - 8 - tail.count))
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            tail.withUnsafeBytes { bytes in
                for offset in stride(from: 0, to: padded, by: 64) {
                    Self.compress(&state, block: bytes, at: offset, schedule: w)
                }
            }
        }
        pending.removeAll()
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The block of `bytes` at `offset`, read as 16 big-endian words into
    /// `w` and compressed into `state`.
    @inline(__always)
    private static func compress(_ state: inout State, block bytes: UnsafeRawBufferPointer, at offset: Int,
                                 schedule w: UnsafeMutableBufferPointer<UInt32>) {
        let base = bytes.baseAddress! + offset
        for i in 0..<16 {
            w[i] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        }
        compress(&state, schedule: w)
    }

    /// The eight words of the chaining value.
    typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    /// The chaining value after the whole blocks hashed so far (HMAC keeps
    /// its padded keys' states and starts from them).
    var blockState: State {
        precondition(pending.isEmpty, "only whole blocks have a chaining value of their own")
        return state
    }

    /// One block (FIPS 180-4 §6.2.2): `w` holds the block's 16 big-endian
    /// words and has room for the 64 of the message schedule.
    static func compress(_ state: inout State, schedule w: UnsafeMutableBufferPointer<UInt32>) {
        for i in 16..<64 {
            let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
            let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for i in 0..<64 {
            let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ SHA256.roundConstants[i] &+ w[i]
            let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                 state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension UInt32 {
    @inline(__always) fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
