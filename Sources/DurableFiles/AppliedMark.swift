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
        guard bytes.last == UInt8(ascii: "\n"), let text = String(validating: bytes.dropLast(), as: UTF8.self) else {
            return nil
        }
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "applied", !fields[1].isEmpty,
              let length = Int(fields[2]), length >= 0 else { return nil }
        return AppliedMark(boot: String(fields[1]), journalLength: length)
    }
}
