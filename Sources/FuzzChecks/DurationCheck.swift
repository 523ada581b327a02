import CommandEngine
import FoundationEssentials
import Glibc
import LifeSignalApp
import LifeSignalCLI
import LifeSignalCore
import Synchronization
import SystemFiles

/// Every duration slot of the command table, run for real: the bytes are
/// the duration's text, given to each command that takes a DURATION (in
/// the process, on a small directory store of two linked people). A
/// documented refusal is fine; a crash (2^63 seconds made `checkin extend`
/// trap) or an unexpected failure (exit 1) is a finding. A slot the table
/// gains is a finding too until it is added to `templates`.
enum DurationCheck {
    /// The words of each duration slot's command, VALUE standing for the
    /// duration, keyed by the command's path and the slot's name.
    static let templates: [String: [String]] = [
        "checkin extend DURATION": ["checkin", "extend", "VALUE"],
        "checkin pause --for": ["checkin", "pause", "--for", "VALUE"],
        "checkin interval DURATION": ["checkin", "interval", "VALUE"],
        "checkin interval --reminder": ["checkin", "interval", "--reminder", "VALUE"],
        "checkin interval --grace": ["checkin", "interval", "--grace", "VALUE"],
        "checkin interval --repeat": ["checkin", "interval", "--repeat", "VALUE"],
        "contacts role --delay": ["contacts", "role", "Bob", "--delay", "VALUE"],
        "ping send --within": ["ping", "send", "Bob", "--within", "VALUE"],
        // With --last the value is parsed and checked, and nothing waits:
        // a drill that waited up to an hour per input would stall the fuzzer.
        "drill --wait": ["drill", "--last", "--wait", "VALUE"],
        "report --since": ["report", "--since", "VALUE"],
        "trip start DURATION": ["trip", "start", "VALUE"],
        "trip extend DURATION": ["trip", "extend", "VALUE"],
        "jobs add --every": ["jobs", "add", "fuzz", "--every", "VALUE"],
        "jobs add --grace": ["jobs", "add", "fuzz", "--every", "1d", "--grace", "VALUE"],
        "jobs add --max-runtime": ["jobs", "add", "fuzz", "--every", "1d", "--max-runtime", "VALUE"],
    ]

    private static let world = Mutex<DurationWorld?>(nil)

    static func check(_ bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        let slots = durationSlots(LifeSignalTable.table.root, path: [])
        for slot in slots where templates[slot] == nil {
            violated(.durations, "the duration slot '\(slot)' is not fuzzed: add it to DurationCheck.templates")
        }
        world.withLock { world in
            if world == nil { world = DurationWorld() }
            guard let world else { violated(.durations, "the store with Ada and Bob could not be made") }
            for slot in slots.sorted() {
                guard let template = templates[slot] else { continue }
                let arguments = template.map { $0 == "VALUE" ? text : $0 }
                let (status, stderr) = world.run(arguments)
                if status == 1 || (status != 0 && !stderr.hasPrefix("error: ")) {
                    violated(.durations, "\(arguments) exited \(status): \(stderr)")
                }
            }
        }
    }

    /// "PATH DURATION" for each argument and "PATH --OPTION" for each option
    /// whose value is a duration, in every command under `command`.
    static func durationSlots(_ command: CommandSpec, path: [String]) -> [String] {
        let here = path.joined(separator: " ")
        var slots: [String] = []
        for option in command.options {
            if case .value(let name) = option.kind, name.hasPrefix("DURATION") { slots.append(here + " --" + option.long) }
        }
        for argument in command.arguments where argument.name.hasPrefix("DURATION") { slots.append(here + " " + argument.name) }
        for subcommand in command.subcommands { slots += durationSlots(subcommand, path: path + [subcommand.name]) }
        return slots
    }
}

/// Ada and Bob, linked both ways, Ada checked in, on a directory store;
/// every run starts from that state (the files are put back after a run
/// that may have changed them), at one fixed moment.
final class DurationWorld: @unchecked Sendable {
    let root: String
    let pristine: String
    let now = ISO8601.parse("2026-03-01T09:00:00Z") ?? Date(timeIntervalSince1970: 0)
    var dirty = false

