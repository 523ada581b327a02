import NetworkIO

/// One HTTP/1.1 connection: writes requests, reads response heads and
/// bodies framed by Content-Length, chunked encoding or the end of the
/// connection (RFC 9112 §6.3), and says whether it may carry another request.
final class HTTPConnection {
    let stream: any ByteStream
    /// The Host header's value.
    let authority: String
    /// Received bytes not yet used are `storage[start..<end]`.
    private var storage = [UInt8](repeating: 0, count: 16_384)
    private var start = 0
    private var end = 0
    /// False once anything leaves the connection in an unknown state.
    private(set) var isReusable = true

    init(stream: any ByteStream, authority: String) {
        self.stream = stream
        self.authority = authority
    }

    var peer: String { stream.peer }

    func close() {
        isReusable = false
        stream.close()
    }

    // MARK: Requests

    func send(_ request: HTTPRequest, deadlines: ExchangeDeadlines) throws(HTTPError) {
        do {
            try stream.write(request.serialized(host: authority), deadline: deadlines.nextIO())
        } catch {
            close()
            throw HTTPError(stage: .sending, error)
        }
    }

    // MARK: Response heads

    /// Reads a response head, skipping interim (1xx) responses.
    func readHead(deadlines: ExchangeDeadlines) throws(HTTPError) -> ResponseHead {
        while true {
            let head = try readOneHead(deadlines: deadlines)
            if head.status >= 200 || head.status == 101 { return head }
        }
    }

    private func readOneHead(deadlines: ExchangeDeadlines) throws(HTTPError) -> ResponseHead {
        // How far past `start` the search for the head's end has got (fill may move `start`).
        var scanned = 0
        var receivedAny = end > start
        while true {
            if let headEnd = Self.endOfHead(in: storage[start..<end], scanned: &scanned) {
                let head: ResponseHead
                do {
                    head = try ResponseHead.parse(storage[start..<headEnd])
                } catch {
                    close()
                    throw HTTPError(stage: .receiving, kind: .malformed, message: "\(peer): \(error.reason)")
                }
                start = headEnd
                return head
            }
            guard end - start <= ResponseHead.maximumSize else {
                close()
                throw HTTPError(stage: .receiving, kind: .tooLarge, message: "\(peer): a response head over \(ResponseHead.maximumSize) bytes")
            }
            let stage: HTTPError.Stage = receivedAny ? .receiving : .awaitingResponse
            guard try fill(deadlines: deadlines, stage: stage) else {
                close()
                throw HTTPError(stage: stage, kind: receivedAny ? .truncated : .network(.closed),
                                message: receivedAny ? "\(peer): the connection closed inside a response head"
                                    : "\(peer): the connection closed before any response")
            }
            receivedAny = true
        }
    }

    /// The offset just past the empty line ending a head, if it is there.
    private static func endOfHead(in bytes: ArraySlice<UInt8>, scanned: inout Int) -> Int? {
        var index = bytes.startIndex + max(0, scanned - 3)
        let end = bytes.endIndex
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            if newline + 1 < end, bytes[newline + 1] == UInt8(ascii: "\n") { return newline + 2 }
            if newline + 2 < end, bytes[newline + 1] == UInt8(ascii: "\r"), bytes[newline + 2] == UInt8(ascii: "\n") {
                return newline + 3
            }
            index = newline + 1
        }
        scanned = bytes.count
        return nil
    }

    // MARK: Bodies

    /// How the body after `head` is delimited, for a request of `method`.
    func framing(of head: ResponseHead, method: String) throws(HTTPError) -> BodyFraming {
        let framing: BodyFraming
        do {
            framing = try BodyFraming(head: head, method: method)
        } catch {
            close()
            throw HTTPError(stage: .receiving, kind: .malformed, message: "\(peer): \(error.reason)")
        }
        let closes = head.headers.contains("Connection", token: "close")
            || (head.minorVersion == 0 && !head.headers.contains("Connection", token: "keep-alive"))
        if closes || framing == .untilClose { isReusable = false }
        return framing
    }

    /// Reads a whole body of at most `limit` bytes.
    func readBody(_ framing: BodyFraming, deadlines: ExchangeDeadlines, limit: Int) throws(HTTPError) -> [UInt8] {
        var body: [UInt8] = []
        var reader = BodyReader(framing)
        var more = true
        while more {
            more = try nextBodyBytes(&reader, into: &body, deadlines: deadlines)
            guard body.count <= limit else {
                close()
                throw HTTPError(stage: .receiving, kind: .tooLarge, message: "\(peer): a response body over \(limit) bytes")
            }
        }
        return body
    }

    /// Appends the body bytes that are (or next become) available to `output`:
    /// false once the body is complete. Waits at most one I/O timeout; a
    /// timeout closes the connection unless `keepOnTimeout` (a stream that is
    /// merely quiet: nothing was lost, the caller may wait again).
    func nextBodyBytes(_ reader: inout BodyReader, into output: inout [UInt8], deadlines: ExchangeDeadlines,
                       keepOnTimeout: Bool = false) throws(HTTPError) -> Bool {
        if reader.isComplete { return false }
        if start < end {
            let before = start
            do {
                try reader.consume(storage[start..<end], from: &start, into: &output)
            } catch {
                close()
                throw HTTPError(stage: .receiving, kind: .malformed, message: "\(peer): \(error.reason)")
            }
            if reader.isComplete { return false }
            // Hand over what was decoded before waiting for more.
            if start > before { return true }
        }
        guard try fill(deadlines: deadlines, stage: .receiving, keepOnTimeout: keepOnTimeout) else {
            if reader.endsAtClose {
                reader.finishAtClose()
                isReusable = false
                return false
            }
            close()
            throw HTTPError(stage: .receiving, kind: .truncated,
                            message: "\(peer): the connection closed before the response body was complete")
        }
        return true
    }

    /// Reads more bytes into the buffer: false at the end of the stream.
    private func fill(deadlines: ExchangeDeadlines, stage: HTTPError.Stage, keepOnTimeout: Bool = false) throws(HTTPError) -> Bool {
        if start == end {
            start = 0
            end = 0
        } else if storage.count - end < 4096 {
            // Nearly full: move the unread bytes to the front, and grow when they fill half.
            if start > 0 {
                storage.replaceSubrange(0..<(end - start), with: storage[start..<end])
                end -= start
                start = 0
            }
            if end > storage.count / 2 { storage.append(contentsOf: repeatElement(0, count: storage.count)) }
        }
        let count: Int
        do {
            let from = end
            count = try storage.withMutableRawBytes { (raw) throws(NetworkError) in
                try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[from...]), deadline: deadlines.nextIO())
            }
        } catch {
            if !(keepOnTimeout && error.kind == .timedOut) { close() }
            throw HTTPError(stage: stage, deadlines.explain(error))
        }
        end += count
        return count > 0
    }
}
