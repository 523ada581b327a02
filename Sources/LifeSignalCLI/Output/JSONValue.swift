import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// A JSON document built for output, with keys kept in the order written.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered(pretty: false) == rhs.rendered(pretty: false)
    }

    static func date(_ date: Date?) -> JSONValue { date.map { .string(ISO8601.format($0)) } ?? .null }
    static func id(_ id: EntityID?) -> JSONValue { id.map { .string($0.rawValue) } ?? .null }
    static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    /// The document as text: indented by two spaces, or on one line.
    public func rendered(pretty: Bool) -> String {
        var out: [UInt8] = []
        write(into: &out, pretty: pretty, depth: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .string(let text): JSONString.append(text, to: &out)
        case .array(let items):
            writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: items.count,
                           into: &out, pretty: pretty, depth: depth) { i, out in
                items[i].write(into: &out, pretty: pretty, depth: depth + 1)
            }
        case .object(let members):
            writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count,
                           into: &out, pretty: pretty, depth: depth) { i, out in
                JSONString.append(members[i].0, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                members[i].1.write(into: &out, pretty: pretty, depth: depth + 1)
            }
        }
    }

    private func writeContainer(open: UInt8, close: UInt8, count: Int, into out: inout [UInt8],
                                pretty: Bool, depth: Int, element: (Int, inout [UInt8]) -> Void) {
        out.append(open)
        if count == 0 { out.append(close); return }
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { out.append(UInt8(ascii: "\n")); out += [UInt8](repeating: 32, count: (depth + 1) * 2) }
            element(i, &out)
        }
        if pretty { out.append(UInt8(ascii: "\n")); out += [UInt8](repeating: 32, count: depth * 2) }
        out.append(close)
    }
}
