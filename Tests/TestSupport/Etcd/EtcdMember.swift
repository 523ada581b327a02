import Foundation

/// One etcd server process of a test cluster, with a watchdog that kills
/// it if the test process dies first (a crash must not leave it running).
public final class EtcdMember: @unchecked Sendable {
    public let name: String
    public let clientPort: UInt16
    public let peerPort: UInt16
    let dataDirectory: String
    let log: String
    private var process: ChildProcess?
    private var watchdog: ChildProcess?
    public private(set) var isPaused = false

    init(name: String, clientPort: UInt16, peerPort: UInt16, directory: String) {
        self.name = name
        self.clientPort = clientPort
        self.peerPort = peerPort
        dataDirectory = directory + "/" + name
        log = directory + "/" + name + ".log"
    }

    public var isRunning: Bool { process?.isRunning ?? false }

    /// The last lines of the member's log, for failure messages.
    public var logTail: String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }

    func launch(binary: String, arguments: [String], clusterDirectory: String) throws {
        let process = try ChildProcess([binary] + arguments, log: log)
        self.process = process
        isPaused = false
        // Polls for the test process; when it is gone, kills the member if
        // the PID is still this member (its command line names the data
        // directory), and removes the cluster's temporary directory.
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; "
            + "grep -q -- '\(dataDirectory)' /proc/\(process.pid)/cmdline 2>/dev/null && kill -9 \(process.pid); "
            + "sleep 1; rm -rf -- '\(clusterDirectory)'"
        watchdog = try ChildProcess(["/bin/sh", "-c", script], log: "/dev/null")
    }

    /// SIGKILL: the member dies at once, as in a crash.
    public func kill() {
        process?.killAndReap()
        process = nil
        watchdog?.killAndReap()
        watchdog = nil
        isPaused = false
    }

    /// SIGSTOP: the member hangs, its sockets open (connections are accepted by the kernel, never answered).
    public func pause() {
        process?.signal(SIGSTOP)
        isPaused = true
    }

    /// SIGCONT after `pause`.
    public func resume() {
        process?.signal(SIGCONT)
        isPaused = false
    }

    deinit { kill() }
}
