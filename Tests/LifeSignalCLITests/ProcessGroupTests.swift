import Foundation
import LifeSignalApp
import LifeSignalCLI
import Testing

/// A timed command (the notify and SMS commands) that runs past its limit
/// is killed with everything it started (`ProcessTree`), so a sleeping
/// grandchild does not live on holding files, ports or output.
@Suite(.serialized) struct ProcessGroupTests {
    /// Whether `pid` is gone (or a zombie waiting for init to reap it).
    static func isGone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// Waits up to `seconds` for `condition`.
    static func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// In a process that does not adopt orphans (this test process), what
    /// can be found still is: a grandchild in the background, in a session
    /// of its own, while its parent lives.
    @Test(arguments: ["sleep 300 & echo $! > PIDFILE; sleep 300",
                      "setsid sh -c 'echo $$ > PIDFILE; exec sleep 300' & sleep 300"])
    func aTimedOutCommandIsKilledWithTheGrandchildItStarted(_ template: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pgroup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("grandchild").path
        // The shell starts a sleeping grandchild in the background, which
        // writes its ID down, and then sleeps itself.
        let command = template.replacingOccurrences(of: "PIDFILE", with: "'\(pidFile)'")
        let started = Date()
        let outcome = SpawningProcessRunner().run(.shell(command, input: Array("{}\n".utf8),
                                                         environment: ["PATH": "/usr/bin:/bin"], timeout: 1))
        #expect(outcome == .timedOut(seconds: 1))
        #expect(Date().timeIntervalSince(started) < 10, "the time limit was not kept")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let grandchild = try #require(pid_t(text), "no grandchild ID in \(text.debugDescription)")
        let gone = Self.eventually(5) { Self.isGone(grandchild) }
        if !gone { kill(grandchild, SIGKILL) }
        #expect(gone, "the grandchild \(grandchild) outlived the timed-out command")
    }
}
