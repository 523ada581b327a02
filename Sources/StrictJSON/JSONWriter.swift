/// Writes one JSON document into bytes, value by value, placing commas by
/// itself: for documents built field by field (requests to a server), in
/// the order written. Strings are escaped as `JSONString` escapes them.
///
/// The caller keeps the shape right (a member's name before each value in
/// an object, containers closed in order); the writer does not check it.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value (or member) is not the first of its container.
    private var needsComma = false

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's name; its value is the next thing written.
    public mutating func key(_ name: String) {
        separate()
        JSONString.append(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ text: String) {
        separate()
        JSONString.append(text, to: &bytes)
        needsComma = true
    }

    public mutating func int(_ value: Int64) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// A value the caller writes as JSON text itself (`append` must add
    /// exactly one well-formed value), for encodings the writer does not
    /// know, such as base64 straight from bytes.
    public mutating func raw(_ append: (inout [UInt8]) -> Void) {
        separate()
        append(&bytes)
        needsComma = true
    }

    // Members: a name and its value in one call.

    public mutating func member(_ name: String, _ text: String) {
        key(name)
        string(text)
    }

    public mutating func member(_ name: String, _ value: Int64) {
        key(name)
        int(value)
    }

    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}
