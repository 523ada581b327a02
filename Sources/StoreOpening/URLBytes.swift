/// Byte classes for a URL's scheme, decided on UTF-8 bytes: Character's
/// Unicode properties (`isLetter`) cost far more than the check, and only
/// ASCII is allowed anyway.
enum URLBytes {
    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// A letter, a digit, or one of `also` (ASCII punctuation).
    static func isNameByte(_ byte: UInt8, also: StaticString) -> Bool {
        if isLetter(byte) || isDigit(byte) { return true }
        return UnsafeBufferPointer(start: also.utf8Start, count: also.utf8CodeUnitCount).contains(byte)
    }
}
