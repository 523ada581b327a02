/// How a response body is delimited (RFC 9112 §6.3).
public enum BodyFraming: Equatable, Sendable {
    /// No body (1xx, 204, 304, or a response to HEAD).
    case none
    case length(Int)
    case chunked
    /// Everything until the server closes the connection.
    case untilClose

    init(head: ResponseHead, method: String) throws(HTTPHeadError) {
        if method == "HEAD" || head.status < 200 || head.status == 204 || head.status == 304 {
            self = .none
            return
        }
        let encodings = head.headers.values(of: "Transfer-Encoding")
        if !encodings.isEmpty {
            // Chunked must come last; anything else runs to the close (§6.3 rule 4).
            self = HTTPHeaders.same(encodings.last ?? "", "chunked") ? .chunked : .untilClose
            return
        }
        let lengths = head.headers.values(of: "Content-Length")
        guard let first = lengths.first else {
            self = .untilClose
            return
        }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
              first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let length = Int(first) else {
            throw HTTPHeadError("an invalid Content-Length \(ResponseHead.quoted(Array(lengths.joined(separator: ",").utf8)))")
        }
        self = .length(length)
    }
}

/// Takes one body's bytes out of the connection's buffer, as its framing says.
struct BodyReader {
    let framing: BodyFraming
    private var remaining: Int
    private var chunked = ChunkedDecoder()
    private var closed = false

    init(_ framing: BodyFraming) {
        self.framing = framing
        if case .length(let length) = framing { remaining = length } else { remaining = 0 }
    }

    var isComplete: Bool {
        switch framing {
        case .none: true
        case .length: remaining == 0
        case .chunked: chunked.isDone
        case .untilClose: closed
        }
    }

    /// Whether the end of the connection is the end of the body.
    var endsAtClose: Bool { framing == .untilClose }

    mutating func finishAtClose() { closed = true }

    mutating func consume(_ input: ArraySlice<UInt8>, from index: inout Int, into output: inout [UInt8]) throws(HTTPHeadError) {
        switch framing {
        case .none:
            return
        case .length:
            let count = min(remaining, input.endIndex - index)
            output.append(contentsOf: input[index..<(index + count)])
            index += count
            remaining -= count
        case .chunked:
            try chunked.decode(input, from: &index, into: &output)
        case .untilClose:
            output.append(contentsOf: input[index...])
            index = input.endIndex
        }
    }
}
