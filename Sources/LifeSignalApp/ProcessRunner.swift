import Glibc

/// A program to run and how.
public struct ProcessRequest: Sendable {
    /// The program and its arguments; `argv[0]` is looked up in `PATH`.
    public var arguments: [String]
    /// Bytes for the program's standard input; nil inherits ours.
    public var input: [UInt8]?
    /// The complete environment of the program.
    public var environment: [String: String]
    /// Killed (with everything it started, `ProcessTree`) after this many seconds.
    public var timeout: Double?
    /// Where the program's output goes.
    public var output: Output

    public enum Output: Sendable, Equatable {
        /// To our stdout and stderr, as they are: a command of the user's own
        /// that they run in the foreground (`checkin -- COMMAND`).
        case inherited
        /// Both read through a pipe and shown on our stderr a line at a time,
        /// made harmless for a terminal (`OutputRelay`): our own output (JSON,
        /// say) stays clean, and text others wrote that the command prints
        /// (a notification's title) cannot act on the terminal.
        case relayed
        /// Both to our stdout as they are, as with `inherited`, through a
        /// pipe that keeps the last `bytes` of them (`checkin --job
        /// --keep-output`: the end of a failed job's output for its responders).
        case kept(bytes: Int)

        /// Read through a pipe rather than inherited.
        var isPiped: Bool { self != .inherited }
    }

    public init(arguments: [String], input: [UInt8]?, environment: [String: String], timeout: Double?, output: Output) {
        self.arguments = arguments
        self.input = input
        self.environment = environment
        self.timeout = timeout
        self.output = output
    }

    /// A shell command line run with `/bin/sh -c`, its output relayed.
    public static func shell(_ command: String, input: [UInt8]?, environment: [String: String],
                             timeout: Double) -> ProcessRequest {
        ProcessRequest(arguments: ["/bin/sh", "-c", command], input: input, environment: environment,
                       timeout: timeout, output: .relayed)
    }
}

/// How a program ended.
public enum ProcessOutcome: Sendable, Equatable {
    case exited(Int32)
    case signaled(Int32)
    case timedOut(seconds: Double)
    case couldNotStart(String)

    public var succeeded: Bool { self == .exited(0) }

    /// "exited with status 3", "timed out after 30s", ...
    public var summary: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal): "was killed by signal \(signal)"
        case .timedOut(let seconds): "timed out after \(Int(seconds))s and was killed"
        case .couldNotStart(let reason): "could not start: \(reason)"
        }
    }

    /// The status a shell would report for it.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signaled(let signal): 128 + signal
        case .timedOut: 124
        case .couldNotStart: 127
        }
    }
}

/// Runs programs; tests substitute a fake.
public protocol ProcessRunner: Sendable {
    func run(_ request: ProcessRequest) -> ProcessOutcome
    /// `run`, with what an output of `.kept` kept of the program's output.
    func run(_ request: ProcessRequest, kept: inout [UInt8]) -> ProcessOutcome
}

extension ProcessRunner {
    /// A runner that keeps nothing (a test's fake) keeps nothing.
    public func run(_ request: ProcessRequest, kept: inout [UInt8]) -> ProcessOutcome { run(request) }
}

/// Runs programs with `posix_spawnp`.
public struct SpawningProcessRunner: ProcessRunner {
    /// Whether this process adopts the orphans its commands leave
    /// (`ProcessTree.adoptOrphans`), so that a timed command's double-forked
    /// daemon is killed with it too: for the lifesignal process, whose
    /// children are all commands it ran; never in a test process.
    public var adoptsOrphans: Bool

    public init(adoptsOrphans: Bool = false) {
        self.adoptsOrphans = adoptsOrphans
    }

    public func run(_ request: ProcessRequest) -> ProcessOutcome {
        var kept: [UInt8] = []
        return run(request, kept: &kept)
    }

