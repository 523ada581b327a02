/// Validation and composition of the relative paths the store manages.
///
/// A store path is relative to the store's root, uses `/` between
/// components, and has no empty, `.`, `..` or hidden (dot-prefixed)
/// components: hidden names are reserved for temporary files, and the root's
/// `lock`, `gate` and `journal` belong to the store.
enum StorePath {
    static let lockName = "lock"
    static let journalName = "journal"
    static let gateName = "gate"
    /// Names at the root that belong to the store.
    static let reservedNames: [String] = [lockName, gateName, journalName]
    private static let tempMarker = ".tmp-"
    private static let randomDigits = 16

    /// Checks a file path given by a caller.
    static func validateFile(_ path: String) throws(DurableFilesError) {
        if path.isEmpty { throw .invalidPath(path, reason: "it is empty") }
        try validateComponents(path)
        if reservedNames.contains(path) {
            throw .invalidPath(path, reason: "'\(path)' at the root is reserved for the store")
        }
    }

    /// Checks a directory path given by a caller; the empty path is the root.
    static func validateDirectory(_ path: String) throws(DurableFilesError) {
        if !path.isEmpty { try validateComponents(path) }
    }

    private static func validateComponents(_ path: String) throws(DurableFilesError) {
        // PATH_MAX; the journal spends two bytes on a path's length.
        if path.utf8.count > 4096 { throw .invalidPath(String(path.prefix(40)) + "…", reason: "it is longer than 4096 bytes") }
        // One pass over the bytes, component by component: splitting into
        // an array of substrings costs every command generic metadata
        // set-up at its first file. Over the contiguous bytes, not the
        // UTF-8 view: a status reads a few files per contact.
        var bytes = path
        if let reason = bytes.withUTF8(componentProblem) { throw .invalidPath(path, reason: reason) }
    }

    /// Why the path's components are not valid, nil when they are.
    private static func componentProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var componentStart = true
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if componentStart { return "it must be relative, without empty components" }
                componentStart = true
                continue
            }
            if componentStart, byte == UInt8(ascii: ".") {
                return "components starting with '.' are reserved"
            }
            componentStart = false
            if byte == 0 || byte == 0x0A || byte == 0x09 {
                return "it contains a NUL, tab or newline"
            }
        }
        return componentStart ? "it must be relative, without empty components" : nil
    }

    /// `root/relative`, or `root` for the empty path.
    static func join(_ root: String, _ relative: String) -> String {
        guard !relative.isEmpty else { return root }
        // One allocation: every file a command reads is named this way.
        var path = root
        path.reserveCapacity(root.utf8.count + 1 + relative.utf8.count)
        path += "/"
        path += relative
        return path
    }

    /// The directory part of a relative path (`""` for the root).
    static func parent(_ relative: String) -> String {
        guard let slash = relative.lastIndex(of: "/") else { return "" }
        return String(relative[..<slash])
    }

    /// The last component.
    static func name(_ relative: String) -> String {
        guard let slash = relative.lastIndex(of: "/") else { return relative }
        return String(relative[relative.index(after: slash)...])
    }

    /// A fresh temporary sibling of `relative`: `dir/.name.tmp-<16 hex digits>`.
    static func temporarySibling(of relative: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = String(generator.next() as UInt64, radix: 16)
        let padded = String(repeating: "0", count: randomDigits - digits.count) + digits
        let name = "." + name(relative) + tempMarker + padded
        let directory = parent(relative)
        return directory.isEmpty ? name : directory + "/" + name
    }

    /// Whether a directory entry name is one of our temporary files.
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let marker = Array(tempMarker.utf8)
        // "." + at least one character + marker + digits.
        guard bytes.count >= 2 + marker.count + randomDigits, bytes[0] == UInt8(ascii: ".") else { return false }
        let digitsStart = bytes.count - randomDigits
        let markerStart = digitsStart - marker.count
        guard Array(bytes[markerStart..<digitsStart]) == marker else { return false }
        return bytes[digitsStart...].allSatisfy { Character(Unicode.Scalar($0)).isHexDigit }
    }

    /// The parent of an absolute (or cwd-relative) directory path.
    static func parentOfDirectory(_ path: String) -> String? {
        // An ASCII path's characters are its bytes: the same answer without
        // breaking the text into graphemes, several calls on every command's
        // path through the store's ancestors.
        path.utf8.allSatisfy { $0 < 0x80 } ? asciiParentOfDirectory(path) : characterParentOfDirectory(path)
    }

    /// `parentOfDirectory` by characters, for any path.
    static func characterParentOfDirectory(_ path: String) -> String? {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.last == "/" { trimmed.removeLast() }
        guard trimmed != "/" else { return nil }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// `parentOfDirectory` of an ASCII path, by its bytes.
    static func asciiParentOfDirectory(_ path: String) -> String? {
        let slash = UInt8(ascii: "/")
        var trimmed = Substring(path).utf8
        while trimmed.count > 1, trimmed.last == slash { trimmed = trimmed.dropLast() }
        guard trimmed.count != 1 || trimmed.first != slash else { return nil }
        guard let last = trimmed.lastIndex(of: slash) else { return "." }
        return last == trimmed.startIndex ? "/" : String(Substring(trimmed[..<last]))
    }
}
