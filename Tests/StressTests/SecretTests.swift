import Foundation
import Testing
import TestSupport

/// Verification codes and session tokens stay secret: they appear in no
/// output, error or store file (only their hashes do), the locally shown
/// code aside; guessing a code is cut off; external commands never see a
/// token.
@Suite(.ownThreads) struct SecretTests {
    /// Every file under `directory`, as text, with its path.
    static func contents(_ directory: URL) -> [(String, String)] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return walker.compactMap { $0 as? String }.compactMap { relative in
            FileManager.default.contents(atPath: directory.appendingPathComponent(relative).path)
                .map { (relative, String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// Whether `text` holds `code` as a whole number (not inside a longer one).
    static func mentions(_ text: String, code: String) -> Bool {
        text.range(of: "(^|[^0-9])\(code)([^0-9]|$)", options: .regularExpression) != nil
    }

    @Test func codesAndTokensAppearNowhereButAsHashes() throws {
        let sandbox = Sandbox("secrets", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        let sent = try ada.run(["login", "--phone", "+15550000001", "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        for (relative, text) in Self.contents(sandbox.store) {
            #expect(!Self.mentions(text, code: code), "the code is stored in clear in \(relative)")
        }
        let wrong = code == "000000" ? "111111" : "000000"
        let rejected = try ada.run(["login", "--phone", "+15550000001", "--code", wrong])
        #expect(rejected.status == 5 && !Self.mentions(rejected.stdout + rejected.stderr, code: code), "\(rejected)")
        let done = try ada.run(["login", "--phone", "+15550000001", "--code", code, "--first-name", "Ada", "--last-name", "L"])
        #expect(done.succeeded && !Self.mentions(done.stdout + done.stderr, code: code), "\(done)")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        let token = try #require(try Self.token(of: ada), "no session token")

        var outputs: [String] = []
        let commands: [[String]] = [
            ["status"], ["status", "--json"], ["profile", "--json"], ["checkin", "--json"], ["checkin", "history"],
            ["contacts", "add", try bob.qrCode(), "--responder", "--dependent", "--json"], ["contacts", "--json"],
            ["ping", "send", "Bob", "--json"], ["ping", "list", "--json"], ["notifications", "--json"],
            ["settings", "--json"], ["qr", "show", "--json"], ["tick", "--json"], ["alert", "--json"],
            ["contacts", "show", "nobody"], ["notifications", "read", "ffffffff"], ["login", "--phone", "bad"],
            ["logout", "--json"], ["status", "--json"],
        ]
        for arguments in commands {
            let result = try ada.run(arguments)
            outputs.append("\(arguments): \(result.stdout)\(result.stderr)")
        }
        for output in outputs {
            #expect(!output.contains(token), "the session token was printed: \(output)")
            #expect(!Self.mentions(output, code: code), "the used code was printed: \(output)")
        }
        for (relative, text) in Self.contents(sandbox.store) {
            #expect(!text.contains(token), "the session token is stored in clear in \(relative)")
            #expect(!Self.mentions(text, code: code), "the code is stored in clear in \(relative)")
        }
    }

    /// With an sms-command the code goes to it, and nowhere else.
    @Test func withAnSMSCommandTheCodeIsNotShown() throws {
        let sandbox = Sandbox("sms", storeKind: .directory)
        let ada = sandbox.person("ada")
        let inbox = sandbox.root.appendingPathComponent("sms.txt").path
        let sent = try ada.run(["login", "--phone", "+15550000001", "--json"],
                               extra: ["LIFESIGNAL_SMS_COMMAND": "cat > '\(inbox)'"])
        #expect(sent.succeeded, "\(sent)")
        let message = try String(contentsOfFile: inbox, encoding: .utf8)
        let code = try #require(message.range(of: "[0-9]{6}", options: .regularExpression).map { String(message[$0]) },
                                "no code in the SMS: \(message)")
        #expect(!Self.mentions(sent.stdout + sent.stderr, code: code), "\(sent)")
    }

    /// Five wrong guesses burn the code: the right one no longer works.
    @Test func guessingACodeIsCutOff() throws {
        let sandbox = Sandbox("guess", storeKind: .directory)
        let ada = sandbox.person("ada")
        let sent = try ada.run(["login", "--phone", "+15550000001", "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String)
        let value = try #require(Int(code), "the code \(code) is not a number")
        let guesses = (0..<5).map { String(format: "%06d", (value + 1 + $0 * 7919) % 1_000_000) }
        var refused = 0
        for guess in guesses {
            let result = try ada.run(["login", "--phone", "+15550000001", "--code", guess])
            #expect(result.status == 5, "\(result)")
            refused += result.status == 5 ? 1 : 0
        }
        let late = try ada.run(["login", "--phone", "+15550000001", "--code", code, "--first-name", "A", "--last-name", "B"])
        #expect(late.status == 5, "the right code still worked after 5 wrong guesses: \(late)")
        #expect(try ada.run(["status"]).status == 3)
        #expect(refused == 5)
    }

    /// notify-command and sms-command see their documented variables, never a token.
    @Test func externalCommandsGetNoSessionToken() throws {
        let sandbox = Sandbox("external", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        try bob.linkBothWays(with: ada)
        let dump = sandbox.root.appendingPathComponent("notify.txt").path
        #expect(try ada.run(["settings", "set", "notify-command", "{ env; cat; } >> '\(dump)'"]).succeeded)
        let smsDump = sandbox.root.appendingPathComponent("sms-env.txt").path
        let token = try #require(try Self.token(of: ada))
        let tick = try ada.run(["tick"])
        #expect(tick.succeeded, "\(tick)")
        // A second sign-in of a signed-in person: the SMS command runs while a session exists.
        let relogin = try ada.run(["login", "--phone", "+15550000001"],
                                  extra: ["LIFESIGNAL_SMS_COMMAND": "env > '\(smsDump)'"])
        #expect(relogin.succeeded, "\(relogin)")
        let notified = try String(contentsOfFile: dump, encoding: .utf8)
        #expect(notified.contains("LIFESIGNAL_NOTIFICATION_ID="), "the notify command did not run: \(tick)")
        #expect(!notified.contains(token), "the notify command saw the session token")
        let smsEnvironment = try String(contentsOfFile: smsDump, encoding: .utf8)
        #expect(smsEnvironment.contains("LIFESIGNAL_SMS_TO="))
        #expect(!smsEnvironment.contains(token), "the SMS command saw the session token")
    }

    /// The token in a person's session file.
    static func token(of person: Person) throws -> String? {
        let names = try FileManager.default.contentsOfDirectory(atPath: person.stateDirectory.path)
        guard let name = names.first(where: { $0.hasPrefix("session-") }),
              let data = FileManager.default.contents(atPath: person.stateDirectory.appendingPathComponent(name).path),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (object["data"] as? [String: Any])?["token"] as? String
    }
}
