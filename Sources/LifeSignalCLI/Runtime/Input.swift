import Glibc

/// Where input comes from: the terminal or a pipe, or a script in tests.
public protocol InputSource: AnyObject {
    var isTerminal: Bool { get }
    /// One line without its newline, nil at end of input. With `echo`
    /// false, typed characters are not shown (for codes).
    func readLine(echo: Bool) -> String?
    /// Everything up to end of input, at most `limit` bytes (nil: too large).
    func readAll(limit: Int) -> [UInt8]?
}

/// Standard input.
public final class StandardInput: InputSource {
    public let isTerminal = isatty(0) == 1
    public init() {}

    public func readLine(echo: Bool) -> String? {
        guard !echo, isTerminal else { return Swift.readLine(strippingNewline: true) }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return Swift.readLine(strippingNewline: true) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(0, TCSAFLUSH, &saved)
            _ = Glibc.write(2, "\n", 1)
        }
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

    public func readLine(echo: Bool) -> String? { lines.isEmpty ? nil : lines.removeFirst() }
    public func readAll(limit: Int) -> [UInt8]? { bytes.count > limit ? nil : bytes }
}
