/// What the last writer left in the lock file: "every record in the first
/// `journalLength` bytes of the journal has been applied to the files, in
/// the page cache of boot `boot`".
///
/// It is written without fsync, on purpose. A process that dies mid-commit
/// leaves the page cache, and so the mark, as it was: the journal is longer
/// than the mark says, and the next access replays it. A power loss empties
/// the page cache; the boot then differs, and the next access replays the
/// journal whatever the disk kept of the mark. So when the mark matches the
/// journal and the boot, the files are the committed state and readers need
/// nothing else.
///
/// Text, one line: `applied <boot> <journal length>`.
struct AppliedMark: Hashable, Sendable {
    var boot: String
    var journalLength: Int

    func encoded() -> [UInt8] {
        Array("applied \(boot) \(journalLength)\n".utf8)
    }

    /// The mark in `bytes`, or nil for anything else (an empty lock file,
    /// a torn or foreign mark): then nothing is known to be applied.
    static func decode(_ bytes: [UInt8]) -> AppliedMark? {
        guard bytes.last == UInt8(ascii: "\n") else { return nil }
        let line = bytes.dropLast()
        // An ASCII line's characters are its bytes: read without the
        // generic UTF-8 validation and the array of fields, on every command
        // that opens the store.
        return line.allSatisfy { $0 < 0x80 } ? decodeASCII(line) : decodeText(line)
    }

    /// `decode` of an ASCII line (without its newline), by its bytes.
    static func decodeASCII(_ line: ArraySlice<UInt8>) -> AppliedMark? {
        let space = UInt8(ascii: " ")
        guard let first = line.firstIndex(of: space), let second = line[(first + 1)...].firstIndex(of: space),
              !line[(second + 1)...].contains(space), line[..<first].elementsEqual("applied".utf8), second > first + 1,
              let length = Int(String(decoding: line[(second + 1)...], as: UTF8.self)), length >= 0 else { return nil }
        return AppliedMark(boot: String(decoding: line[(first + 1)..<second], as: UTF8.self), journalLength: length)
    }

    /// `decode` of any line (without its newline), by its characters.
    static func decodeText(_ line: ArraySlice<UInt8>) -> AppliedMark? {
        guard let text = String(validating: line, as: UTF8.self) else { return nil }
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "applied", !fields[1].isEmpty,
              let length = Int(fields[2]), length >= 0 else { return nil }
        return AppliedMark(boot: String(fields[1]), journalLength: length)
    }
}
