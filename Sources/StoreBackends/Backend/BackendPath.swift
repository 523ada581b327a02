/// The paths every backend takes: relative, `/` between components, no
/// empty, `.`-prefixed (hidden) or `..` components, no NUL, tab or newline,
/// at most 4096 bytes, and not `lock`, `gate` or `journal` at the top
/// (the directory backend's own files). The directory backend enforces the
/// same rules in `DurableFiles`; the conformance suite checks both agree.
package enum BackendPath {
    package static let reservedNames: [String] = ["lock", "gate", "journal"]

    /// Why `path` is not a file path a backend takes, or nil when it is.
    package static func fileProblem(_ path: String) -> String? {
        if path.isEmpty { return "it is empty" }
        if let problem = componentProblem(path) { return problem }
        if reservedNames.contains(path) { return "'\(path)' at the root is reserved for the store" }
        return nil
    }

    /// Why `path` is not a directory path (`""` is the top), or nil.
    package static func directoryProblem(_ path: String) -> String? {
        path.isEmpty ? nil : componentProblem(path)
    }

    /// One pass over the bytes, as `DurableFiles` checks the directory
    /// backend's paths: splitting into substrings and comparing Characters
    /// cost far more per path than the check itself, and an etcd command
    /// checks every key its first answer lists. Bytes also decide a
    /// component's first byte as the directory backend does (".\u{301}x"
    /// is hidden on both).
    private static func componentProblem(_ path: String) -> String? {
        if path.utf8.count > 4096 { return "it is longer than 4096 bytes" }
        var componentStart = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if componentStart { return "it must be relative, without empty components" }
                componentStart = true
                continue
            }
            if componentStart, byte == UInt8(ascii: ".") { return "components starting with '.' are reserved" }
            componentStart = false
            if byte == 0 || byte == 0x0A || byte == 0x09 { return "it contains a NUL, tab or newline" }
        }
        return componentStart ? "it must be relative, without empty components" : nil
    }

    /// Throws the store's error for a path that `problem` refuses.
    package static func check(_ path: String, _ problem: (String) -> String?) throws {
        if let reason = problem(path) {
            throw StoreError.io("invalid store path '\(path.prefix(80))': \(reason)")
        }
    }

    /// The names directly in `directory` among `paths` (files and the
    /// directories that hold them), sorted.
    package static func names<S: Sequence>(in directory: String, among paths: S) -> [String] where S.Element == String {
        let prefix = directory.isEmpty ? "" : directory + "/"
        var names = Set<String>()
        for path in paths where path.hasPrefix(prefix) {
            let rest = path.utf8.dropFirst(prefix.utf8.count)
            if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
                names.insert(String(decoding: rest[..<slash], as: UTF8.self))
            } else {
                names.insert(String(decoding: rest, as: UTF8.self))
            }
        }
        return names.sorted()
    }

    /// Whether `path` lies below `directory` (`""` holds everything).
    package static func isBelow(_ path: String, _ directory: String) -> Bool {
        directory.isEmpty || (path.hasPrefix(directory) && path.utf8.dropFirst(directory.utf8.count).first == UInt8(ascii: "/"))
    }

    /// The nearest directory that holds all of `directories` (`""` when
    /// they share none, or when there are none).
    package static func commonAncestor(of directories: [String]) -> String {
        guard var common = directories.first else { return "" }
        for directory in directories.dropFirst() {
            while !common.isEmpty, directory != common, !isBelow(directory, common) {
                common = common.lastIndex(of: "/").map { String(common[..<$0]) } ?? ""
            }
        }
        return common
    }
}