    /// This process's directory, removed when it exits.
    static let directory = (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : FileManager.default.temporaryDirectory.path)
        + "/lifesignal-fuzz-durations-\(getpid())"

    init?() {
        root = Self.directory + "/work"
        pristine = Self.directory + "/pristine"
        let files = FileManager.default
        try? files.removeItem(atPath: Self.directory)
        atexit { try? FileManager.default.removeItem(atPath: DurationWorld.directory) }
        guard (try? files.createDirectory(atPath: root, withIntermediateDirectories: true,
                                          attributes: [.posixPermissions: 0o700])) != nil,
              signUp("ada", "+15550000001", "Ada"), signUp("bob", "+15550000002", "Bob"),
              let bob = Self.string("qrCodeID", in: run(["qr", "show", "--json"], as: "bob").stdout),
              run(["contacts", "add", bob, "--responder", "--dependent"], as: "ada").status == 0,
              run(["checkin"], as: "ada").status == 0,
              (try? files.copyItem(atPath: root, toPath: pristine)) != nil else { return nil }
    }

    /// Runs `lifesignal ARGS` as Ada from the starting state; its status and stderr.
    func run(_ arguments: [String]) -> (status: Int32, stderr: String) {
        if dirty {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.copyItem(atPath: pristine, toPath: root)
        }
        dirty = true
        let result = run(arguments, as: "ada")
        return (result.status, result.stderr)
    }

    private func signUp(_ name: String, _ phone: String, _ first: String) -> Bool {
        guard let code = Self.string("code", in: run(["login", "--phone", phone, "--json"], as: name).stdout) else {
            return false
        }
        return run(["login", "--phone", phone, "--code", code, "--first-name", first, "--last-name", "Fuzz"], as: name)
            .status == 0
    }

    /// The string value of `key` in a JSON object lifesignal printed (codes
    /// and IDs: no escapes in them).
    private static func string(_ key: String, in json: String) -> String? {
        guard let start = json.firstRange(of: "\"\(key)\":") else { return nil }
        let rest = json[start.upperBound...].drop { $0 == " " }
        guard rest.first == "\"" else { return nil }
        let value = rest.dropFirst()
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }

    private func run(_ arguments: [String], as name: String) -> (status: Int32, stdout: String, stderr: String) {
        let home = root + "/" + name
        let out = CapturedOutput(), err = CapturedOutput()
        let fixed = now
        let environment = CLIEnvironment(
            arguments: arguments,
            variables: ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
                        "XDG_DATA_HOME": home + "/data", "LIFESIGNAL_STORE": root + "/store", "TZ": "UTC"],
            workingDirectory: "/", input: NoInput(), stdout: out, stderr: err, clock: { fixed }, random: .seeded(3),
            fileSystem: SystemFileSystem(), processRunner: NoCommands(), homeFallback: nil, lockTimeout: .seconds(5),
            makeWaiter: { _ in StopAtOnce() })
        let status = LifeSignalCLI.run(environment)
        return (status, out.text, err.text)
    }
}

/// Output kept in memory.
final class CapturedOutput: OutputSink {
    var bytes: [UInt8] = []
    var isTerminal: Bool { false }
    func write(_ bytes: [UInt8]) throws(OutputFailure) { self.bytes += bytes }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// No standard input: never a terminal, nothing to read.
final class NoInput: InputSource {
    var isTerminal: Bool { false }
    func readLine(echo: Bool, prompt: () -> Void) -> String? { nil }
    func readAll(limit: Int) -> [UInt8]? { [] }
}

/// No external command runs in a fuzzed command.
struct NoCommands: ProcessRunner {
    func run(_ request: ProcessRequest) -> ProcessOutcome { .couldNotStart("no external commands while fuzzing") }
}

/// A long-running command stops at its first wait.
final class StopAtOnce: ChangeWaiter {
    var stopRequested: Bool { true }
    func wait(seconds: Double) -> WakeReason { .stopRequested }
}
