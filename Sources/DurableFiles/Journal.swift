/// The commit record of a multi-file transaction, `<root>/journal`.
///
/// Its appearance (by rename) is the commit point: from then on recovery
/// rolls the listed changes forward. The text format is one entry a line,
/// tab-separated, closed by a trailer with the entry count and an FNV-1a
/// checksum of everything before it, so any edit or truncation is detected
/// rather than half-applied:
///
///     durablefiles-journal 1
///     rename<TAB>dir/.a.json.tmp-0123456789abcdef<TAB>dir/a.json
///     delete<TAB>old/b.json
///     end<TAB>2<TAB>89abcdef01234567
struct Journal: Hashable, Sendable {
    /// A staged file and the path it replaces.
    struct Rename: Hashable, Sendable {
        var temporary: String
        var target: String
    }

    var renames: [Rename]
    var deletes: [String]

    private static let header = "durablefiles-journal 1"

    /// Directories whose entries the journal changes, sorted.
    var touchedDirectories: [String] {
        Set(renames.map { StorePath.parent($0.target) } + deletes.map(StorePath.parent)).sorted()
    }

    func encoded() -> [UInt8] {
        var text = Self.header + "\n"
        for rename in renames {
            text += "rename\t\(rename.temporary)\t\(rename.target)\n"
        }
        for path in deletes {
            text += "delete\t\(path)\n"
        }
        var bytes = Array(text.utf8)
        let trailer = "end\t\(renames.count + deletes.count)\t\(Self.hex(Self.checksum(bytes)))\n"
        bytes += Array(trailer.utf8)
        return bytes
    }

    /// Parses a journal; `path` names it in errors.
    static func decode(_ bytes: [UInt8], path: String) throws(DurableFilesError) -> Journal {
        func damaged(_ reason: String) -> DurableFilesError { .damaged(path: path, reason: reason) }

        guard bytes.last == 0x0A else { throw damaged("it does not end with a complete line") }
        guard let trailerStart = bytes.dropLast().lastIndex(of: 0x0A).map({ $0 + 1 }) else {
            throw damaged("it has no trailer")
        }
        let body = Array(bytes[..<trailerStart])
        let trailer = String(decoding: bytes[trailerStart..<(bytes.count - 1)], as: UTF8.self)
        let trailerFields = trailer.split(separator: "\t", omittingEmptySubsequences: false)
        guard trailerFields.count == 3, trailerFields[0] == "end", let count = Int(trailerFields[1]) else {
            throw damaged("its last line is not a valid trailer")
        }
        guard trailerFields[2] == Self.hex(Self.checksum(body)) else { throw damaged("its checksum does not match") }
        guard let text = String(validating: body, as: UTF8.self) else { throw damaged("it is not UTF-8") }

        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the final newline
        guard lines.first.map(String.init) == header else { throw damaged("it does not start with '\(header)'") }
        var journal = Journal(renames: [], deletes: [])
        for (number, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            do throws(DurableFilesError) {
                switch fields.first {
                case "rename" where fields.count == 3:
                    try validateRename(temporary: fields[1], target: fields[2])
                    journal.renames.append(Rename(temporary: fields[1], target: fields[2]))
                case "delete" where fields.count == 2:
                    try StorePath.validateFile(fields[1])
                    journal.deletes.append(fields[1])
                default:
                    throw damaged("line \(number + 2) is not a rename or delete entry")
                }
            } catch .invalidPath(let bad, let reason) {
                throw damaged("line \(number + 2) names an invalid path '\(bad)': \(reason)")
            }
        }
        let listed = journal.renames.count + journal.deletes.count
        guard listed == count else { throw damaged("it lists \(listed) entries, its trailer says \(count)") }
        return journal
    }

    /// A rename must move one of our temporary files onto its own sibling.
    private static func validateRename(temporary: String, target: String) throws(DurableFilesError) {
        try StorePath.validateFile(target)
        let name = StorePath.name(temporary)
        guard StorePath.isTemporaryName(name), StorePath.parent(temporary) == StorePath.parent(target) else {
            throw .invalidPath(temporary, reason: "it is not a temporary sibling of '\(target)'")
        }
        try StorePath.validateDirectory(StorePath.parent(temporary))
    }

    /// 64-bit FNV-1a: detects accidental and careless edits, cheaply.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Checks a commit journal without applying it, for read-only tools.
public enum JournalCheck {
    /// Why the journal at `path` could not be applied, or nil when it could.
    public static func problem(in bytes: [UInt8], path: String) -> String? {
        do {
            _ = try Journal.decode(bytes, path: path)
            return nil
        } catch .damaged(_, let reason) {
            return reason
        } catch {
            return error.description
        }
    }
}
