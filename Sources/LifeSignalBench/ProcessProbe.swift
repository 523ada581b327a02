import Glibc

/// What one whole-process run cost, as the kernel reports it.
struct ProcessSample {
    /// Wall time from just before `posix_spawn` to `wait4` returning.
    var milliseconds: Double
    /// Peak resident set size (`ru_maxrss`), in kilobytes.
    var peakKilobytes: Int
    var status: Int32
    /// User plus system CPU time in milliseconds (0 when not measured).
    var cpuMilliseconds = 0.0
    /// Wall time of the C baseline's run just before this one, when paired.
    var baselineMilliseconds: Double?
}

/// Starts a program with `posix_spawn` and reaps it with `wait4`, so that
/// the numbers cover the whole life of the process (exec, dynamic start-up,
/// work, exit) and nothing of the benchmark's own bookkeeping.
struct ProcessProbe {
    let program: String
    let arguments: [String]
    let environment: [String: String]

    /// Runs once with stdout and stderr sent to the given files, and
    /// descriptor 3 open on `report` when given.
    func run(stdout: String = "/dev/null", stderr: String = "/dev/null",
             report: String? = nil) throws -> ProcessSample {
        let argv = CStrings([program] + arguments)
        let envp = CStrings(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let report { posix_spawn_file_actions_addopen(&actions, 3, report, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }

        var pid: pid_t = 0
        let start = Self.monotonicNanoseconds()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv.pointers, envp.pointers)
        guard spawned == 0 else { throw BenchError.spawnFailed(program: program, errno: spawned) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError.system(call: "wait4", errno: errno) }
        }
        let elapsed = Self.monotonicNanoseconds() - start
        return ProcessSample(milliseconds: Double(elapsed) / 1_000_000, peakKilobytes: Int(usage.ru_maxrss),
                             status: Self.exitStatus(status))
    }

    /// Runs once through the C launcher (see `CPrograms.launcher`), which
    /// times and reaps the program itself and reports on descriptor 3.
    func launched(by launcher: String, report: String, stdout: String = "/dev/null",
                  stderr: String = "/dev/null") throws -> ProcessSample {
        let probe = ProcessProbe(program: launcher, arguments: [program] + arguments, environment: environment)
        let outer = try probe.run(stdout: stdout, stderr: stderr, report: report)
        let fields = TextFile.read(report).split(separator: " ").map { Int($0.trimmingTrailingNewline()) }
        guard outer.status == 0, fields.count == 4, let nanoseconds = fields[0], let peak = fields[1],
              let raw = fields[2], let cpu = fields[3] else {
            throw BenchError.spawnFailed(program: program, errno: outer.status == 0 ? EINVAL : outer.status)
        }
        return ProcessSample(milliseconds: Double(nanoseconds) / 1_000_000, peakKilobytes: peak,
                             status: Self.exitStatus(Int32(truncatingIfNeeded: raw)),
                             cpuMilliseconds: Double(cpu) / 1_000)
    }

    /// The exit code, or 128 + the signal for a killed process (as shells report it).
    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

extension Substring {
    func trimmingTrailingNewline() -> Substring { last == "\n" ? dropLast() : self }
}

/// Writes to file descriptor 2 directly: the C `stderr` global is not
/// concurrency-safe in Swift 6.
enum StandardError {
    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { chunk in
                chunk.baseAddress.map { Glibc.write(2, $0, chunk.count) } ?? 0
            }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// A NULL-terminated array of C strings that lives as long as this value.
final class CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit { pointers.forEach { free($0) } }
}
