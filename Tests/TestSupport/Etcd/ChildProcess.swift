import Foundation

/// A process started with posix_spawn, its output appended to a log file,
/// that this process can signal and reap. It inherits no descriptor but
/// its standard three: a long-lived member holding a copy of, say, the
/// socket Foundation's Process watches for its child's exit would make that
/// Process wait forever.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    private var reaped = false

    init(_ arguments: [String], log: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeInheritedDescriptors(&actions)
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard result == 0 else { throw FixtureError("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    var isRunning: Bool {
        guard !reaped else { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { reaped = true }
        return result == 0
    }

    func signal(_ signal: Int32) {
        guard !reaped else { return }
        kill(pid, signal)
    }

    /// SIGKILL (after SIGCONT, so a stopped process dies too), then reap.
    func killAndReap() {
        guard !reaped else { return }
        kill(pid, SIGKILL)
        kill(pid, SIGCONT)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        reaped = true
    }

    deinit { killAndReap() }
}
