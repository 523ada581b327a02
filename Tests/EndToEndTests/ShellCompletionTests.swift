import Foundation
import Testing
import TestSupport

/// The shipped completion scripts driving the real binary: commands,
/// options, choices, contact names, notification and ping IDs from the store.
@Suite(.serialized, .ownThreads) struct ShellCompletionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A person with two dependents and a responder, and a PATH where
    /// `lifesignal` is the built binary.
    func world() throws -> Person {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cy = sandbox.person("cy")
        let dee = sandbox.person("dee")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "Young")
        try dee.signUp(phone: "+15550000004", first: "Dee", last: "Ray")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--dependent"]).status == 0)
        #expect(try ada.run(["contacts", "add", try cy.qrCode(), "--dependent"]).status == 0)
        #expect(try ada.run(["contacts", "add", try dee.qrCode(), "--responder"]).status == 0)
        let bin = sandbox.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("lifesignal"), withDestinationURL: Binary.url)
        ada.environment["PATH"] = bin.path + ":/usr/bin:/bin"
        return ada
    }

    func bash(_ person: Person, words: [String]) throws -> [String] {
        let script = Self.root.appendingPathComponent("completions/lifesignal.bash").path
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
        source '\(script)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _lifesignal lifesignal "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try person.run(["__run_bash"], extra: [:], shell: program)
        return result.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsChoicesAndContactNames() throws {
        let ada = try world()
        #expect(try bash(ada, words: ["lifesignal", "che"]) == ["checkin"])
        #expect(try bash(ada, words: ["lifesignal", "notifications", "--type", "c"]).sorted() == ["check-in", "contact"])
        #expect(try bash(ada, words: ["lifesignal", "contacts", "list", "--so"]).contains("--sort"))
        let names = try bash(ada, words: ["lifesignal", "ping", ""])
        #expect(names.contains { $0.contains("Bob") } && names.contains { $0.contains("Cy") }, "\(names)")
        #expect(try bash(ada, words: ["lifesignal", "contacts", "show", "B"]).allSatisfy { $0.contains("Bob") })
    }

    /// Tab after `Bob\ ` goes on to `Bob\ Okafor`; `ping` offers only the
    /// people one may ping, while `contacts show` offers everyone.
    @Test func bashCompletesTwoWordNamesAndPingsOnlyDependents() throws {
        let ada = try world()
        #expect(try bash(ada, words: ["lifesignal", "ping", "Bob\\ "]) == ["Bob\\ Okafor"])
        #expect(try bash(ada, words: ["lifesignal", "contacts", "role", "bob\\ o"]) == ["Bob\\ Okafor"])
        #expect(try bash(ada, words: ["lifesignal", "ping", "send", ""]).sorted() == ["Bob\\ Okafor", "Cy\\ Young"])
        #expect(try bash(ada, words: ["lifesignal", "ping", "D"]) == [])
        #expect(try bash(ada, words: ["lifesignal", "contacts", "show", "D"]) == ["Dee\\ Ray"])
    }

    /// `contacts accept` and `decline` offer the names of those whose
    /// invitations wait for an answer, and nobody else.
    @Test func bashCompletesTheNamesOfInviters() throws {
        let ada = try world()
        let eve = ada.sandbox.person("eve")
        try eve.signUp(phone: "+15550000005", first: "Eve", last: "Stone")
        #expect(try eve.run(["contacts", "add", "--phone", "+15550000001", "--responder"]).status == 0)
        #expect(try bash(ada, words: ["lifesignal", "contacts", "accept", ""]) == ["Eve\\ Stone"])
        #expect(try bash(ada, words: ["lifesignal", "contacts", "decline", "ev"]) == ["Eve\\ Stone"])
        #expect(try bash(ada, words: ["lifesignal", "contacts", "accept", "Bob"]) == [])
    }

    /// fish's own completion machinery (`complete -C`) with the shipped script.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
    func fishCompletesTwoWordNamesAndPingsOnlyDependents() throws {
        let ada = try world()
        let script = Self.root.appendingPathComponent("completions/lifesignal.fish").path
        func fish(_ line: String) throws -> [String] {
            let program = "source '\(script)'; for c in (complete -C '\(line)'); string replace -r '\\t.*' '' -- $c; end"
            return try ada.run(["__run_fish"], extra: [:], shell: program, interpreter: "/usr/bin/fish")
                .split(separator: "\n").map(String.init)
        }
        #expect(try fish("lifesignal ping Bob\\ ") == ["Bob Okafor"])
        #expect(try fish("lifesignal ping ").filter { $0.contains(" ") }.sorted() == ["Bob Okafor", "Cy Young"])
        #expect(try fish("lifesignal contacts show Dee") == ["Dee Ray"])
    }

    /// Ada's responder Dee pings her: she then has a notification and a
    /// pending ping. Returns their short IDs.
    func pingedByDee(_ ada: Person) throws -> (notification: String, ping: String) {
        let dee = ada.sandbox.person("dee")
        try #require(try dee.run(["ping", "Ada"]).succeeded)
        let notification = try #require(try ada.run(["notifications", "--json"]).array().first?["id"] as? String)
        let ping = try #require(try ada.run(["ping", "list", "--json"]).object()["received"] as? [[String: Any]])
        return (String(notification.prefix(8)), String((ping.first?["id"] as? String ?? "").prefix(8)))
    }

    /// A name completes from its last name too; notifications and pings
    /// complete by ID (a ping also by its sender's name).
    @Test func bashCompletesLastNamesNotificationsAndPings() throws {
        let ada = try world()
        let ids = try pingedByDee(ada)
        #expect(try bash(ada, words: ["lifesignal", "contacts", "show", "Okaf"]) == ["Bob\\ Okafor"])
        #expect(try bash(ada, words: ["lifesignal", "ping", "you"]) == ["Cy\\ Young"])
        #expect(try bash(ada, words: ["lifesignal", "notifications", "show", ""]) == [ids.notification])
        #expect(try bash(ada, words: ["lifesignal", "notifications", "read", String(ids.notification.prefix(4))]) == [ids.notification])
        #expect(try bash(ada, words: ["lifesignal", "ping", "respond", ""]) == ["Dee\\ Ray", ids.ping])
        #expect(try bash(ada, words: ["lifesignal", "ping", "respond", "ra"]) == ["Dee\\ Ray"])
        #expect(try bash(ada, words: ["lifesignal", "ping", "respond", String(ids.ping.prefix(3))]) == [ids.ping])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
    func fishCompletesLastNamesNotificationsAndPingsWithWhatTheyAre() throws {
        let ada = try world()
        let ids = try pingedByDee(ada)
        let script = Self.root.appendingPathComponent("completions/lifesignal.fish").path
        func fish(_ line: String) throws -> [String] {
            let program = "source '\(script)'; complete -C '\(line)'"
            return try ada.run(["__run_fish"], extra: [:], shell: program, interpreter: "/usr/bin/fish")
                .split(separator: "\n").map(String.init)
        }
        #expect(try fish("lifesignal contacts show Okaf") == ["Bob Okafor"])
        #expect(try fish("lifesignal notifications show ") == ["\(ids.notification)\tunread: Dee Ray pinged you"])
        let pings = try fish("lifesignal ping respond ")
        #expect(pings.count == 2 && pings.contains("Dee Ray") && pings.contains { $0.hasPrefix("\(ids.ping)\tfrom Dee Ray, sent ") },
                "\(pings)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed"))
    func zshCompletesLastNamesNotificationsAndPings() throws {
        let ada = try world()
        let ids = try pingedByDee(ada)
        let log = ada.sandbox.root.appendingPathComponent("zpty.log").path
        let cases: [(id: String, typed: String, expected: Set<String>)] = [
            ("first name", "lifesignal contacts show bo", ["Bob Okafor"]),
            ("last name", "lifesignal contacts show okaf", ["Bob Okafor"]),
            ("in open quotes", "lifesignal contacts show 'Cy Y", ["Cy Young"]),
            ("notification", "lifesignal notifications show " + ids.notification.prefix(4), [ids.notification]),
            ("ping", "lifesignal ping respond ", ["Dee Ray", ids.ping]),
        ]
        let program = ZshCompletionDriver.script(fpath: Self.root.appendingPathComponent("completions").path, log: log,
                                                 lines: cases.map { ($0.id, $0.typed) })
        _ = try ada.run(["__run_zsh"], extra: [:], shell: program, interpreter: "/usr/bin/zsh")
        let results = ZshCompletionDriver.results(log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        for testCase in cases {
            #expect(results[testCase.id] == testCase.expected, "\(testCase.id): \(results)")
        }
    }

    @Test func theHiddenEntryPointIsSilentWhenSignedOutAndNeverWrites() throws {
        let ada = try world()
        let names = try ada.run(["__complete", "contacts", ""])
        #expect(names.stdout == "Bob Okafor\nCy Young\nDee Ray\n")
        #expect(try ada.run(["__complete", "dependents", ""]).stdout == "Bob Okafor\nCy Young\n")
        #expect(try ada.run(["__complete", "contacts", "ray"]).stdout == "Dee Ray\n")
        #expect(try ada.run(["__complete", "no-such-source", ""]).stdout == "")
        #expect(try ada.run(["logout"]).status == 0)
        let signedOut = try ada.run(["__complete", "contacts", ""])
        #expect(signedOut.status == 0 && signedOut.stdout.isEmpty && signedOut.stderr.isEmpty)
    }
}

extension Person {
    /// Runs a bash, zsh or fish program with this person's environment, returning stdout.
    func run(_ marker: [String], extra: [String: String], shell program: String,
             interpreter: String = "/bin/bash") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: interpreter)
        process.arguments = interpreter.hasSuffix("bash") ? ["--norc", "--noprofile", "-c", program]
            : interpreter.hasSuffix("zsh") ? ["-f", "-c", program] : ["--no-config", "-c", program]
        process.environment = environment.merging(extra) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
