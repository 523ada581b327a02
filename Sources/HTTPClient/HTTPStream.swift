import NetworkIO

/// A response whose body is read as it arrives (a watch), on a connection
/// of its own that is closed when the stream is.
public final class HTTPStream {
    public let head: ResponseHead
    private let connection: HTTPConnection
    private var reader: BodyReader
    private var lines = LineSplitter()

    /// What waiting on the stream brought.
    public enum Event: Equatable, Sendable {
        /// Body bytes, or one line of them (without its newline).
        case data([UInt8])
        /// Nothing arrived before the deadline; the stream is still usable.
        case idle
        /// The body ended as its framing says it should.
        case end
    }

    init(connection: HTTPConnection, head: ResponseHead, framing: BodyFraming) {
        self.connection = connection
        self.head = head
        reader = BodyReader(framing)
    }

    deinit { connection.close() }

    public var peer: String { connection.peer }

    /// The next body bytes that arrive before `deadline`.
    public func nextBytes(until deadline: Deadline) throws(HTTPError) -> Event {
        var output: [UInt8] = []
        let deadlines = ExchangeDeadlines(overall: deadline, io: deadline.remaining)
        while output.isEmpty {
            do {
                guard try connection.nextBodyBytes(&reader, into: &output, deadlines: deadlines, keepOnTimeout: true) else {
                    return output.isEmpty ? .end : .data(output)
                }
            } catch where error.kind == .network(.timedOut) {
                return output.isEmpty ? .idle : .data(output)
            }
        }
        return .data(output)
    }

    /// The next newline-terminated line of the body (newline-delimited JSON),
    /// however the sender cut its chunks. A body that ends inside a line is
    /// truncated.
    public func nextLine(until deadline: Deadline) throws(HTTPError) -> Event {
        while true {
            do {
                if let line = try lines.nextLine() { return .data(line) }
            } catch {
                connection.close()
                throw HTTPError(stage: .receiving, kind: .tooLarge, message: "\(peer): \(error.reason)")
            }
            switch try nextBytes(until: deadline) {
            case .data(let bytes): lines.append(bytes)
            case .idle: return .idle
            case .end:
                guard !lines.hasPartialLine else {
                    throw HTTPError(stage: .receiving, kind: .truncated, message: "\(peer): the stream ended inside a line")
                }
                return .end
            }
        }
    }

    public func close() { connection.close() }
}

/// Splits bytes into newline-terminated lines across arbitrary cuts.
public struct LineSplitter: Sendable {
    private var pending: [UInt8] = []
    private var start = 0
    /// Longer lines are refused (a watch message this large is not one).
    public var maximumLine: Int

    public init(maximumLine: Int = 64 << 20) {
        self.maximumLine = maximumLine
    }

    public mutating func append(_ bytes: [UInt8]) {
        if start > 0, start == pending.count {
            pending.removeAll(keepingCapacity: true)
            start = 0
        }
        pending += bytes
    }

    /// The next complete line, without its `\n` (and a `\r` before it).
    public mutating func nextLine() throws(HTTPHeadError) -> [UInt8]? {
        guard let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            guard pending.count - start <= maximumLine else { throw HTTPHeadError("a line longer than \(maximumLine) bytes") }
            return nil
        }
        var line = Array(pending[start..<newline])
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        start = newline + 1
        if start > 1 << 20 {
            pending.removeSubrange(0..<start)
            start = 0
        }
        return line
    }

    /// Whether bytes after the last newline are waiting for theirs.
    public var hasPartialLine: Bool { start < pending.count }
}
