import DurableFiles
import Foundation
import LifeSignalApp
import LifeSignalCLI
import LifeSignalCore
import TestSupport
import SystemFiles

/// lifesignal run inside the test process through `LifeSignalCLI.run`, so the
/// file system can be swapped for a fault injector; clock and randomness are
/// pinned, so the same command makes the same change every time.
struct InProcessPerson {
    let variables: [String: String]
    let now: Date
    let seed: UInt64

    /// A person whose XDG directories live under `home`, using `store`.
    init(home: URL, store: URL, now: Date = Clock.start, seed: UInt64) {
        variables = [
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "LIFESIGNAL_STORE": store.path,
            "TZ": "UTC",
        ]
        self.now = now
        self.seed = seed
    }

    func run(_ arguments: [String], fileSystem: any FileSystem = SystemFileSystem()) -> RunResult {
        let out = BufferSink(), err = BufferSink()
        let fixedNow = now
        let environment = CLIEnvironment(
            arguments: arguments, variables: variables, workingDirectory: "/", input: ScriptedInput(),
            stdout: out, stderr: err, clock: { fixedNow }, random: .seeded(seed), fileSystem: fileSystem,
            processRunner: NoExternalCommands(), homeFallback: nil, lockTimeout: .seconds(5), makeWaiter: { _ in StopAtOnce() })
        let status = LifeSignalCLI.run(environment)
        return RunResult(status: status, signalled: false, stdout: out.text, stderr: err.text)
    }

    /// Signs in (creating the account) with the locally shown code.
    func signUp(phone: String, first: String) throws {
        let sent = run(["login", "--phone", phone, "--json"])
        guard let code = sent.jsonObject?["code"] as? String else { throw HarnessFailure("no code shown: \(sent)") }
        let done = run(["login", "--phone", phone, "--code", code, "--first-name", first, "--last-name", "Test"])
        guard done.succeeded else { throw HarnessFailure("sign-in failed: \(done)") }
    }
}

/// External commands are not part of these tests.
struct NoExternalCommands: ProcessRunner {
    func run(_ request: ProcessRequest) -> ProcessOutcome { .couldNotStart("no external commands in this test") }
}

/// A waiter for in-process runs: a long-running command stops at its first wait.
final class StopAtOnce: ChangeWaiter {
    var stopRequested: Bool { true }
    func wait(seconds: Double) -> WakeReason { .stopRequested }
}
