/// A response's status line and header fields (RFC 9112 §4, §5).
public struct ResponseHead: Equatable, Sendable {
    public var minorVersion: Int
    public var status: Int
    public var reason: String
    public var headers: HTTPHeaders

    /// Limits against a peer that never stops sending header fields.
    public static let maximumSize = 64 * 1024
    public static let maximumFields = 128

    /// Parses a head ending with its empty line (`bytes` holds it all, CRLF
    /// or bare LF line ends), or says why it is not HTTP/1.x. Works on
    /// indices into `bytes`: every response passes through here. Throws
    /// rather than returning a `Result`, whose generic metadata each process
    /// would build at its first response.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTPHeadError) -> ResponseHead {
        var lines = LineCursor(bytes)
        guard let statusLine = lines.next(), !statusLine.isEmpty else { throw HTTPHeadError("the response is empty") }
        let prefix = Array("HTTP/1.".utf8)
        guard statusLine.count >= 12, statusLine.starts(with: prefix) else {
            throw HTTPHeadError("the server did not answer in HTTP/1.x (it began \(Self.quoted(statusLine)))")
        }
        let base = statusLine.startIndex
        let minor = statusLine[base + 7]
        let digits = statusLine[(base + 9)..<(base + 12)]
        guard isDigit(minor), statusLine[base + 8] == UInt8(ascii: " "), digits.allSatisfy(isDigit),
              statusLine.count == 12 || statusLine[base + 12] == UInt8(ascii: " ") else {
            throw HTTPHeadError("a malformed status line \(Self.quoted(statusLine))")
        }
        let status = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        let reason = statusLine.count > 13 ? String(decoding: statusLine[(base + 13)...], as: UTF8.self) : ""
        var headers = HTTPHeaders()
        while let line = lines.next(), !line.isEmpty {
            guard headers.fields.count < maximumFields else { throw HTTPHeadError("more than \(maximumFields) header fields") }
            guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
                throw HTTPHeadError("a folded header line (obsolete line folding is refused)")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line[..<colon].allSatisfy(isTokenByte) else {
                throw HTTPHeadError("a malformed header line \(Self.quoted(line))")
            }
            var valueStart = colon + 1
            var valueEnd = line.endIndex
            while valueStart < valueEnd, isBlank(line[valueStart]) { valueStart += 1 }
            while valueEnd > valueStart, isBlank(line[valueEnd - 1]) { valueEnd -= 1 }
            let value = line[valueStart..<valueEnd]
            guard value.allSatisfy({ ($0 >= 0x20 && $0 != 0x7f) || $0 == 0x09 }) else {
                throw HTTPHeadError("a control character in header \(Self.quoted(line[..<colon]))")
            }
            headers.add(String(decoding: line[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
        return ResponseHead(minorVersion: Int(minor - UInt8(ascii: "0")), status: status, reason: reason, headers: headers)
    }

    /// The lines of a head, without their CRLF or LF.
    private struct LineCursor {
        let bytes: ArraySlice<UInt8>
        var position: Int

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        mutating func next() -> ArraySlice<UInt8>? {
            guard position < bytes.endIndex else { return nil }
            let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            var line = bytes[position..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            position = min(bytes.endIndex, end + 1)
            return line
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// RFC 9110 §5.6.2 token characters.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    package static func quoted(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(40).map { $0 < 0x20 || $0 >= 0x7f ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
        return "\"" + text + (bytes.count > 40 ? "…\"" : "\"")
    }
}

/// Why a response head could not be read.
public struct HTTPHeadError: Error, Equatable, Sendable {
    public var reason: String
    init(_ reason: String) { self.reason = reason }
}
