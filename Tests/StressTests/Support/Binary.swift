import Foundation

/// The built `lifesignal` executable (`LIFESIGNAL_BINARY` overrides it).
enum Binary {
    static let path: String = {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["LIFESIGNAL_BINARY"] { candidates.append(explicit) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("lifesignal").path)
        candidates.append(runner.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lifesignal").path)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/lifesignal").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[candidates.count - 1]
    }()
}

/// What one run of the binary produced.
struct RunResult: CustomStringConvertible, Sendable {
    var status: Int32
    /// Whether the run was ended by a signal (then `status` is the signal).
    var signalled: Bool
    var stdout: String
    var stderr: String

    var description: String {
        "\(signalled ? "signal" : "exit") \(status)\nstdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))"
    }

    var succeeded: Bool { !signalled && status == 0 }

    /// stdout parsed as JSON, or nil when it is not JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed]) }
    var object: [String: Any]? { json as? [String: Any] }
    var array: [[String: Any]]? { json as? [[String: Any]] }
}

/// A started `lifesignal` process whose output goes to files, so that it can
/// be killed at any instant and still be read.
final class Running: @unchecked Sendable {
    let process = Process()
    private let outURL: URL
    private let errURL: URL

    /// - Parameter executable: the program; nil runs `arguments[0]` with the rest.
    init(arguments: [String], environment: [String: String], directory: URL, stdin: String? = nil,
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

    var pid: Int32 { process.processIdentifier }

    /// SIGKILL, if it is still running.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits (killing it after `timeout` seconds, which counts as a hang).
    func wait(timeout: Double = 30) -> RunResult {
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
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        var err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        if hung { err += "\n[stress harness: killed after hanging for \(timeout) s]" }
        return RunResult(status: process.terminationStatus,
                         signalled: process.terminationReason == .uncaughtSignal,
                         stdout: out, stderr: err)
    }
}
