import Foundation
import Testing
import TestSupport

/// A store this process cannot write (here a read-only bind mount in a
/// mount namespace of the command's own): reading commands work, writing
/// ones fail with one clear line and change nothing.
@Suite(.serialized, .ownThreads) struct ReadOnlyStoreTests {
    /// Whether `unshare -m` and a bind mount work here (root, or a user namespace).
    static let canMount: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-m", "sh", "-c", "mount --bind -o ro /tmp /tmp"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// `lifesignal ARGS` with the store mounted read-only for that process only.
    func readOnly(_ person: Person, _ sandbox: Sandbox, _ arguments: [String], now: String? = nil) throws -> RunResult {
        let store = sandbox.store.path
        let binary = Binary.url.path
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = "mount --bind -o ro '\(store)' '\(store)' && exec '\(binary)' \(quoted)"
        return try person.run(["/usr/bin/unshare", "-m", "sh", "-c", script],
                              extra: now.map { ["LIFESIGNAL_NOW": $0] } ?? [:], viaShell: true)
    }

    @Test(.enabled(if: canMount, "mount namespaces are not available"))
    func readingCommandsWorkAndWritingOnesSaySoInOneLine() throws {
        let sandbox = Sandbox(storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run(["checkin"]).status == 0)
        let before = sandbox.snapshot(sandbox.store)

        for arguments in [["status"], ["contacts"], ["contacts", "show", "bob"], ["doctor"], ["notifications"],
                          ["profile"], ["settings"], ["checkin", "history"], ["ping", "list"], ["alert"],
                          ["status", "--json"]] {
            let result = try readOnly(ada, sandbox, arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stderr.isEmpty || result.stderr.hasPrefix("hint:"), "\(arguments): \(result)")
        }
        for arguments in [["checkin"], ["profile", "set", "--note", "x"], ["alert", "on", "--yes"]] {
            let result = try readOnly(ada, sandbox, arguments)
            #expect(result.status == 8, "\(arguments): \(result)")
            #expect(result.stderr == "error: cannot write in \(sandbox.store.path) (a read-only file system), "
                    + "and this command needs to; commands that only read still work\n", "\(result)")
        }
        // A deadline that came due must be written down first: status says so too.
        let late = try readOnly(ada, sandbox, ["status"], now: "2026-03-03T09:00:00Z")
        #expect(late.status == 8 && late.stderr.contains("read-only file system"), "\(late)")
        #expect(sandbox.snapshot(sandbox.store) == before, "the read-only store changed")
    }

    /// The session and settings directories read-only: status still works,
    /// and changing a setting says why it cannot, in one line.
    @Test(.enabled(if: canMount, "mount namespaces are not available"))
    func aReadOnlyStateDirectory() throws {
        let sandbox = Sandbox(storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        #expect(try ada.run(["settings", "set", "pings", "off"]).status == 0)
        let config = try #require(ada.environment["XDG_CONFIG_HOME"]), state = try #require(ada.environment["XDG_STATE_HOME"])
        Sandbox.makePrivateDirectory(URL(fileURLWithPath: config + "/lifesignal"))
        func run(_ arguments: [String]) throws -> RunResult {
            let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
            let script = "mount --bind -o ro '\(state)' '\(state)' && mount --bind -o ro '\(config)' '\(config)' && "
                + "exec '\(Binary.url.path)' \(quoted)"
            return try ada.run(["/usr/bin/unshare", "-m", "sh", "-c", script], viaShell: true)
        }
        #expect(try run(["status"]).status == 0)
        #expect(try run(["settings"]).status == 0)
        let refused = try run(["settings", "set", "notify-command", "cat"])
        #expect(refused.status == 8, "\(refused)")
        #expect(refused.stderr == "error: cannot write in \(config)/lifesignal (a read-only file system), "
                + "and this command needs to; commands that only read still work\n", "\(refused)")
    }

    /// `logout` on a store it cannot write ends nothing, so it keeps the
    /// session here too: forgetting it here only would leave it working in
    /// the store for whoever holds the token, and out of your reach.
    @Test(.enabled(if: canMount, "mount namespaces are not available"))
    func logoutThatCannotEndTheSessionInTheStoreKeepsItHere() throws {
        let sandbox = Sandbox(storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        let before = sandbox.snapshot(sandbox.store)
        let refused = try readOnly(ada, sandbox, ["logout"])
        #expect(refused.status == 8, "\(refused)")
        #expect(refused.stderr.hasPrefix("error: cannot write in \(sandbox.store.path) (a read-only file system)"), "\(refused)")
        #expect(refused.stderr.contains("hint: you are still signed in; run 'lifesignal logout' again"), "\(refused)")
        #expect(refused.stdout.isEmpty, "\(refused)")
        #expect(sandbox.snapshot(sandbox.store) == before)
        // Still signed in, here and in the store; a later logout ends both.
        #expect(try ada.run(["sessions", "--json"]).jsonArray?.count == 1)
        let out = try ada.run(["logout"])
        #expect(out.status == 0 && out.stdout == "Signed out.\n", "\(out)")
        #expect(try ada.run(["status"]).status == 3)
        #expect(try readOnly(ada, sandbox, ["logout"]).stdout == "You are not signed in.\n")
    }
}
