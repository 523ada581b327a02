/// Why a JSON document could not be read into the value wanted, and where.
///
/// Syntax problems name the byte offset; problems with a well-formed value
/// name its place in the document (`data[3].title`), which is filled in on
/// the way out of the nested reads, so the fast path keeps no path at all.
public struct JSONReadError: Error, Equatable {
    public enum Kind: Equatable, Sendable {
        /// The bytes are not JSON: what is wrong at `offset`.
        case syntax(String)
        /// Well-formed, but another kind of value than the one wanted.
        case wrongType(expected: String, found: String)
        /// The right kind of value, but not an acceptable one.
        case badValue(String)
        case missingField(String)
        case duplicateField(String)
    }

    /// One step from the document's root towards the value.
    public enum PathComponent: Equatable, Sendable {
        case member(String)
        case index(Int)
    }

    public var kind: Kind
    /// Where the problem was found, counting bytes from 0.
    public var offset: Int
    /// Whether the document ended at `offset`: a truncated file.
    public var atEnd = false
    public var path: [PathComponent] = []

    public init(kind: Kind, offset: Int, atEnd: Bool = false, path: [PathComponent] = []) {
        self.kind = kind
        self.offset = offset
        self.atEnd = atEnd
        self.path = path
    }

    public static func syntax(_ problem: String, at offset: Int, atEnd: Bool = false) -> JSONReadError {
        JSONReadError(kind: .syntax(problem), offset: offset, atEnd: atEnd)
    }

    public static func badValue(_ problem: String, at offset: Int) -> JSONReadError {
        JSONReadError(kind: .badValue(problem), offset: offset)
    }

    /// The same error, seen from one level further out.
    public func within(_ component: PathComponent) -> JSONReadError {
        var error = self
        error.path.insert(component, at: 0)
        return error
    }

    /// One line, without the file's name (the caller adds it).
    public var reason: String {
        switch kind {
        case .syntax(let problem):
            atEnd ? "not valid JSON: the file ends early, at byte \(offset) (\(problem))"
                : "not valid JSON at byte \(offset): \(problem)"
        case .wrongType(let expected, let found): "wrong type\(place): expected \(expected), found \(found)"
        case .badValue(let problem): "bad value\(place): \(problem)"
        case .missingField(let name): "missing field \(Self.quoted(name))\(place)"
        case .duplicateField(let name): "field \(Self.quoted(name)) appears twice\(place)"
        }
    }

    /// ` at data[3].title`, or nothing at the root.
    private var place: String {
        guard !path.isEmpty else { return "" }
        var text = ""
        for component in path {
            switch component {
            case .member(let name): text += (text.isEmpty ? "" : ".") + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return " at " + text
    }

    /// Text from the file, quoted for a one-line message: at most 40
    /// characters, control characters, quotes and backslashes escaped.
    public static func quoted(_ text: some StringProtocol) -> String {
        var result = "\""
        for scalar in text.unicodeScalars.prefix(40) {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + (text.unicodeScalars.count > 40 ? "…\"" : "\"")
    }
}
