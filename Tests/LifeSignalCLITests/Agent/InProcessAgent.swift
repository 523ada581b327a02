import Foundation
import Glibc
import LifeSignalApp
import LifeSignalCLI
import LifeSignalStore
import Synchronization
import SystemFiles
import TestSupport

/// lifesignal run inside the test process on one directory store, on a
/// clock the test moves: the agent's waits are scripted instead of slept,
/// and its notify command is recorded instead of run. The agent's whole
/// loop (catch-up, feed, delivery, heartbeat, waits) runs as users run it,
/// with no process spawned and no log polled.
final class InProcessWorld: @unchecked Sendable {
    let directory = TemporaryDirectory("lifesignal-agent")
    let clock: Mutex<Date>
    let runner = RecordingRunner()

    init(start: Date) {
        clock = Mutex(start)
    }

    var now: Date { clock.withLock { $0 } }
    func advance(by seconds: Double) { clock.withLock { $0 = $0.addingTimeInterval(seconds) } }

    func variables(_ person: String) -> [String: String] {
        let home = directory.path + "/" + person
        return ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
                "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
                "LIFESIGNAL_STORE": directory.path + "/store", "TZ": "UTC"]
    }

    /// Runs one command as `person`; a long-running one waits through `waiter`.
    @discardableResult
    func run(_ person: String, _ arguments: [String], waiter: (any ChangeWaiter)? = nil,
             fileSystem: any FileSystem = SystemFileSystem(),
             terminal: (@Sendable () -> Int?)? = nil) -> (status: Int32, out: String, err: String) {
        let out = BufferSink(isTerminal: terminal != nil), err = BufferSink()
        var environment = CLIEnvironment(
            arguments: arguments, variables: variables(person), workingDirectory: "/", input: ScriptedInput(),
            stdout: out, stderr: err, clock: { [self] in now }, random: .seeded(UInt64(arguments.count) &* 7919 &+ 1),
            fileSystem: fileSystem, processRunner: runner, homeFallback: nil, lockTimeout: .seconds(5),
            makeWaiter: { _ in waiter ?? ScriptedWaiter(world: self, steps: []) }, terminalColumns: terminal?())
        if let terminal {
            // A terminal: its width asked again as a redrawing command does.
            environment.measureColumns = terminal
            environment.variables["TERM"] = "xterm"
        }
        let status = LifeSignalCLI.run(environment)
        return (status, out.text, err.text)
    }

    /// Signs `person` up with the code shown locally.
    func signUp(_ person: String, phone: String, first: String) throws {
        let sent = run(person, ["login", "--phone", phone, "--json"])
        guard let code = Self.object(sent.out)?["code"] as? String else { throw HarnessFailure("no code: \(sent)") }
        let done = run(person, ["login", "--phone", phone, "--code", code, "--first-name", first, "--last-name", "Test"])
        guard done.status == 0 else { throw HarnessFailure("sign-in failed: \(done)") }
    }
}

extension InProcessWorld {
    /// The JSON object a command printed.
    static func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}

/// What the notify command would have been handed, in order; each run
/// succeeds.
final class RecordingRunner: ProcessRunner, @unchecked Sendable {
    private let requests = Mutex<[ProcessRequest]>([])
    var recorded: [ProcessRequest] { requests.withLock { $0 } }
    func run(_ request: ProcessRequest) -> ProcessOutcome {
        requests.withLock { $0.append(request) }
        return .exited(0)
    }
}

/// The agent's waits, scripted: each wait is recorded (how long the agent
/// asked to sleep), then one step of the script decides what happened
/// meanwhile; when the script runs out, a stop is requested.
final class ScriptedWaiter: ChangeWaiter, @unchecked Sendable {
    enum Step {
        /// The time asked for passes.
        case sleep
        /// Something changes in the store after this many seconds.
        case change(after: Double, () -> Void)
    }

    private let world: InProcessWorld
    private var steps: [Step]
    private(set) var asked: [Double] = []
    private(set) var stopRequested = false

    init(world: InProcessWorld, steps: [Step]) {
        self.world = world
        self.steps = steps
    }

    func wait(seconds: Double) -> WakeReason {
        asked.append(seconds)
        guard !steps.isEmpty else {
            stopRequested = true
            return .stopRequested
        }
        switch steps.removeFirst() {
        case .sleep:
            world.advance(by: seconds)
            return .timedOut
        case .change(let after, let action):
            world.advance(by: min(after, seconds))
            action()
            return .changed
        }
    }
}
