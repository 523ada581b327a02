/// HMAC-SHA256 (RFC 2104, FIPS 198-1) and PBKDF2 with it (RFC 8018 §5.2),
/// for secrets people choose, which are short and guessable: stored only
/// as a salted, deliberately slow hash (`CheckInCodeRules`).
public enum PBKDF2 {
    /// HMAC-SHA256 of `message` under `key`.
    public static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        Pads(key: key).hmac(message)
    }

    /// PBKDF2-HMAC-SHA256: `length` bytes derived from `password` and `salt`
    /// in `iterations` rounds.
    public static func deriveKey(password: [UInt8], salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8] {
        precondition(iterations >= 1 && length >= 1, "PBKDF2 needs at least one round and one byte")
        let pads = Pads(key: password)
        var key: [UInt8] = []
        var block: UInt32 = 1
        while key.count < length {
            key += pads.block(salt: salt, index: block, iterations: iterations)
            block += 1
        }
        return Array(key.prefix(length))
    }

    /// The key padded and XORed with ipad and opad, and the SHA-256 chaining
    /// values after each: every round then costs two compressions.
    private struct Pads {
        var inner: [UInt8]
        var outer: [UInt8]
        var innerState: SHA256.State
        var outerState: SHA256.State

        init(key: [UInt8]) {
            var padded = key.count > 64 ? SHA256.hash(key) : key
            padded += [UInt8](repeating: 0, count: 64 - padded.count)
            inner = padded.map { $0 ^ 0x36 }
            outer = padded.map { $0 ^ 0x5c }
            var hasher = SHA256()
            hasher.update(inner)
            innerState = hasher.blockState
            hasher = SHA256()
            hasher.update(outer)
            outerState = hasher.blockState
        }

        /// T_i of RFC 8018 §5.2: U_1 = HMAC(P, S || INT(i)), each later U the
        /// HMAC of the one before, all XORed together.
        func block(salt: [UInt8], index: UInt32, iterations: Int) -> [UInt8] {
            var u = Self.words(hmac(salt + Self.bigEndian(index)))
            var t = u
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for _ in 1..<iterations {
                    u = digest(of: u, from: innerState, schedule: w)
                    u = digest(of: u, from: outerState, schedule: w)
                    t = (t.0 ^ u.0, t.1 ^ u.1, t.2 ^ u.2, t.3 ^ u.3, t.4 ^ u.4, t.5 ^ u.5, t.6 ^ u.6, t.7 ^ u.7)
                }
            }
            return Self.bytes(t)
        }

        func hmac(_ message: [UInt8]) -> [UInt8] {
            var hasher = SHA256()
            hasher.update(inner)
            hasher.update(message)
            var outerHasher = SHA256()
            outerHasher.update(outer)
            outerHasher.update(hasher.finalize())
            return outerHasher.finalize()
        }

        /// SHA-256 of a padded key's block followed by a 32-byte message:
        /// one more block, the message and its padding (FIPS 180-4 §5.1.1).
        private func digest(of message: SHA256.State, from state: SHA256.State,
                            schedule w: UnsafeMutableBufferPointer<UInt32>) -> SHA256.State {
            (w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]) = message
            w[8] = 0x8000_0000
            for i in 9..<15 { w[i] = 0 }
            // 64 bytes of pad and 32 of message, in bits.
            w[15] = 96 * 8
            var result = state
            SHA256.compress(&result, schedule: w)
            return result
        }

        private static func bigEndian(_ value: UInt32) -> [UInt8] {
            [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
             UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
        }

        private static func words(_ bytes: [UInt8]) -> SHA256.State {
            func word(_ i: Int) -> UInt32 {
                UInt32(bytes[i * 4]) << 24 | UInt32(bytes[i * 4 + 1]) << 16 | UInt32(bytes[i * 4 + 2]) << 8 | UInt32(bytes[i * 4 + 3])
            }
            return (word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7))
        }

        private static func bytes(_ state: SHA256.State) -> [UInt8] {
            [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7].flatMap(bigEndian)
        }
    }
}
