import FoundationEssentials
import Glibc
import LifeSignalCore
import LifeSignalStore
import SystemFiles

/// Everything a run of lifesignal takes from the outside world, injected
/// so that tests use the same code paths as users.
public struct CLIEnvironment {
    /// The words after the program name.
    public var arguments: [String]
    public var variables: [String: String]
    public var workingDirectory: String
    public var input: any InputSource
    public var stdout: any OutputSink
    public var stderr: any OutputSink
    /// The real time; `LIFESIGNAL_NOW` overrides it.
    public var clock: @Sendable () -> Date
    public var random: RandomSource
    public var fileSystem: any FileSystem
    public var processRunner: any ProcessRunner
    /// The home directory from the user database, for when HOME is unusable.
    public var homeFallback: String?
    /// How long to wait for another process's lock.
    public var lockTimeout: Duration
    /// Makes the waiter a long-running command (`agent`, `follow`) sleeps
    /// in: until the store changes (through its change signal), a moment
    /// passes, or a stop is requested (SIGINT, SIGTERM).
    public var makeWaiter: (any StoreChangeSignal) -> any ChangeWaiter
    /// The width of the terminal stdout is, nil when it is not one.
    public var terminalColumns: Int?
    /// This machine's host name, which a sign-in records (and the signed-in
    /// account is told of); nil when it has none.
    public var machineName: String?

    public init(arguments: [String], variables: [String: String], workingDirectory: String,
                input: any InputSource, stdout: any OutputSink, stderr: any OutputSink,
                clock: @escaping @Sendable () -> Date, random: RandomSource,
                fileSystem: any FileSystem, processRunner: any ProcessRunner,
                homeFallback: String?, lockTimeout: Duration,
                makeWaiter: @escaping (any StoreChangeSignal) -> any ChangeWaiter, terminalColumns: Int? = nil,
                machineName: String? = nil) {
        self.arguments = arguments
        self.variables = variables
        self.workingDirectory = workingDirectory
        self.input = input
        self.stdout = stdout
        self.stderr = stderr
        self.clock = clock
        self.random = random
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.homeFallback = homeFallback
        self.lockTimeout = lockTimeout
        self.makeWaiter = makeWaiter
        self.terminalColumns = terminalColumns
        self.machineName = machineName
    }

    /// The environment of the running process.
    public static func live(arguments: [String]) -> CLIEnvironment {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        var cwd = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let workingDirectory = getcwd(&cwd, cwd.count) != nil
            ? cwd.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : "/"
        let timeout = seconds(variables["LIFESIGNAL_LOCK_TIMEOUT"], within: 0...3600).map { Duration.milliseconds(Int64($0 * 1000)) }
        return CLIEnvironment(
            arguments: arguments, variables: variables, workingDirectory: workingDirectory,
            input: StandardInput(), stdout: FileDescriptorSink(descriptor: 1), stderr: FileDescriptorSink(descriptor: 2),
            clock: { Date() }, random: .system, fileSystem: SystemFileSystem(),
            processRunner: SpawningProcessRunner(), homeFallback: passwordHome(),
            lockTimeout: timeout ?? .seconds(5), makeWaiter: { SignalChangeWaiter($0) },
            terminalColumns: terminalColumns(), machineName: hostName())
    }

    /// `gethostname(2)`.
    private static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// The width of the terminal on stdout, asked of the terminal itself.
    private static func terminalColumns() -> Int? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// A number of seconds from the environment, or nil when it is missing,
    /// not a finite number, or outside `range` (the default applies then).
    public static func seconds(_ text: String?, within range: ClosedRange<Double>) -> Double? {
        guard let text, let value = Double(text), value.isFinite, range.contains(value) else { return nil }
        return value
    }

    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }
}

extension RandomSource {
    /// The operating system's secure random source (`getrandom`).
    public static let system = RandomSource { count in
        var bytes = [UInt8](repeating: 0, count: count)
        // getentropy(3) hands out at most 256 bytes a call and, on Linux,
        // never fails for those sizes once the kernel's pool is ready.
        var filled = 0
        while filled < count {
            let chunk = min(256, count - filled)
            let status = bytes.withUnsafeMutableBytes { getentropy($0.baseAddress! + filled, chunk) }
            precondition(status == 0, "the system random source failed: \(String(cString: strerror(errno)))")
            filled += chunk
        }
        return bytes
    }
}
