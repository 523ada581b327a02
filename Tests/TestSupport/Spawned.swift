import Foundation

/// A helper process (not lifesignal) started with `posix_spawn`, so that it
/// and its children can be killed and reaped without Foundation waiting on
/// their inherited output. It inherits no descriptor but its standard three
/// (see `closeInheritedDescriptors`).
public final class Spawned: @unchecked Sendable {
    public let pid: pid_t
    private var reaped = false

    /// Starts `arguments[0]` with the rest as its arguments; nil if it cannot start.
    public init?(_ arguments: [String], environment: [String: String]? = nil) {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        closeInheritedDescriptors(&actions)
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return nil }
        self.pid = pid
    }

    /// SIGKILL to the process and its direct children, then reaps it.
    public func killWithChildren() {
        guard !reaped else { return }
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        kill(pid, SIGKILL)
        for child in children.split(separator: " ").compactMap({ pid_t($0) }) { kill(child, SIGKILL) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        reaped = true
    }

    /// Waits for a normal exit and returns its status (-1 when signalled).
    public func wait() -> Int32 {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        reaped = true
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    deinit { killWithChildren() }
}

/// Whether another process holds an `flock` on `path`: polls with a
/// non-blocking lock of its own until it is refused (true) or `timeout`
/// seconds pass (false). The readiness signal for tests that hold a lock
/// from outside.
public func waitUntilLockedElsewhere(_ path: String, timeout: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        // The holder may not have created the file yet.
        let descriptor = open(path, O_RDWR)
        if descriptor >= 0 {
            let refused = flock(descriptor, LOCK_EX | LOCK_NB) != 0
            close(descriptor)
            if refused { return true }
        }
        usleep(5000)
    }
    return false
}
