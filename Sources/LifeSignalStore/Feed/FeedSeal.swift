import StoreCodecKit
/// The seal at the end of every feed segment lifesignal writes: a 64-bit
/// digest of the bytes before it, `{"data":[…],"schemaVersion":1,"seal":"<16 hex digits>"}`.
///
/// A listing of 20 used to check all of the newest segment's 100 items to
/// report damage anywhere in it (a million instructions). A segment whose
/// seal matches is byte for byte what lifesignal wrote after checking every
/// item, so only the items a command uses are read (each as strictly as
/// ever); any change to the file (damage, an edit, a truncation) breaks the
/// seal, and the file is then checked in full as before, so damage is
/// reported exactly as it always was. A segment without a seal (written
/// before seals, or by hand) is checked in full. Readers that do not know
/// the member skip it (`JSONDecoder` too).
///
/// The seal also promises the shape `SealedSegment` relies on to find the
/// items without reading them: the data is an array of flat objects (no
/// object or array inside an item), as `FeedItem`'s writer makes them. A
/// writer of items with nested values must seal them differently.
enum FeedSeal {
    /// What a sealed file starts with.
    static let head = Array(#"{"data":["#.utf8)
    /// What comes right before the seal: the envelope's version, 1.
    static let versionTail = Array(#","schemaVersion":1"#.utf8)
    static let sealOpen = Array(#","seal":""#.utf8)
    static let sealClose = Array("\"}\n".utf8)
    /// Bytes from the seal's start to the end of the file.
    static var tailLength: Int { sealOpen.count + 16 + sealClose.count }

    /// `unsealed` (a segment as `StoreCodec.encode` writes it, ending in
    /// `}` and a line break) with the seal added.
    static func seal(_ unsealed: [UInt8]) -> [UInt8] {
        precondition(unsealed.count >= 2 && unsealed.suffix(2).elementsEqual("}\n".utf8), "an envelope ends with } and a line break")
        var bytes = Array(unsealed.dropLast(2))
        let digest = Self.digest(bytes[...])
        bytes += sealOpen
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(hexDigits[Int(digest >> UInt64(shift) & 0xF)])
        }
        bytes += sealClose
        return bytes
    }

    /// The bytes of the data array (from its `[` to its `]`) when `bytes`
    /// carry a matching seal over a version 1 envelope; nil otherwise, and
    /// the file must then be checked in full.
    static func sealedArray(in bytes: [UInt8]) -> Range<Int>? {
        let sealStart = bytes.count - tailLength
        guard sealStart > head.count + versionTail.count,
              bytes[sealStart..<sealStart + sealOpen.count].elementsEqual(sealOpen),
              bytes[(bytes.count - sealClose.count)...].elementsEqual(sealClose),
              let written = hexValue(bytes[(sealStart + sealOpen.count)..<(bytes.count - sealClose.count)]),
              digest(bytes[..<sealStart]) == written else { return nil }
        let arrayEnd = sealStart - versionTail.count
        guard bytes[..<head.count].elementsEqual(head), bytes[arrayEnd..<sealStart].elementsEqual(versionTail),
              bytes[arrayEnd - 1] == UInt8(ascii: "]") else { return nil }
        return (head.count - 1)..<arrayEnd
    }

    /// A 64-bit digest, eight bytes at a time: each step is a bijection of
    /// the state for a given word, so a change confined to one word always
    /// changes it; the length is mixed in, so a truncation does too.
    static func digest(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var state: UInt64 = 0x6C69_6665_7369_676E ^ UInt64(bytes.count)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            func step(_ at: Int) {
                let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                state = (state ^ word) &* multiplier
                state ^= state >> 29
            }
            // Four words a turn of the loop (the same steps in the same
            // order): a listing checks a 32 KB segment's seal.
            while buffer.count - offset >= 32 {
                step(offset)
                step(offset + 8)
                step(offset + 16)
                step(offset + 24)
                offset += 32
            }
            while buffer.count - offset >= 8 {
                let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                state = (state ^ word) &* multiplier
                state ^= state >> 29
                offset += 8
            }
            var last: UInt64 = 0
            for (shift, byte) in buffer[offset...].enumerated() { last |= UInt64(byte) << UInt64(8 * shift) }
            state = (state ^ last) &* multiplier
            state ^= state >> 32
        }
        return state
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func hexValue(_ text: ArraySlice<UInt8>) -> UInt64? {
        guard text.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in text {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }
}
