import FoundationEssentials
import Glibc
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import SystemFiles

/// What the application takes from the outside world apart from the
/// terminal (the clock, randomness, the file system, the commands it runs,
/// the variables, the waits of long-running commands), injected so that
/// tests use the same code paths as users.
public struct AppEnvironment {
    /// The environment variables lifesignal reads (`live` copies only
    /// those, see `isRead`, and only when all are first asked for: most
    /// runs ask for a few through `variable(_:)` and copy none); in tests,
    /// all there are.
    public var variables: [String: String] {
        get { variableSource.variables }
        set { variableSource = VariableSource(newValue) }
    }
    private var variableSource: VariableSource
    /// The whole environment, for the commands lifesignal runs (the notify
    /// and SMS commands need what the user's session has, DISPLAY and the
    /// like); nil means `variables` is all there is. Read only when a
    /// command is about to run, as most runs start none.
    public var processEnvironment: (@Sendable () -> [String: String])?
    public var workingDirectory: String
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
    /// This machine's host name, which a sign-in records (and the signed-in
    /// account is told of); nil when it has none.
    public var machineName: String?

    public init(variables: [String: String], workingDirectory: String,
                clock: @escaping @Sendable () -> Date, random: RandomSource,
                fileSystem: any FileSystem, processRunner: any ProcessRunner,
                homeFallback: String?, lockTimeout: Duration,
                makeWaiter: @escaping (any StoreChangeSignal) -> any ChangeWaiter, machineName: String? = nil) {
        self.variableSource = VariableSource(variables)
        self.workingDirectory = workingDirectory
        self.clock = clock
        self.random = random
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.homeFallback = homeFallback
        self.lockTimeout = lockTimeout
        self.makeWaiter = makeWaiter
        self.machineName = machineName
    }

    /// One of `variables`, looked up alone: a run that needs a few
    /// variables never copies them into a dictionary (the first
    /// `String`-keyed one costs the runtime a scan of its conformances).
    public func variable(_ name: String) -> String? {
        variableSource.value(of: name)
    }

    /// The environment a command lifesignal runs starts from: the process's
    /// own, with `variables` over it.
    public func childEnvironment() -> [String: String] {
        guard let processEnvironment else { return variables }
        return processEnvironment().merging(variables) { _, ours in ours }
    }

    /// The environment of the running process.
    public static func live() -> AppEnvironment {
        let workingDirectory = currentDirectory() ?? "/"
        let timeout = seconds(variable("LIFESIGNAL_LOCK_TIMEOUT"), within: 0...3600).map { Duration.milliseconds(Int64($0 * 1000)) }
        // The user database is asked only when HOME cannot serve (XDGDirectories).
        let home = variable("HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
        var environment = AppEnvironment(
            variables: [:], workingDirectory: workingDirectory,
            clock: { Date() }, random: .system, fileSystem: SystemFileSystem(),
            processRunner: SpawningProcessRunner(), homeFallback: home == nil ? passwordHome() : nil,
            lockTimeout: timeout ?? .seconds(5), makeWaiter: { SignalChangeWaiter($0) }, machineName: hostName())
        environment.variableSource = VariableSource(reading: { readVariables { name in isRead(name) } },
                                                    one: { name in readVariable(name) })
        environment.processEnvironment = { readVariables { _ in true } }
        return environment
    }

    /// The working directory, in a buffer of its length that glibc
    /// allocates (no zero-filled array of PATH_MAX bytes); nil when it
    /// cannot be found (removed, or unreachable).
    private static func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    /// One variable of the process, without building the dictionary.
    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether lifesignal reads the variable named by these bytes: its own
    /// (`LIFESIGNAL_`), the XDG directories, HOME, the terminal's, and those
    /// a service definition passes on (`AgentService.passedOn`).
    public static func isRead(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        func starts(_ prefix: StaticString) -> Bool {
            name.starts(with: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        }
        func equals(_ whole: StaticString) -> Bool { name.count == whole.utf8CodeUnitCount && starts(whole) }
        return starts("LIFESIGNAL_") || starts("XDG_") || equals("HOME") || equals("NO_COLOR")
            || equals("TERM") || equals("COLUMNS")
            || equals("PATH") || equals("TZ") || equals("LANG") || equals("LC_ALL")
    }

    /// The process's variable `name` when lifesignal reads it (`isRead`).
    private static func readVariable(_ name: String) -> String? {
        let wanted = Array(name.utf8).withUnsafeBufferPointer { isRead($0) }
        return wanted ? variable(name) : nil
    }

    /// The process's variables whose names `wanted` accepts, looked at as
    /// bytes in place, so that the others cost no copy.
    private static func readVariables(_ wanted: (UnsafeBufferPointer<UInt8>) -> Bool) -> [String: String] {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            pointer += 1
            guard let equals = strchr(entry, 0x3D) else { continue }
            let nameLength = equals - entry
            let isWanted = entry.withMemoryRebound(to: UInt8.self, capacity: nameLength) { start in
                wanted(UnsafeBufferPointer(start: start, count: nameLength))
            }
            guard isWanted else { continue }
            let whole = String(cString: entry)
            let split = whole.utf8.index(whole.utf8.startIndex, offsetBy: nameLength)
            variables[String(whole[..<split])] = String(whole[whole.utf8.index(after: split)...])
        }
        return variables
    }

    /// `gethostname(2)`.
    private static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
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

/// The variables of a run, read from the process only when first asked for.
private final class VariableSource {
    private var pending: (() -> [String: String])?
    /// Reads one variable from the process, while `pending`.
    private var one: ((String) -> String?)?
    private var value: [String: String]

    init(_ variables: [String: String]) {
        value = variables
    }

    init(reading: @escaping () -> [String: String], one: @escaping (String) -> String?) {
        value = [:]
        pending = reading
        self.one = one
    }

    /// One variable, without reading them all when they are not read yet.
    func value(of name: String) -> String? {
        if pending != nil, let one { return one(name) }
        return variables[name]
    }

    var variables: [String: String] {
        if let pending {
            value = pending()
            self.pending = nil
        }
        return value
    }
}
