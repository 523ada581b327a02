import Glibc

/// Carries a command's output (stdout and stderr, through one pipe) to our
/// stderr a line at a time, each made harmless for a terminal
/// (`TerminalText.line`) and indented by two spaces.
///
/// The notify command is the user's, but what it prints is often what
/// others wrote: `jq -r .title` prints a title another account chose, escape
/// sequences, line breaks and all. So its output is shown like everything
/// else from others: harmless, and indented like the lines of a note after
/// its first, so that no line of it passes for one of lifesignal's own
/// ("error: ..."). And bounded: at most `limit` bytes a run, lines of at most
/// `lineLimit` bytes, so a command that prints without end cannot flood
/// the terminal or the agent's log.
struct OutputRelay {
    /// The pipe's end we read, non-blocking.
    let descriptor: Int32
    private var pending: [UInt8] = []
    private var shown = 0
    private var cut = false
    private let write: ([UInt8]) -> Void
    /// With `init(passing:keeping:)`: how much of the end is kept, and what.
    private var keeping = 0
    private(set) var kept: [UInt8] = []
    private var passes = false

    static let limit = 64 << 10
    static let lineLimit = 4 << 10

    /// - Parameter write: where the harmless lines go (our stderr).
    init(descriptor: Int32, write: @escaping ([UInt8]) -> Void = OutputRelay.standardError) {
        self.descriptor = descriptor
        self.write = write
    }

    /// Passes everything to our stdout as it is (a command of the user's
    /// own, in the foreground, as if inherited) and keeps its last `bytes`.
    init(passing descriptor: Int32, keeping bytes: Int) {
        self.descriptor = descriptor
        write = { Self.write($0, to: 1) }
        keeping = bytes
        passes = true
    }

    /// Reads what the pipe holds now; false once it is at its end (every
    /// writer closed it).
    mutating func pump() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                take(chunk[..<count])
                continue
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK
        }
    }

    /// Shows what is left (a last line without its line break), and says
    /// when output was left out.
    mutating func finish() {
        guard !passes else { return }
        if !pending.isEmpty { show(pending[...]) }
        pending = []
        if cut { write(Array("(the command's further output was not shown)\n".utf8)) }
    }

    private mutating func take(_ bytes: ArraySlice<UInt8>) {
        if passes {
            write(Array(bytes))
            kept.append(contentsOf: bytes.suffix(keeping))
            if kept.count > keeping { kept.removeFirst(kept.count - keeping) }
            return
        }
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                show(pending[...])
                pending.removeAll(keepingCapacity: true)
            } else if pending.count < Self.lineLimit {
                pending.append(byte)
            }
        }
    }

    private mutating func show(_ line: ArraySlice<UInt8>) {
        guard !cut, shown + line.count < Self.limit else {
            cut = true
            return
        }
        shown += line.count + 1
        write(Array(("  " + TerminalText.line(String(decoding: line, as: UTF8.self)) + "\n").utf8))
    }

    /// Writes to file descriptor 2, where the command's output went before
    /// it was read here; a failed write loses only that output.
    static func standardError(_ bytes: [UInt8]) { write(bytes, to: 2) }

    /// Writes all of `bytes` to `descriptor`; a failed write loses only them.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
