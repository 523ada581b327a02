import Foundation

/// A started `lifesignal` process whose output goes to files, so that it can
/// be killed at any instant and still be read, and so a test can wait for a
/// line that says it is ready instead of sleeping.
public final class Running: @unchecked Sendable {
    public let process = Process()
    private let outURL: URL
    private let errURL: URL

    /// - Parameter executable: the program; nil runs `arguments[0]` with the rest.
    public init(arguments: [String], environment: [String: String], directory: URL, stdin: String? = nil,
                stdoutPath: String? = nil, executable: String? = Binary.path) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ls-out-\(UUID().uuidString)")
        outURL = scratch.appendingPathExtension("out")
        errURL = scratch.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable ?? arguments[0])
        process.arguments = executable == nil ? Array(arguments.dropFirst()) : arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        if let stdoutPath {
            process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        } else {
            process.standardOutput = try FileHandle(forWritingTo: outURL)
        }
        process.standardError = try FileHandle(forWritingTo: errURL)
        if let stdin {
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(Data(stdin.utf8))
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
    }

    public var pid: Int32 { process.processIdentifier }

    /// What the process has written to stdout and stderr so far.
    public var stdoutSoFar: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    public var stderrSoFar: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    /// Waits until `ready` holds for (stdout, stderr) so far; false when the
    /// process exits or `timeout` seconds pass first.
    public func waitFor(timeout: Double = 30, _ ready: (_ stdout: String, _ stderr: String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if ready(stdoutSoFar, stderrSoFar) { return true }
            if !process.isRunning { return ready(stdoutSoFar, stderrSoFar) }
            usleep(5000)
        }
        return false
    }

    /// Sends `signal` (SIGTERM, SIGINT…), if it is still running.
    public func signal(_ signal: Int32) {
        if process.isRunning { Foundation.kill(process.processIdentifier, signal) }
    }

    /// SIGKILL, if it is still running.
    public func kill() { signal(SIGKILL) }

    /// Waits (killing it after `timeout` seconds, which counts as a hang).
    public func wait(timeout: Double = 60) -> RunResult {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2000) }
        var hung = false
        if process.isRunning {
            hung = true
            Foundation.kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        var err = stderrSoFar
        if hung { err += "\n[test harness: killed after hanging for \(timeout) s]" }
        return RunResult(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                         stdout: stdoutSoFar, stderr: err)
    }
}
