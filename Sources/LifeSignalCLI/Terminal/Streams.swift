import Glibc

/// Where output goes: a file descriptor, or a buffer in tests.
public protocol OutputSink: AnyObject {
    var isTerminal: Bool { get }
    /// Writes everything or throws; a short write is retried.
    func write(_ bytes: [UInt8]) throws(OutputFailure)
}

/// Writing to stdout or stderr failed.
public struct OutputFailure: Error, Sendable {
    public var errno: Int32
    public var isBrokenPipe: Bool { errno == EPIPE }
    public var message: String { String(cString: strerror(errno)) }
}

/// An output sink on a file descriptor.
public final class FileDescriptorSink: OutputSink {
    let descriptor: Int32
    public let isTerminal: Bool

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        isTerminal = isatty(descriptor) == 1
    }

    public func write(_ bytes: [UInt8]) throws(OutputFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFailure(errno: errno)
            }
            offset += written
        }
    }
}

/// Text output with a buffer, flushed at the end of a command (or per
/// line when following), so a failed write is always noticed.
public final class TextOutput {
    let sink: any OutputSink
    private var buffer: [UInt8] = []

    public init(_ sink: any OutputSink) { self.sink = sink }

    public var isTerminal: Bool { sink.isTerminal }

    /// The buffer is written out when it grows past this many bytes: few,
    /// large writes, and memory that stays flat however long the output.
    static let flushThreshold = 64 * 1024

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > Self.flushThreshold { try? flushIfLarge() }
    }

    /// Lets `render` append UTF-8 straight to the buffer, for output made
    /// in bulk that need not pass through a String.
    public func append(_ render: (inout [UInt8]) -> Void) {
        render(&buffer)
        if buffer.count > Self.flushThreshold { try? flushIfLarge() }
    }

    public func line(_ text: String = "") { write(text + "\n") }

    /// A line put before whatever is still buffered: a final error ahead of
    /// the hints the command left.
    public func lineFirst(_ text: String) { buffer.insert(contentsOf: (text + "\n").utf8, at: 0) }

    /// Raw bytes, for payloads that need not be text.
    public func writeBytes(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// Writes out what is buffered.
    public func flush() throws(OutputFailure) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try sink.write(buffer)
    }

    /// Failures of an early flush are kept for the final `flush`.
    private var pendingFailure: OutputFailure?
    private func flushIfLarge() throws {
        do { try flush() } catch { pendingFailure = error }
    }

    /// Flushes and reports any failure seen along the way.
    public func finish() throws(OutputFailure) {
        if let pendingFailure { throw pendingFailure }
        try flush()
    }
}

/// An output sink that keeps everything, for tests.
public final class BufferSink: OutputSink {
    public private(set) var bytes: [UInt8] = []
    public let isTerminal: Bool
    public init(isTerminal: Bool = false) { self.isTerminal = isTerminal }
    public func write(_ bytes: [UInt8]) throws(OutputFailure) { self.bytes += bytes }
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
