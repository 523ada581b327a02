import Foundation
import Testing
import TestSupport

/// A notify command that hangs is killed at its time limit with everything
/// it started: a backgrounded grandchild, one that made a session of its
/// own (`setsid`), and a daemon whose parent exited (a double fork).
@Suite(.serialized, .ownThreads) struct NotifyTimeoutTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// The command, with PIDFILE where the grandchild writes its ID.
        let command: String
    }

    static let cases = [
        Case(testDescription: "a grandchild in the background", command: "sleep 300 & echo $! > PIDFILE; sleep 300"),
        Case(testDescription: "a grandchild in a session of its own",
             command: "setsid sh -c 'echo $$ > PIDFILE; exec sleep 300' & sleep 300"),
        Case(testDescription: "a daemon, double-forked into a session of its own",
             command: "(setsid sh -c 'echo $$ > PIDFILE; exec sleep 300' &); sleep 300"),
    ]

    @Test(arguments: cases)
    func aHangingNotifyCommandIsKilledWithEverythingItStarted(_ row: Case) throws {
        let sandbox = Sandbox("notify-timeout")
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try bob.run(["contacts", "add", try ada.qrCode(), "--responder"]).status == 0)
        let pidFile = sandbox.root.appendingPathComponent("grandchild").path
        let command = row.command.replacingOccurrences(of: "PIDFILE", with: "'\(pidFile)'")
        #expect(try ada.run(["settings", "set", "notify-command", command]).status == 0)
        let started = Date()
        let tick = try ada.run(["tick"], extra: ["LIFESIGNAL_COMMAND_TIMEOUT": "1"], timeout: 30)
        #expect(tick.status == 9 && tick.stderr.contains("timed out after 1s"), "\(tick)")
        #expect(Date().timeIntervalSince(started) < 15)
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let grandchild = try #require(pid_t(text), "\(text.debugDescription)")
        var gone = false
        for _ in 0..<250 {
            let stat = try? String(contentsOfFile: "/proc/\(grandchild)/stat", encoding: .utf8)
            if stat == nil || stat?.split(separator: ")").last?.split(separator: " ").first == "Z" { gone = true; break }
            usleep(20_000)
        }
        if !gone { kill(grandchild, SIGKILL) }
        #expect(gone, "the notify command's grandchild \(grandchild) outlived it")
    }
}
