import EtcdClient
import LifeSignalCore
import StoreBackends

/// Where a store is, parsed once from `--store`, `LIFESIGNAL_STORE` or a
/// `store copy` argument: a directory, or an etcd cluster's URL.
///
/// Anything that starts like a URL (`name:` before any `/`) is read as one,
/// so `etcd:/x` or a mistyped `htps://...` is an error rather than a
/// directory created in the working directory; a directory whose name looks
/// like that is written `./name:...`.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// A directory, by its absolute path without a trailing slash.
    case directory(String)
    /// A store under a key prefix of an etcd cluster.
    case etcd(EtcdURL)

    /// Reads `text`; a relative directory is taken from `workingDirectory`.
    public static func parse(_ text: String, workingDirectory: String) throws -> StoreLocation {
        guard !text.isEmpty else { throw StoreError.badLocation(text, reason: "it is empty") }
        if let scheme = urlScheme(of: text) {
            switch scheme.lowercased() {
            case "etcd", "etcds":
                do {
                    return .etcd(try EtcdURL(parsing: text))
                } catch {
                    throw StoreError.badLocation(text, reason: error.reason)
                }
            default:
                throw StoreError.badLocation(text, reason: "lifesignal knows no store of kind \(quoted(scheme + "://"))")
            }
        }
        guard !text.utf8.contains(0) else { throw StoreError.badLocation(text, reason: "it contains a NUL byte") }
        return .directory(normalized(text.hasPrefix("/") ? text : workingDirectory + "/" + text))
    }

    /// The directory, or the URL without any password, as people write it.
    public var description: String {
        switch self {
        case .directory(let path): path
        case .etcd(let location): location.description
        }
    }

    /// The scheme of a URL-like text: letters, digits, `+`, `-` or `.`
    /// after a letter, then `:`, before any `/`.
    private static func urlScheme(of text: String) -> String? {
        // No ':' byte, no ':' character: a directory is told without
        // breaking its path into graphemes, costly on a long path.
        guard text.utf8.contains(UInt8(ascii: ":")), let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.utf8.first, URLBytes.isLetter(first),
              scheme.utf8.allSatisfy({ URLBytes.isNameByte($0, also: "+-.") }) else { return nil }
        return String(scheme)
    }

    /// Without `.` components, repeated slashes or a trailing slash.
    /// One pass over the bytes: every command with a store runs this, and
    /// splitting into substrings and joining them again made the runtime
    /// build generic metadata for it at every run.
    private static func normalized(_ path: String) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = Array(path.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == slash {
            let length = end - start
            if length > 0, length > 1 || bytes[start] != dot {
                result.append(slash)
                result.append(contentsOf: bytes[start..<end])
            }
            start = end + 1
        }
        // Cut only at ASCII slashes, so the bytes stay the UTF-8 they were.
        return result.isEmpty ? "/" : String(decoding: result, as: UTF8.self)
    }
}
