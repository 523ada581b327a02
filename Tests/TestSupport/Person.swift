import Foundation

/// One person on the machine: their own home and XDG directories, sharing
/// the sandbox's store (`LIFESIGNAL_STORE`), running the built binary.
public final class Person: @unchecked Sendable {
    public let sandbox: Sandbox
    public let name: String
    public let home: URL
    public var environment: [String: String]

    public init(sandbox: Sandbox, name: String, now: String) {
        self.sandbox = sandbox
        self.name = name
        home = sandbox.root.appendingPathComponent(name)
        Sandbox.makePrivateDirectory(home)
        environment = [
            "HOME": home.path,
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "LIFESIGNAL_STORE": sandbox.storeLocation,
            "LIFESIGNAL_NOW": now,
        ]
    }

    public var stateDirectory: URL { home.appendingPathComponent("state/lifesignal") }
    public var configDirectory: URL { home.appendingPathComponent("config/lifesignal") }

    /// Starts `lifesignal ARGS` without waiting.
    public func start(_ arguments: [String], extra: [String: String] = [:], stdin: String? = nil) throws -> Running {
        try Running(arguments: arguments, environment: environment.merging(extra) { $1 }, directory: home, stdin: stdin)
    }

    /// Runs `lifesignal ARGS` in the home directory and waits for it (a run
    /// past `timeout` seconds is killed and reported as hung). With
    /// `viaShell`, runs the program `arguments[0]` instead (a shell that then
    /// execs lifesignal).
    @discardableResult
    public func run(_ arguments: [String], extra: [String: String] = [:], stdin: String? = nil,
                    stdoutPath: String? = nil, timeout: Double = 60, viaShell: Bool = false) throws -> RunResult {
        try Running(arguments: arguments, environment: environment.merging(extra) { $1 }, directory: home,
                    stdin: stdin, stdoutPath: stdoutPath, executable: viaShell ? nil : Binary.path).wait(timeout: timeout)
    }

    /// Runs `lifesignal ARGS` with `input` on stdin.
    @discardableResult
    public func run(_ arguments: [String], input: String, extra: [String: String] = [:]) throws -> RunResult {
        try run(arguments, extra: extra, stdin: input)
    }

    /// `lifesignal WORDS` split on spaces.
    @discardableResult
    public func run(_ line: String, extra: [String: String] = [:]) throws -> RunResult {
        try run(line.split(separator: " ").map(String.init), extra: extra)
    }

    /// Signs in (creating the account) with the locally shown code.
    public func signUp(phone: String, first: String, last: String = "Test") throws {
        let sent = try run(["login", "--phone", phone, "--json"])
        guard let code = sent.jsonObject?["code"] as? String else { throw HarnessFailure("no code shown: \(sent)") }
        let done = try run(["login", "--phone", phone, "--code", code, "--first-name", first, "--last-name", last])
        guard done.succeeded else { throw HarnessFailure("sign-in failed: \(done)") }
    }

    public func qrCode() throws -> String {
        let shown = try run("qr show --json")
        guard let code = shown.jsonObject?["qrCodeID"] as? String else { throw HarnessFailure("no QR code ID: \(shown)") }
        return code
    }

    public func accountID() throws -> String {
        let shown = try run("profile --json")
        guard let id = shown.jsonObject?["id"] as? String else { throw HarnessFailure("no account ID: \(shown)") }
        return id
    }

    /// Links the two both ways: each is the other's responder and dependent.
    public func linkBothWays(with other: Person) throws {
        let added = try run(["contacts", "add", try other.qrCode(), "--responder", "--dependent"])
        guard added.succeeded else { throw HarnessFailure("linking failed: \(added)") }
    }
}
