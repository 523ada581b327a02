import Foundation
import Testing
import TestSupport

/// Text one account controls reaches another's terminal harmless, on every
/// human output path: Eve, a member of Ada's circle who can write the store,
/// gives herself a name that clears screens, retitles windows and fills the
/// clipboard (OSC 52), and a note whose second line imitates an alert from
/// someone who does not exist. Ada then runs every command that shows Eve's
/// text; not one byte of it acts on her terminal, and no line of it passes
/// for lifesignal's own. `--json` and `--raw` keep the exact content.
@Suite(.serialized, .ownThreads) struct HostileTextTests {
    static let first = "Eve\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]2;owned\u{07}"
    static let last = "Mallory\u{1B}[2J\u{9B}31m\u{202E}\u{200B}\nerror: your store is damaged"
    static let imitation = "•  3f2a1b0c  Mon 02 Mar 09:20  alert     Bob Okafor raised an emergency alert"
    static let note = "Spare key under the pot.\n" + imitation + "\r\u{1B}[1A\u{1B}[2K"

    /// Ada watches over Eve and Eve over Ada; Eve's account file then holds
    /// the hostile name and note, as anyone who can write the store could
    /// make it; Eve misses a check-in, raises an alert and answers a ping,
    /// so that her text is in Ada's feed too.
    final class World {
        let sandbox: Sandbox
        let ada: Person, eve: Person
        let eveCode: String

        /// - Parameter storeKind: where the store is (by default as the run says).
        init(storeKind: TestStore.Kind = TestStore.kind) throws {
            sandbox = Sandbox("hostile", storeKind: storeKind)
            ada = sandbox.person("ada")
            eve = sandbox.person("eve")
            try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
            try eve.signUp(phone: "+15550000002", first: "Eve", last: "Normal")
            try ada.linkBothWays(with: eve)
            eveCode = try eve.qrCode()
            try Self.forge(sandbox: sandbox, id: try eve.accountID(),
                           ["firstName": HostileTextTests.first, "lastName": HostileTextTests.last,
                            "emergencyNote": HostileTextTests.note])
            // The name of the program a check-in ran is all the store keeps of it.
            let program = eve.home.appendingPathComponent("\u{1B}]0;pwned\u{07}").path
            try FileManager.default.createSymbolicLink(atPath: program, withDestinationPath: "/bin/true")
            try require(eve.run(["checkin", "--", program]))
            try require(ada.run(["ping", "send", "Eve"]))
            try require(eve.run(["ping", "respond"]))
            try require(eve.run(["alert", "on", "--yes"]))
            // Ivy, hostile too, invites Ada by phone number.
            let ivy = sandbox.person("ivy")
            try ivy.signUp(phone: "+15550000003", first: "Ivy", last: "Normal")
            try Self.forge(sandbox: sandbox, id: try ivy.accountID(),
                           ["firstName": "Ivy" + HostileTextTests.first.dropFirst(3), "lastName": HostileTextTests.last])
            try require(ivy.run(["contacts", "add", "--phone", "+15550000001", "--responder"]))
            // The machine Ada's session came from, as a sign-in names it.
            try Self.forgeMachine(sandbox: sandbox, accountID: try ada.accountID(), "vm\u{1B}]2;owned\u{07}\u{202E}")
            sandbox.setNow("2026-03-02T12:00:00Z", for: [ada, eve])
            // Brings the missed check-in due; nothing is delivered yet.
            try require(ada.run(["status"]))
        }

        private func require(_ result: RunResult) throws {
            guard result.succeeded else { throw HarnessFailure("setting up the hostile store failed: \(result)") }
        }

