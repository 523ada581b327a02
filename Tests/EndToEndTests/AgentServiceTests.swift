import Foundation
import Testing
import TestSupport

/// `agent --systemd-unit` and `agent --launchd-plist`: what they print is
/// what systemd and launchd accept, and it starts this lifesignal on the
/// user's store with their XDG directories.
@Suite(.ownThreads) struct AgentServiceTests {
    /// `systemd-analyze`, when the machine has it. CI installs it and sets
    /// `LIFESIGNAL_REQUIRE_SYSTEMD_ANALYZE=1`, which makes its absence a failure.
    static let analyzer = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var analyzerRequired: Bool {
        ProcessInfo.processInfo.environment["LIFESIGNAL_REQUIRE_SYSTEMD_ANALYZE"] == "1"
    }

    /// `systemd-analyze verify` of `unit` as a user unit: its exit status
    /// and everything it said (a warning, such as an unknown key, counts).
    static func verify(_ unit: String, in sandbox: Sandbox) throws -> (status: Int32, said: String)? {
        guard let analyzer else {
            #expect(!analyzerRequired, "systemd-analyze is not installed (apt-get install systemd)")
            return nil
        }
        let directory = sandbox.root.appendingPathComponent("unit")
        let runtime = sandbox.root.appendingPathComponent("runtime")
        for path in [directory, runtime] {
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let file = directory.appendingPathComponent("lifesignal.service")
        try unit.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyzer)
        // --man=no: the unit's Documentation= names a man page that is not installed here.
        process.arguments = ["verify", "--user", "--man=no", file.path]
        process.environment = ["XDG_RUNTIME_DIR": runtime.path, "HOME": sandbox.root.path, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }

    static func lines(_ unit: String, _ key: String) -> [String] {
        unit.split(separator: "\n").filter { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    static var binary: String { Binary.url.resolvingSymlinksInPath().path }

    @Test func theSystemdUnitStartsThisLifesignalOnTheStoreAndPassesVerification() throws {
        let sandbox = Sandbox("unit")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let result = try ada.run(["agent", "--systemd-unit"])
        #expect(result.succeeded, "\(result)")
        #expect(result.stderr == "note: LIFESIGNAL_NOW is not carried over: the agent it starts runs on the real clock\n",
                "\(result)")
        let unit = result.stdout
        #expect(Self.lines(unit, "ExecStart") == ["\"\(Self.binary)\" agent"], "\(unit)")
        #expect(Self.lines(unit, "Restart") == ["on-failure"])
        #expect(Self.lines(unit, "RestartPreventExitStatus") == ["3 7"])
        #expect(Self.lines(unit, "WantedBy") == ["default.target"])
        let environment = Self.lines(unit, "Environment")
        for (name, value) in [("LIFESIGNAL_STORE", sandbox.storeLocation),
                              ("XDG_CONFIG_HOME", ada.environment["XDG_CONFIG_HOME"] ?? ""),
                              ("XDG_STATE_HOME", ada.environment["XDG_STATE_HOME"] ?? ""),
                              ("XDG_DATA_HOME", ada.environment["XDG_DATA_HOME"] ?? ""),
                              ("PATH", "/usr/local/bin:/usr/bin:/bin"), ("TZ", "UTC")] {
            #expect(environment.contains("\"\(name)=\(value)\""), "\(name) missing: \(unit)")
        }
        #expect(!unit.contains("LIFESIGNAL_NOW"), "a simulated clock is never carried over: \(unit)")
        #expect(Self.lines(unit, "EnvironmentFile") == ["-\(ada.configDirectory.path)/agent.env"], "\(unit)")

        if let verified = try Self.verify(unit, in: sandbox) {
            #expect(verified.status == 0 && verified.said.isEmpty, "systemd-analyze: \(verified)")
        }
        let json = try ada.run(["agent", "--systemd-unit", "--json"]).object()
        #expect(json["name"] as? String == "lifesignal.service" && json["unit"] as? String == unit, "\(json)")
    }

    /// A word of the unit as systemd reads it back: quotes removed, `\\`
    /// and `\"` unescaped, `%%` a percent sign (all the unit writes).
    static func unquoted(_ word: Substring) -> String {
        var result = "", escaped = false, percent = false
        for character in word.dropFirst().dropLast() {
            if escaped { result.append(character); escaped = false; continue }
            if percent { percent = false; if character == "%" { continue } }
            if character == "\\" { escaped = true; continue }
            if character == "%" { percent = true }
            result.append(character)
        }
        return result
    }

    /// What systemd would do with the unit, as far as this machine allows
    /// (no systemd runs here): the ExecStart command with the unit's
    /// environment and nothing else finds the store and the sign-in, runs,
    /// and stops on SIGTERM with exit 0.
    @Test func theUnitsCommandAndEnvironmentAloneRunTheAgent() throws {
        let sandbox = Sandbox("unit")
        let ada = sandbox.person("ada")
        ada.environment["LIFESIGNAL_NOW"] = nil  // a store on the real clock, as a service runs it
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let unit = try ada.run(["agent", "--systemd-unit"]).stdout
        var environment: [String: String] = [:]
        for line in Self.lines(unit, "Environment") {
            let pair = Self.unquoted(Substring(line))
            let name = String(pair.prefix { $0 != "=" })
            environment[name] = String(pair.dropFirst(name.count + 1))
        }
        let command = try #require(Self.lines(unit, "ExecStart").first)
        // The program is one quoted word (this test's path has no space in it).
        let program = Self.unquoted(command.prefix { $0 != " " })
        let agent = Process()
        agent.executableURL = URL(fileURLWithPath: program)
        agent.arguments = command.drop { $0 != " " }.split(separator: " ").map(String.init)
        agent.environment = environment
        agent.currentDirectoryURL = URL(fileURLWithPath: "/")
        let output = sandbox.root.appendingPathComponent("journal")
        try #require(FileManager.default.createFile(atPath: output.path, contents: nil))
        let journal = try FileHandle(forWritingTo: output)
        agent.standardOutput = journal
        agent.standardError = journal
        try agent.run()
        let limit = Date().addingTimeInterval(20)
        func said() -> String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
        while !said().contains("started"), agent.isRunning, Date() < limit { usleep(20_000) }
        kill(agent.processIdentifier, SIGTERM)
        agent.waitUntilExit()
        #expect(said().contains("started") && said().contains("for Ada Test"), "\(said())")
        #expect(agent.terminationReason == .exit && agent.terminationStatus == 0, "\(said())")
    }

    /// Printed before signing in, the unit is the same, with a note that
    /// the agent will not run until then.
    @Test func beforeSigningInTheUnitComesWithANote() throws {
        let sandbox = Sandbox("unit")
        let ada = sandbox.person("ada")
        let before = try ada.run(["agent", "--systemd-unit"])
        #expect(before.succeeded && before.stderr.contains("note: you are not signed in to this store"), "\(before)")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let after = try ada.run(["agent", "--systemd-unit"])
        #expect(after.stdout == before.stdout && !after.stderr.contains("not signed in"), "\(after)")
    }

    /// A store whose path holds what systemd would read as a specifier, a
    /// variable, a quote or an escape is written so that it comes through
    /// as it is.
    @Test func awkwardPathsAreQuotedForSystemd() throws {
        let sandbox = Sandbox("unit")
        let ada = sandbox.person("ada")
        let store = sandbox.root.appendingPathComponent(#"my store 100% "$HOME" \n"#).path
        let unit = try ada.run(["agent", "--systemd-unit"], extra: ["LIFESIGNAL_STORE": store]).stdout
        let escaped = store.replacing("\\", with: "\\\\").replacing("%", with: "%%").replacing("\"", with: "\\\"")
        #expect(Self.lines(unit, "Environment").first == "\"LIFESIGNAL_STORE=\(escaped)\"", "\(unit)")
        if let verified = try Self.verify(unit, in: sandbox) {
            #expect(verified.status == 0 && verified.said.isEmpty, "systemd-analyze: \(verified)")
        }
        // A line break cannot be carried: refused, nothing printed.
        let refused = try ada.run(["agent", "--systemd-unit"], extra: ["LIFESIGNAL_STORE": sandbox.root.path + "/a\nb"])
        #expect(!refused.succeeded && refused.stdout.isEmpty, "\(refused)")
    }

    /// A unit systemd would not accept is caught by the verification, so its
    /// passing above means something.
    @Test func theVerificationCatchesABrokenUnit() throws {
        let sandbox = Sandbox("unit")
        let unit = try sandbox.person("ada").run(["agent", "--systemd-unit"]).stdout
        guard let verified = try Self.verify(unit.replacing("Restart=on-failure", with: "Restart=sometimes"), in: sandbox) else {
            return
        }
        #expect(!verified.said.isEmpty, "systemd-analyze said nothing of Restart=sometimes")
    }

    @Test func theLaunchdPlistIsAPropertyListThatStartsTheAgent() throws {
        let sandbox = Sandbox("plist")
        let ada = sandbox.person("ada")
        let result = try ada.run(["agent", "--launchd-plist"], extra: ["LIFESIGNAL_STORE": sandbox.store.path + "/<&>"])
        #expect(result.succeeded, "\(result)")
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(result.stdout.utf8), format: nil) as? [String: Any])
        #expect(plist["Label"] as? String == "org.lifesignal.agent")
        #expect(plist["ProgramArguments"] as? [String] == [Self.binary, "agent"], "\(plist)")
        let environment = plist["EnvironmentVariables"] as? [String: String]
        #expect(environment?["LIFESIGNAL_STORE"] == sandbox.store.path + "/<&>", "\(plist)")
        #expect(environment?["XDG_STATE_HOME"] == ada.environment["XDG_STATE_HOME"], "\(plist)")
        #expect((plist["KeepAlive"] as? [String: Any])?["SuccessfulExit"] as? Bool == false, "\(plist)")
        #expect(plist["RunAtLoad"] as? Bool == true)
    }
}
