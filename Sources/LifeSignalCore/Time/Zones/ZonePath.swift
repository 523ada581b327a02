/// Paths as the machine's zone is found through them: links resolved by
/// hand, and a zone's name read off a path into a zoneinfo directory.
enum ZonePath {
    /// `path` made absolute against `directory` when relative, without
    /// `.`, `..` or repeated slashes (`..` at the root stays at the root).
    static func normalized(_ path: String, relativeTo directory: String = "/") -> String {
        let full = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The directory holding `path` (an absolute, normalized path).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The zone `path` names inside `directory`, or inside any directory
    /// named `zoneinfo` (tzdata installed elsewhere); nil for a path that
    /// is not in one or not a valid name there.
    static func zoneName(in path: String, directory: String) -> ZoneName? {
        let prefix = normalized(directory) + "/"
        var rest: Substring?
        if path.hasPrefix(prefix) {
            rest = path.dropFirst(prefix.count)
        } else if let marker = path.ranges(of: "/zoneinfo/").last {
            rest = path[marker.upperBound...]
        }
        guard let rest, !rest.isEmpty else { return nil }
        return try? ZoneName(validating: String(rest))
    }
}
