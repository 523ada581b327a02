import Foundation
import Testing

/// A temporary directory for one test, removed afterwards.
final class Sandbox: @unchecked Sendable {
    let root: URL
    var store: URL { root.appendingPathComponent("store") }

    /// - Parameter inMemory: under /dev/shm when it is writable, where fsync
    ///   costs nothing; for tests that commit thousands of times.
    init(_ name: String = "stress", inMemory: Bool = false) {
        let base = inMemory && access("/dev/shm", W_OK) == 0
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        root = base.appendingPathComponent("lifesignal-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        // Directories a test made read-only must be writable to be removed.
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwX", root.path]).waitUntilExit()
        try? FileManager.default.removeItem(at: root)
    }

    func person(_ name: String, now: String = "2026-03-01T09:00:00Z") -> Person {
        Person(sandbox: self, name: name, now: now)
    }

    /// Every file under `directory` with its bytes, and every directory
    /// (value nil), to prove nothing changed. The lock files are not data.
    func snapshot(_ directory: URL) -> [String: Data?] {
        var result: [String: Data?] = [:]
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return result }
        for case let relative as String in walker {
            let name = (relative as NSString).lastPathComponent
            if ["lock", "gate"].contains(name) { continue }
            let path = directory.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            result[relative] = isDirectory.boolValue ? Data?.none : FileManager.default.contents(atPath: path)
        }
        return result
    }

    /// Temporary files (`.name.tmp-<16 hex>`) left anywhere under `directory`.
    func debris(_ directory: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { ($0 as NSString).lastPathComponent.contains(".tmp-") }
    }
}

/// One person on the machine with their own XDG directories, sharing the
/// sandbox's store.
final class Person: @unchecked Sendable {
    let sandbox: Sandbox
    let name: String
    let home: URL
    var environment: [String: String]

    init(sandbox: Sandbox, name: String, now: String) {
        self.sandbox = sandbox
        self.name = name
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
            "LIFESIGNAL_STORE": sandbox.store.path,
            "LIFESIGNAL_NOW": now,
        ]
    }

    var stateDirectory: URL { home.appendingPathComponent("state/lifesignal") }
    var configDirectory: URL { home.appendingPathComponent("config/lifesignal") }

    /// Starts `lifesignal ARGS` without waiting.
    func start(_ arguments: [String], extra: [String: String] = [:], stdin: String? = nil) throws -> Running {
        try Running(arguments: arguments, environment: environment.merging(extra) { $1 }, directory: home, stdin: stdin)
    }

    /// Runs `lifesignal ARGS`, or with `viaShell` the program `arguments[0]`
    /// (a shell that then execs lifesignal).
    @discardableResult
    func run(_ arguments: [String], extra: [String: String] = [:], stdin: String? = nil,
             stdoutPath: String? = nil, timeout: Double = 30, viaShell: Bool = false) throws -> RunResult {
        try Running(arguments: arguments, environment: environment.merging(extra) { $1 }, directory: home,
                    stdin: stdin, stdoutPath: stdoutPath, executable: viaShell ? nil : Binary.path).wait(timeout: timeout)
    }

    /// `lifesignal WORDS` split on spaces.
    @discardableResult
    func run(_ line: String, extra: [String: String] = [:]) throws -> RunResult {
        try run(line.split(separator: " ").map(String.init), extra: extra)
    }

    /// Signs in (creating the account) with the locally shown code.
    func signUp(phone: String, first: String, last: String = "Test") throws {
        let sent = try run(["login", "--phone", phone, "--json"])
        let code = try #require(sent.object?["code"] as? String, "\(sent)")
        let done = try run(["login", "--phone", phone, "--code", code, "--first-name", first, "--last-name", last])
        try #require(done.succeeded, "\(done)")
    }

    func qrCode() throws -> String {
        let shown = try run("qr show --json")
        return try #require(shown.object?["qrCodeID"] as? String, "\(shown)")
    }

    func accountID() throws -> String {
        let shown = try run("profile --json")
        return try #require(shown.object?["id"] as? String, "\(shown)")
    }

    /// Links the two both ways: each is the other's responder and dependent.
    func linkBothWays(with other: Person) throws {
        let added = try run(["contacts", "add", try other.qrCode(), "--responder", "--dependent"])
        try #require(added.succeeded, "\(added)")
    }
}
