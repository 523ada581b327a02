import Glibc

/// Where input comes from: the terminal or a pipe, or a script in tests.
public protocol InputSource: AnyObject {
    var isTerminal: Bool { get }
    /// One line without its newline, nil at end of input. `prompt` is
    /// called just before reading, once typed characters are hidden when
    /// `echo` is false (so nothing typed after the question shows).
    func readLine(echo: Bool, prompt: () -> Void) -> String?
    /// Everything up to end of input, at most `limit` bytes (nil: too large).
    func readAll(limit: Int) -> [UInt8]?
}

/// Standard input.
public final class StandardInput: InputSource {
    public let isTerminal = isatty(0) == 1
    public init() {}

    public func readLine(echo: Bool, prompt: () -> Void) -> String? {
        var saved = termios()
        guard !echo, isTerminal, tcgetattr(0, &saved) == 0 else {
            prompt()
            return Swift.readLine(strippingNewline: true)
        }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        // TCSANOW, not TCSAFLUSH: an answer typed ahead must not be lost.
        tcsetattr(0, TCSANOW, &quiet)
        defer {
            tcsetattr(0, TCSANOW, &saved)
            // The Enter (or Ctrl-D) was not echoed either: end the line.
            _ = Glibc.write(2, "\n", 1)
        }
        prompt()
        return Swift.readLine(strippingNewline: true)
    }

    public func readAll(limit: Int) -> [UInt8]? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; return data.isEmpty ? nil : data }
            if count == 0 { return data }
            data += chunk[0..<count]
            if data.count > limit { return nil }
        }
    }
}

/// Input given in advance, for tests.
public final class ScriptedInput: InputSource {
    public let isTerminal: Bool
    private var lines: [String]
    private let bytes: [UInt8]

    public init(lines: [String] = [], bytes: [UInt8] = [], isTerminal: Bool = false) {
        self.lines = lines
        self.bytes = bytes
        self.isTerminal = isTerminal
    }

    public func readLine(echo: Bool, prompt: () -> Void) -> String? {
        prompt()
        return lines.isEmpty ? nil : lines.removeFirst()
    }
    public func readAll(limit: Int) -> [UInt8]? { bytes.count > limit ? nil : bytes }
}
