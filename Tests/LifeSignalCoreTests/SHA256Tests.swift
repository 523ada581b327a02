import LifeSignalCore
import Testing

/// NIST FIPS 180-4 / CAVP example vectors for SHA-256.
struct SHA256Tests {
    @Test(arguments: [
        ("empty", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("two-block", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("four-block", "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ("55 bytes", String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        ("56 bytes", String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        ("64 bytes", String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
    ])
    func knownVectors(id: String, input: String, expected: String) {
        #expect(SHA256.hexDigest(input) == expected, "\(id)")
    }

    @Test func millionAs() {
        let digest = SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(Hex.encode(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalEqualsOneShot() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = SHA256()
        for chunk in stride(from: 0, to: bytes.count, by: 37) {
            hasher.update(bytes[chunk..<min(chunk + 37, bytes.count)])
        }
        #expect(hasher.finalize() == SHA256.hash(bytes))
    }

    /// Every length around one and two blocks, split at every offset: the
    /// blocks hashed where they lie, the partial block kept between calls
    /// and a sequence without contiguous storage all give one digest.
    @Test func splitsAndSequencesAgree() {
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 200] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
            let whole = SHA256.hash(bytes)
            #expect(SHA256.hash(bytes.lazy.map { $0 }) == whole, "\(length) bytes, not contiguous")
            for split in 0...length {
                var hasher = SHA256()
                hasher.update(bytes[..<split])
                hasher.update(bytes[split...])
                #expect(hasher.finalize() == whole, "\(length) bytes split at \(split)")
            }
        }
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equals("abc", "abc"))
        #expect(!ConstantTime.equals("abc", "abd"))
        #expect(!ConstantTime.equals("abc", "abcd"))
        #expect(ConstantTime.equals("", ""))
    }
}
