/// A connected, ordered, reliable stream of bytes: TCP, or TLS over TCP.
/// Reads and writes are bounded by deadlines.
public protocol ByteStream: AnyObject {
    /// Who is at the other end, for messages (`127.0.0.1:2379`).
    var peer: String { get }

    /// Writes every byte before `deadline`.
    func write(_ bytes: UnsafeRawBufferPointer, deadline: Deadline) throws(NetworkError)

    /// Reads what is there, waiting for at least one byte until `deadline`:
    /// the count, or 0 at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws(NetworkError) -> Int

    /// Whether an idle stream was closed by the peer (or has unasked-for
    /// input), so it must not carry another request.
    var isStale: Bool { get }

    func close()
}

extension ByteStream {
    public func write(_ bytes: [UInt8], deadline: Deadline) throws(NetworkError) {
        try bytes.withRawBytes { (raw) throws(NetworkError) in try write(raw, deadline: deadline) }
    }
}

extension Socket: ByteStream {
    public func write(_ bytes: UnsafeRawBufferPointer, deadline: Deadline) throws(NetworkError) {
        try send(bytes, deadline: deadline)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws(NetworkError) -> Int {
        try receive(into: buffer, deadline: deadline)
    }

    public var isStale: Bool { hasInputOrHangup }
}