        /// Rewrites fields of an account's file in place, mode kept.
        static func forge(sandbox: Sandbox, id: String, _ fields: [String: String]) throws {
            let path = "accounts/\(id)/account.json"
            let bytes = try #require(try sandbox.storeFile(path))
            var envelope = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
            var account = try #require(envelope["data"] as? [String: Any])
            for (key, value) in fields { account[key] = value }
            envelope["data"] = account
            try sandbox.setStoreFile(path, try JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys]))
        }

        /// Rewrites the machine name of every session of `accountID` in place.
        static func forgeMachine(sandbox: Sandbox, accountID: String, _ machine: String) throws {
            for path in try sandbox.storeFiles() where path.hasPrefix("sessions/") {
                let bytes = try #require(try sandbox.storeFile(path))
                var envelope = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
                var record = try #require(envelope["data"] as? [String: Any])
                guard record["accountID"] as? String == accountID else { continue }
                record["machine"] = machine
                envelope["data"] = record
                try sandbox.setStoreFile(path, try JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys]))
            }
        }
    }

    /// What may never reach a terminal from someone else's text.
    static func hostile(in text: String) -> [String] {
        var found: [String] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || value == 0x200B {
                found.append(String(format: "U+%04X", value))
            }
        }
        for line in text.split(separator: "\n") where line.hasPrefix("•  3f2a1b0c") || line.hasPrefix("error: your store") {
            found.append("a line imitating lifesignal: \(line)")
        }
        return found
    }

    /// One human output path: who runs what, and text that shows Eve's
    /// words arrived (shown harmless, not dropped).
    struct Path: Sendable, CustomTestStringConvertible {
        let id: String
        var asEve = false
        let arguments: [String]
        var shows = "Eve␛]52;c;cm0gLXJmIH4=␇"
        var testDescription: String { id }
    }

    static let paths: [Path] = [
        Path(id: "contacts", arguments: ["contacts"]),
        Path(id: "contacts --dependents", arguments: ["contacts", "--dependents"]),
        Path(id: "contacts show (name and note)", arguments: ["contacts", "show", "Eve"]),
        Path(id: "contacts role", arguments: ["contacts", "role", "Eve", "--no-dependent"]),
        Path(id: "notifications", arguments: ["notifications"]),
        Path(id: "notifications --unread --type alerts", arguments: ["notifications", "--unread", "--type", "alerts"]),
        Path(id: "ping list", arguments: ["ping", "list"]),
        Path(id: "ping send", arguments: ["ping", "send", "Eve"]),
        Path(id: "an error quoting a name, with its hint", arguments: ["contacts", "add", "EVE-CODE", "--responder"]),
        Path(id: "an error quoting what was typed", arguments: ["contacts", "show", "\u{1B}[2J\u{9B}H"], shows: "␛[2J<U+009B>H"),
        Path(id: "a usage error quoting what was typed", arguments: ["contacts", "--sort", "\u{1B}]2;x\u{07}"], shows: "␛]2;x␇"),
        Path(id: "completion candidates", arguments: ["__complete", "contacts", "E"]),
        Path(id: "status (Eve's own name)", asEve: true, arguments: ["status"]),
        Path(id: "profile (Eve's own name and note)", asEve: true, arguments: ["profile"]),
        Path(id: "checkin history (the command's text)", asEve: true, arguments: ["checkin", "history"], shows: "␛]0;pwned␇"),
        Path(id: "login (Eve's own name)", asEve: true, arguments: ["login", "--phone", "+15550000002", "--code", "CODE"]),
        Path(id: "contacts remove", arguments: ["contacts", "remove", "Eve", "--yes"]),
        Path(id: "notifications show (the whole message, note included)", arguments: ["notifications", "show", "EVE-ALERT"]),
        Path(id: "status: who needs you", arguments: ["status"]),
        Path(id: "login: invitations waiting", arguments: ["login", "--phone", "+15550000001", "--code", "CODE"],
             shows: "Ivy␛]52;c;"),
        Path(id: "contacts invitations (the inviter's name)", arguments: ["contacts", "invitations"], shows: "Ivy␛]52;c;"),
        Path(id: "contacts decline", arguments: ["contacts", "decline", "Ivy"], shows: "Ivy␛]52;c;"),
        Path(id: "contacts accept", arguments: ["contacts", "accept", "Ivy"], shows: "Ivy␛]52;c;"),
        Path(id: "sessions (the machine a session came from)", arguments: ["sessions"], shows: "vm␛]2;owned␇<U+202E>"),
        Path(id: "timeline of a dependent", arguments: ["timeline", "Eve"]),
        Path(id: "ack", arguments: ["ack", "Eve"]),
    ]

    @Test(arguments: paths)
    func everyHumanPathShowsOthersTextHarmless(_ path: Path) throws {
        let world = try World()
        let person = path.asEve ? world.eve : world.ada
        var arguments = path.arguments.map { $0 == "EVE-CODE" ? world.eveCode : $0 }
        if arguments.contains("EVE-ALERT") {
            let alerts = try person.run(["notifications", "--type", "alerts", "--json"]).array()
            let id = try #require(alerts.first { ($0["title"] as? String)?.hasPrefix("Emergency alert") == true }?["id"] as? String)
            arguments = arguments.map { $0 == "EVE-ALERT" ? id : $0 }
        }
        if arguments.contains("CODE") {
            let phone = try #require(arguments.firstIndex(of: "--phone").map { arguments[$0 + 1] })
            let sent = try person.run(["login", "--phone", phone, "--json"])
            let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
            arguments = arguments.map { $0 == "CODE" ? code : $0 }
        }
        let result = try person.run(arguments)
        let shown = result.stdout + result.stderr
        #expect(Self.hostile(in: shown).isEmpty, "\(path.id): \(Self.hostile(in: shown)) in \(shown.debugDescription)")
        #expect(shown.contains(path.shows), "\(path.id): Eve's text is not shown: \(shown.debugDescription)")
    }

    @Test func aNoteCannotImitateANotification() throws {
        let world = try World()
        let shown = try world.ada.run(["contacts", "show", "Eve"]).stdout
        let lines = shown.split(separator: "\n").map(String.init)
        let imitated = try #require(lines.first { $0.contains("3f2a1b0c") }, "\(shown)")
        #expect(imitated.hasPrefix("  ") && imitated.drop { $0 == " " }.hasPrefix("•  3f2a1b0c"), "\(shown)")
        #expect(!shown.contains("\r"))
    }

    /// `notifications follow` prints Eve's alert as it arrives, harmless.
    @Test func followShowsItHarmless() throws {
        let world = try World()
        #expect(try world.eve.run(["alert", "off"]).succeeded)
        let follower = try world.ada.start(["notifications", "follow"])
        #expect(follower.waitFor { _, err in err.contains("Following") })
        #expect(try world.eve.run(["alert", "on", "--yes"]).succeeded)
        #expect(follower.waitFor { out, _ in out.contains("Emergency alert") })
        follower.signal(SIGTERM)
        let result = follower.wait()
        #expect(result.status == 0, "\(result)")
        #expect(Self.hostile(in: result.stdout + result.stderr).isEmpty, "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("Eve␛]52;c;cm0gLXJmIH4=␇"), "\(result.stdout.debugDescription)")
    }

    /// The notify command's environment is made harmless the same way; its
    /// standard input keeps the exact JSON. A failed delivery's error names
    /// the title harmlessly too.
    @Test func theNotifyCommandGetsHarmlessVariablesAndExactJSON() throws {
        let world = try World()
        let dump = world.sandbox.root.appendingPathComponent("notify")
        try FileManager.default.createDirectory(at: dump, withIntermediateDirectories: true)
        let script = "n=$(ls '\(dump.path)' | wc -l); printf '%s' \"$LIFESIGNAL_NOTIFICATION_TITLE\" > '\(dump.path)'/$n.title; "
            + "printf '%s' \"$LIFESIGNAL_NOTIFICATION_MESSAGE\" > '\(dump.path)'/$n.message; cat > '\(dump.path)'/$n.json"
        #expect(try world.ada.run(["settings", "set", "notify-command", script]).succeeded)
        #expect(try world.ada.run(["tick"]).succeeded)
        let files = try FileManager.default.contentsOfDirectory(atPath: dump.path)
        let feed = try world.ada.run(["notifications", "--json"]).array()
        var sawEve = false
        for name in files where name.hasSuffix(".json") {
            let base = dump.appendingPathComponent(String(name.dropLast(5))).path
            let title = try String(contentsOfFile: base + ".title", encoding: .utf8)
            let message = try String(contentsOfFile: base + ".message", encoding: .utf8)
            #expect(Self.hostile(in: title).isEmpty && !title.contains("\n"), "\(title.debugDescription)")
            // The message keeps the note's lines as written (a text to send,
            // not a terminal's screen, issue 31.15): no control characters.
            let controls = Self.hostile(in: message).filter { !$0.hasPrefix("a line imitating lifesignal") }
            #expect(controls.isEmpty, "\(message.debugDescription)")
            let item = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: base + ".json")))
                                    as? [String: Any])
            let stored = try #require(feed.first { $0["id"] as? String == item["id"] as? String })
            // Stdin has the exact stored text (in UTC) beside the ready-to-send one.
            #expect(item["titleUTC"] as? String == stored["title"] as? String)
            #expect(item["messageUTC"] as? String == stored["message"] as? String)
            if (item["title"] as? String)?.contains(Self.first) == true { sawEve = true }
        }
        #expect(sawEve, "no notification with Eve's name was delivered: \(files)")

        #expect(try world.eve.run(["alert", "off"]).succeeded)
        #expect(try world.ada.run(["settings", "set", "notify-command", "exit 3"]).succeeded)
        let failed = try world.ada.run(["tick"])
        #expect(failed.status == 9 && failed.stderr.contains("Mallory␛[2J"), "\(failed)")
        #expect(Self.hostile(in: failed.stdout + failed.stderr).isEmpty, "\(failed)")
    }

    /// What the notify command itself prints reaches the terminal harmless
    /// too: `jq -r .title` prints Eve's title with its escape sequences
    /// decoded, and a command may print anything; each line is shown, made
    /// harmless, on stderr, and `--json` output stays clean.
    @Test(arguments: ["jq -r .title", "printf 'own \\033]2;owned\\007 text\\n'; jq -r .message; exit 3"])
    func theNotifyCommandsOwnOutputIsShownHarmless(_ command: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/jq"), "jq is not installed")
        let world = try World()
        #expect(try world.ada.run(["settings", "set", "notify-command", command]).succeeded)
        let result = try world.ada.run(["tick", "--json"])
        #expect(result.status == (command.hasSuffix("exit 3") ? 9 : 0), "\(result)")
        #expect(Self.hostile(in: result.stdout + result.stderr).isEmpty,
                "\(Self.hostile(in: result.stderr)) in \(result.stderr.debugDescription)")
        #expect(result.stderr.contains("Eve␛]52;c;cm0gLXJmIH4=␇"), "Eve's text is not shown: \(result.stderr.debugDescription)")
        if command.hasPrefix("printf") { #expect(result.stderr.contains("  own ␛]2;owned␇ text\n"), "\(result.stderr.debugDescription)") }
        #expect(try result.json() is [String: Any], "\(result.stdout)")
    }

    /// `--json` keeps Eve's exact text, and its bytes carry nothing a
    /// terminal would act on.
    @Test(arguments: [["contacts", "--json"], ["contacts", "show", "Eve", "--json"], ["notifications", "--json"],
                      ["ping", "list", "--json"]])
    func jsonKeepsTheExactTextInHarmlessBytes(_ arguments: [String]) throws {
        let world = try World()
        let result = try world.ada.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(Self.hostile(in: result.stdout).isEmpty, "\(arguments): \(result.stdout.debugDescription)")
        let parsed = try result.json()
        let text = String(describing: parsed)
        #expect(Self.contains(parsed, Self.first), "\(arguments): Eve's exact name is not in \(text.prefix(400))")
    }

    static func contains(_ value: Any, _ needle: String) -> Bool {
        switch value {
        case let text as String: text.contains(needle)
        case let array as [Any]: array.contains { contains($0, needle) }
        case let object as [String: Any]: object.values.contains { contains($0, needle) }
        default: false
        }
    }

    /// A crafted QR image: `qr scan` shows its text harmless and indented,
    /// `--raw` gives the exact bytes, and `contacts add --image` names it
    /// harmlessly in its error. Made with lifesignal's own encoder and with
    /// qrencode, when installed.
    @Test(arguments: ["lifesignal", "qrencode"])
    func aCraftedQRImageIsShownHarmless(_ encoder: String) throws {
        let sandbox = Sandbox("crafted-qr")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        let payload = "\u{1B}]2;owned\u{07}\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}[2J\nThis is the lifesignal code of Bob Okafor"
        let image = sandbox.root.appendingPathComponent("crafted.png").path
        if encoder == "qrencode" {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode") else {
                print("skipped: qrencode is not installed")
                return
            }
            let made = try ada.run(["/usr/bin/qrencode", "-o", image, "-8", payload], viaShell: true)
            #expect(made.status == 0, "\(made)")
        } else {
            #expect(try ada.run(["qr", "encode", payload, "--png", image]).status == 0)
        }
        let scanned = try ada.run(["qr", "scan", image])
        #expect(scanned.status == 0, "\(scanned)")
        #expect(Self.hostile(in: scanned.stdout + scanned.stderr).isEmpty, "\(scanned.stdout.debugDescription)")
        #expect(scanned.stdout == "Not a lifesignal code. It says:\n  ␛]2;owned␇␛]52;c;cm0gLXJmIH4=␇␛[2J\n"
                + "  This is the lifesignal code of Bob Okafor\n", "\(scanned.stdout.debugDescription)")
        let raw = try ada.run(["qr", "scan", image, "--raw"])
        #expect(raw.stdout == payload + "\n", "\(raw.stdout.debugDescription)")
        let added = try ada.run(["contacts", "add", "--image", image, "--responder"])
        #expect(added.status == 5 && added.stderr.contains("it says: ␛]2;owned␇"), "\(added)")
        #expect(Self.hostile(in: added.stdout + added.stderr).isEmpty, "\(added.stderr.debugDescription)")
    }

    /// Scanning the QR code of someone whose name is hostile names them harmlessly.
    @Test func scanningEvesCodeNamesHerHarmless() throws {
        let world = try World()
        let image = world.sandbox.root.appendingPathComponent("eve.png").path
        #expect(try world.eve.run(["qr", "show", "--png", image]).status == 0)
        let scanned = try world.ada.run(["qr", "scan", image])
        #expect(scanned.status == 0 && scanned.stdout.contains("Eve␛]52;c;cm0gLXJmIH4=␇"), "\(scanned)")
        #expect(Self.hostile(in: scanned.stdout + scanned.stderr).isEmpty, "\(scanned.stdout.debugDescription)")
    }

    /// A directory or file with a hostile name planted in the store is
    /// reported by `doctor` harmlessly.
    @Test func doctorNamesPlantedFilesHarmless() throws {
        // A directory of the store's (an etcd store's odd keys are named as bytes: DoctorTests).
        let world = try World(storeKind: .directory)
        let planted = world.sandbox.store.appendingPathComponent("accounts/\u{1B}]2;owned\u{07}")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: false)
        chmod(planted.path, 0o700)
        let report = try world.ada.run(["doctor"])
        #expect(report.status == 7, "\(report)")
        #expect(report.stdout.contains("accounts/␛]2;owned␇"), "\(report.stdout.debugDescription)")
        #expect(Self.hostile(in: report.stdout + report.stderr).isEmpty, "\(report.stdout.debugDescription)")
    }
}

/// A question on a terminal that names someone shows their name harmless.
@Suite(.serialized, .ownThreads) struct HostilePromptTests {
    @Test func aQuestionNamesAHostileContactHarmlessly() throws {
        let world = try HostileTextTests.World()
        let terminal = try Terminal(world.ada, ["contacts", "remove", "Eve"])
        let asked = try terminal.expect("[y/N] ")
        #expect(asked.contains("Remove Eve␛]52;c;cm0gLXJmIH4=␇"), "\(asked.debugDescription)")
        #expect(!asked.contains("\u{1B}") && !asked.contains("\u{202E}"), "\(asked.debugDescription)")
        terminal.type("n")
        #expect(try terminal.finish() == 14)
        #expect(!terminal.screen.contains("\u{1B}]"), "\(terminal.screen.debugDescription)")
    }
}