    public func run(_ request: ProcessRequest, kept: inout [UInt8]) -> ProcessOutcome {
        guard !request.arguments.isEmpty else { return .couldNotStart("no command given") }
        var inputPipe: [Int32] = [-1, -1]
        if request.input != nil {
            guard Self.makePipe(&inputPipe) else { return .couldNotStart(String(cString: strerror(errno))) }
        }
        var outputPipe: [Int32] = [-1, -1]
        if request.output.isPiped {
            guard Self.makePipe(&outputPipe) else {
                if request.input != nil { close(inputPipe[0]); close(inputPipe[1]) }
                return .couldNotStart(String(cString: strerror(errno)))
            }
            _ = fcntl(outputPipe[0], F_SETFL, fcntl(outputPipe[0], F_GETFL) | O_NONBLOCK)
        }
        // Neither end of a pipe leaks into the child past the dup2 onto its stdin, stdout and stderr.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if request.input != nil { posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0) }
        if request.output.isPiped {
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        // A timed command leads a session of its own, so that a timeout finds
        // and kills everything it started (`ProcessTree`); an untimed one
        // stays in ours for Ctrl-C.
        if request.timeout != nil {
            flags |= Self.setSession
            if adoptsOrphans { ProcessTree.adoptOrphans() }
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)

        let argv = request.arguments.map { strdup($0) } + [nil]
        let envp = request.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        let status = posix_spawnp(&pid, request.arguments[0], &actions, &attributes, argv, envp)
        if request.input != nil { close(inputPipe[0]) }
        if request.output.isPiped { close(outputPipe[1]) }
        var relay: OutputRelay?
        switch request.output {
        case .inherited: relay = nil
        case .relayed: relay = OutputRelay(descriptor: outputPipe[0])
        case .kept(let bytes): relay = OutputRelay(passing: outputPipe[0], keeping: bytes)
        }
        defer { if request.output.isPiped { close(outputPipe[0]) } }
        guard status == 0 else {
            if request.input != nil { close(inputPipe[1]) }
            return .couldNotStart("\(request.arguments[0]): \(String(cString: strerror(status)))")
        }
        // The limit covers feeding the input too, so it runs from here.
        let deadline = request.timeout.map { Self.monotonicSeconds() + $0 }
        if let input = request.input {
            Self.feed(input, to: inputPipe[1], within: request.timeout, relay: &relay)
            close(inputPipe[1])
        }
        defer { if adoptsOrphans, request.timeout != nil { ProcessTree.reapAdopted() } }
        let outcome: ProcessOutcome
        if let limit = request.timeout, let deadline {
            outcome = wait(for: pid, until: deadline, limit: limit, relay: &relay)
        } else if relay != nil {
            outcome = wait(for: pid, until: nil, limit: 0, relay: &relay)
        } else {
            outcome = Self.wait(for: pid)
        }
        kept = relay?.kept ?? []
        return outcome
    }

    /// POSIX_SPAWN_SETSID (glibc 2.26), which Swift's Glibc module does not show.
    private static let setSession = Int32(0x80)

    /// A pipe whose ends are closed on exec from the moment they exist
    /// (`pipe2` with `O_CLOEXEC`): marked afterwards, a process another
    /// thread starts in between would keep the write end open for as long
    /// as it lives, and the read end would never see the end.
    static func makePipe(_ ends: inout [Int32]) -> Bool {
        precondition(ends.count == 2)
        return ends.withUnsafeMutableBufferPointer { linuxPipe2($0.baseAddress!, O_CLOEXEC) } == 0
    }

    /// Writes the input; a program that exits without reading it is not an
    /// error. With a time limit, a program that neither reads nor exits is
    /// given up on when it runs out (more input than a pipe holds would
    /// otherwise block here, before the time limit is looked at).
    private static func feed(_ bytes: [UInt8], to descriptor: Int32, within limit: Double?, relay: inout OutputRelay?) {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let deadline = limit.map { monotonicSeconds() + $0 }
        if deadline != nil { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written >= 0 {
                offset += written
                continue
            }
            guard errno == EINTR || errno == EAGAIN else { return }
            if errno == EAGAIN, let deadline {
                let left = deadline - monotonicSeconds()
                guard left > 0 else { return }
                // A command that writes before it reads must not block on its
                // output while we block on its input.
                var waiting = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0),
                               pollfd(fd: relay?.descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
                _ = poll(&waiting, 2, Int32(min(left, 0.05) * 1000) + 1)
                if waiting[1].revents != 0 { _ = relay?.pump() }
            }
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Waits for an untimed program: like `time` and `env`, lets it handle
    /// Ctrl-C and reports how it ended.
    private static func wait(for pid: pid_t) -> ProcessOutcome {
        var status: Int32 = 0
        let oldInt = signal(SIGINT, SIG_IGN), oldQuit = signal(SIGQUIT, SIG_IGN)
        defer { signal(SIGINT, oldInt); signal(SIGQUIT, oldQuit) }
        while waitpid(pid, &status, 0) < 0 { if errno != EINTR { return .couldNotStart("wait failed") } }
        return outcome(status)
    }

    /// Waits for a program until `deadline` (monotonic seconds; nil: for as
    /// long as it runs), relaying its output meanwhile, then kills it with
    /// everything it started (`ProcessTree`); the outcome names the caller's
    /// `limit` (not what was left of it after feeding the input).
    private func wait(for pid: pid_t, until deadline: Double?, limit: Double, relay: inout OutputRelay?) -> ProcessOutcome {
        var status: Int32 = 0
        var pause = 0.002
        // Read until the pipe's end, which may come before the command's end or after it (a background child keeps it open).
        var reading = relay != nil
        defer { relay?.finish() }
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                // What it wrote before it ended is in the pipe now; a child it left running may write on, unread.
                if reading { _ = relay?.pump() }
                return Self.outcome(status)
            }
            if result < 0, errno != EINTR { return .couldNotStart("wait failed") }
            let left = deadline.map { $0 - Self.monotonicSeconds() } ?? .infinity
            if left <= 0 {
                ProcessTree.kill(root: pid, adopted: adoptsOrphans)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                if reading { _ = relay?.pump() }
                return .timedOut(seconds: limit)
            }
            let nap = min(pause, left)
            if reading, let descriptor = relay?.descriptor {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&waiting, 1, Int32(nap * 1000) + 1) > 0 { reading = relay?.pump() ?? false }
            } else {
                usleep(useconds_t(nap * 1_000_000) + 1)
            }
            pause = min(pause * 2, 0.05)
        }
    }

    private static func outcome(_ status: Int32) -> ProcessOutcome {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }
}

/// pipe2(2), which Swift's Glibc module does not show.
@_silgen_name("pipe2") private func linuxPipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
