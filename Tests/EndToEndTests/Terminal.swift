import Foundation
import Glibc
import TestSupport

/// lifesignal on a pseudo-terminal: stdin, stdout and stderr are the
/// terminal, so it asks its questions; the test reads what a person would
/// see and types the answers, Ctrl-D included.
final class Terminal {
    private let master: Int32
    private let process = Process()
    /// Everything the terminal has shown so far (typed text echoed where echo is on).
    private(set) var screen = ""
    private var seen = 0

    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        let screen: String
        var description: String { "timed out waiting for \(waitingFor.debugDescription); screen:\n\(screen)" }
    }

    /// - Parameter controlling: makes the terminal the program's controlling
    ///   terminal in a session of its own (through `setsid --ctty`), so that
    ///   Ctrl-C typed there reaches it as SIGINT.
    init(_ person: Person, _ arguments: [String], extra: [String: String] = [:], controlling: Bool = false) throws {
        // posix_openpt and friends are not visible through Glibc here; these
        // are what they do on Linux: open the multiplexer, unlock the new
        // terminal (TIOCSPTLCK) and ask its number (TIOCGPTN).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0,
              let slave = FileHandle(forUpdatingAtPath: "/dev/pts/\(number)") else {
            throw POSIXError(.ENOTTY)
        }
        if controlling {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            process.arguments = ["--ctty", "--wait", Binary.url.path] + arguments
        } else {
            process.executableURL = Binary.url
            process.arguments = arguments
        }
        process.environment = person.environment.merging(["NO_COLOR": "1", "TERM": "xterm"]) { $1 }.merging(extra) { $1 }
        process.currentDirectoryURL = person.home
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
        try slave.close()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Waits until `text` appears after what earlier waits consumed; returns
    /// everything shown up to and including it.
    @discardableResult
    func expect(_ text: String, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = screen.range(of: text, range: screen.index(screen.startIndex, offsetBy: seen)..<screen.endIndex) {
                let shown = String(screen[screen.index(screen.startIndex, offsetBy: seen)..<range.upperBound])
                seen = screen.distance(from: screen.startIndex, to: range.upperBound)
                return shown
            }
            guard Date() < deadline, readSome(wait: 0.1) || process.isRunning else {
                throw Timeout(waitingFor: text, screen: screen)
            }
        }
    }

    /// Types a line and Enter.
    func type(_ line: String) {
        write(Array((line + "\n").utf8))
    }

    /// Ctrl-D at the start of a line: end of input.
    func endOfInput() {
        write([4])
    }

    /// Ctrl-C: the interrupt character, which the terminal turns into SIGINT
    /// for the program when it is the program's controlling terminal.
    func interrupt() {
        write([3])
    }

    /// SIGTERM, as a service manager or `kill` sends it.
    func terminate() {
        process.terminate()
    }

    /// Waits for the program to end and returns its status; the screen then
    /// holds everything it showed.
    func finish(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw Timeout(waitingFor: "the end", screen: screen) }
            _ = readSome(wait: 0.05)
        }
        while readSome(wait: 0.05) {}
        return process.terminationStatus
    }

    /// What appeared after the last `expect`.
    var rest: String { String(screen.dropFirst(seen)) }

    private func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what is there within `wait` seconds; false when nothing came.
    private func readSome(wait: Double) -> Bool {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(wait * 1000)) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        screen += String(decoding: buffer[0..<count], as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return true
    }
}
