import Foundation
import Testing

/// What one run of the binary produced.
struct RunResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

    /// stdout parsed as JSON.
    func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed]) }
    func object() throws -> [String: Any] { try #require(try json() as? [String: Any], "\(self)") }
    func array() throws -> [[String: Any]] { try #require(try json() as? [[String: Any]], "\(self)") }
}

/// The built `lifesignal` executable.
enum Binary {
    static let url: URL = {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["LIFESIGNAL_BINARY"] {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("lifesignal"))
        candidates.append(runner.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lifesignal"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/lifesignal"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()
}

/// One person on the machine: their own home and XDG directories, sharing
/// a store with others when given one.
final class Person {
    /// Kept so the temporary directory lives as long as anyone in it.
    let sandbox: Sandbox
    let home: URL
    var environment: [String: String]

    init(sandbox: Sandbox, name: String, sharedStore: Bool = true) {
        self.sandbox = sandbox
        home = sandbox.root.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = [
            "HOME": home.path,
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "LIFESIGNAL_NOW": sandbox.now,
        ]
        if sharedStore { environment["LIFESIGNAL_STORE"] = sandbox.store.path }
    }

    @discardableResult
    func run(_ arguments: [String], input: String? = nil, extra: [String: String] = [:],
             stdoutPath: String? = nil) throws -> RunResult {
        try run(program: Binary.url.path, arguments, input: input, extra: extra, stdoutPath: stdoutPath)
    }

    /// Another program (a wrapper that ends by running lifesignal) with this
    /// person's environment.
    func run(program: String, _ arguments: [String], input: String? = nil, extra: [String: String] = [:],
             stdoutPath: String? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        process.currentDirectoryURL = home
        let out = Pipe(), err = Pipe()
        if let stdoutPath {
            process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let outData = stdoutPath == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `lifesignal ARGS...` with the words split on spaces.
    @discardableResult
    func run(_ line: String, extra: [String: String] = [:]) throws -> RunResult {
        try run(line.split(separator: " ").map(String.init), extra: extra)
    }

    /// Signs in (creating the account) with the locally shown code.
    func signUp(phone: String, first: String, last: String) throws {
        let sent = try run(["login", "--phone", phone, "--json"])
        let code = try #require(try sent.object()["code"] as? String, "\(sent)")
        let done = try run(["login", "--phone", phone, "--code", code, "--first-name", first, "--last-name", last])
        #expect(done.status == 0, "\(done)")
    }

    func qrCode() throws -> String {
        try #require(try run("qr show --json").object()["qrCodeID"] as? String)
    }
}

/// A temporary directory for one test, removed afterwards.
final class Sandbox {
    let root: URL
    var now = "2026-03-01T09:00:00Z"
    var store: URL { root.appendingPathComponent("shared-store") }

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lifesignal-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func person(_ name: String) -> Person { Person(sandbox: self, name: name) }

    /// Sets "now" for everyone made afterwards and for `people`.
    func setNow(_ iso: String, for people: [Person]) {
        now = iso
        for person in people { person.environment["LIFESIGNAL_NOW"] = iso }
    }

    /// Every data file under `directory` with its bytes, to prove nothing
    /// changed (lock files are not data).
    func snapshot(_ directory: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return result }
        for case let url as URL in walker where !["lock", "gate"].contains(url.lastPathComponent) {
            if let data = FileManager.default.contents(atPath: url.path) { result[url.path] = data }
        }
        return result
    }
}
