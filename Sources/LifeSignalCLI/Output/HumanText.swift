import FoundationEssentials
import LifeSignalCore

/// Text written for the store or by the rules, made ready for a person.
enum HumanText {
    /// `text` with every UTC timestamp the rules wrote into it
    /// (`2026-03-02T09:00:00Z`, as `ISO8601.format` writes them) shown in
    /// local time instead ("Mon 02 Mar 09:00").
    ///
    /// Stored messages keep UTC so that they mean the same on every
    /// machine sharing the store; each reader sees their own local time.
    static func localTimes(in text: String, now: Date? = nil) -> String {
        // The shortest stamp, `YYYY-MM-DDThh:mm:ssZ`, is 20 bytes; most
        // text has none, and is answered without a copy of its bytes.
        let hasT = text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "T")) }
            ?? text.utf8.contains(UInt8(ascii: "T"))
        guard text.utf8.count >= 20, hasT else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let end = stampEnd(bytes, from: index), let date = ISO8601.parse(utf8: bytes[index..<end]) {
                out += TimeText.local(date, now: now ?? date).utf8
                index = end
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where a stamp starting at `start` ends (after its `Z`), or nil: four
    /// digits, `-`, two, `-`, two, `T`, `hh:mm:ss`, optional `.fff`, `Z`,
    /// not glued to a digit before it.
    private static func stampEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        if start > 0, isDigit(bytes[start - 1]) { return nil }
        let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
        guard start + shape.count < bytes.count else { return nil }
        for (offset, expected) in shape.enumerated() {
            let byte = bytes[start + offset]
            if expected == UInt8(ascii: "d") ? !isDigit(byte) : byte != expected { return nil }
        }
        var index = start + shape.count
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "Z") else { return nil }
        return index + 1
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
