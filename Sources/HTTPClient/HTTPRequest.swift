/// An HTTP/1.1 request: a method, a target, header fields and a body.
/// `Host` and `Content-Length` are always written by the client itself.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The origin-form target: an absolute path with an optional query.
    public var target: String
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(method: String = "POST", target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The request as it goes on the wire, head and body in one buffer so it
    /// leaves in one write. `host` is the authority (`127.0.0.1:2379`, `[::1]:2379`).
    public func serialized(host: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + body.count + headers.fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 })
        append(method, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        append(target, to: &bytes)
        append(" HTTP/1.1\r\nHost: ", to: &bytes)
        append(host, to: &bytes)
        append("\r\nContent-Length: ", to: &bytes)
        append(String(body.count), to: &bytes)
        append("\r\n", to: &bytes)
        for field in headers.fields {
            append(field.name, to: &bytes)
            append(": ", to: &bytes)
            append(field.value, to: &bytes)
            append("\r\n", to: &bytes)
        }
        append("\r\n", to: &bytes)
        bytes += body
        return bytes
    }

    private func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }
}

/// An HTTP response whose body has been read whole.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var reason: String
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int, reason: String, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }
}
