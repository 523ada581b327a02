import Foundation
import Testing
import TestSupport

/// The verification code can stay out of the process list, where any user
/// of the machine can read `--code CODE`: from `LIFESIGNAL_LOGIN_CODE`, or
/// from standard input with `--code -`; help says so.
@Suite(.serialized, .ownThreads) struct LoginCodeTests {
    static func requestCode(_ person: Person, _ phone: String) throws -> String {
        let sent = try person.run(["login", "--phone", phone, "--json"])
        return try #require(sent.jsonObject?["code"] as? String, "\(sent)")
    }

    /// SHA-256 of `text`, as `sha256sum` prints it: the hash codes were kept as.
    static func sha256(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(printed.prefix(64))
    }

    /// The pending code's file (`logins/<number>.json`) and its fields.
    static func pending(_ sandbox: Sandbox, _ phone: String) throws -> (url: URL, fields: [String: Any]) {
        let url = sandbox.store.appendingPathComponent("logins/\(phone.dropFirst()).json")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return (url, try #require(file["data"] as? [String: Any]))
    }

    /// The code is kept as a slow, salted hash (PBKDF2, 100,000 rounds), not
    /// as one SHA-256 of salt, number and code, which anyone who can read
    /// the store tried all million codes against in 0.3 s; asking for a
    /// code and signing in with it each stay well under a second.
    @Test func theCodeIsKeptAsASlowHashAndSigningInStaysQuick() throws {
        let sandbox = Sandbox("login-hash", storeKind: .directory)
        let ada = sandbox.person("ada")
        let phone = "+15550000001"
        var started = Date()
        let code = try Self.requestCode(ada, phone)
        let asking = Date().timeIntervalSince(started)
        let fields = try Self.pending(sandbox, phone).fields
        let salt = try #require(fields["salt"] as? String), hash = try #require(fields["codeHash"] as? String)
        #expect((fields["iterations"] as? Int ?? 0) >= 100_000, "\(fields)")
        let quick = try Self.sha256(salt + ":" + phone + ":" + code)
        #expect(hash.count == 64 && hash != quick, "a quick hash: \(fields)")
        started = Date()
        let signed = try ada.run(["login", "--phone", phone, "--code", code, "--first-name", "Ada", "--last-name", "L"])
        let signing = Date().timeIntervalSince(started)
        #expect(signed.status == 0, "\(signed)")
        #expect(asking < 1 && signing < 1, "asking took \(asking) s, signing in \(signing) s")
    }

    /// A code issued before codes were hashed slowly (no rounds recorded,
    /// one SHA-256) no longer signs in: it is let go as expired, and a new
    /// code works at once.
    @Test func aCodeIssuedBeforeIsLetGoAsExpired() throws {
        let sandbox = Sandbox("login-hash", storeKind: .directory)
        let ada = sandbox.person("ada")
        let phone = "+15550000001"
        let code = try Self.requestCode(ada, phone)
        let (url, fields) = try Self.pending(sandbox, phone)
        var old = fields
        old["iterations"] = nil
        old["codeHash"] = try Self.sha256(try #require(fields["salt"] as? String) + ":" + phone + ":" + code)
        try JSONSerialization.data(withJSONObject: ["schemaVersion": 1, "data": old], options: [.sortedKeys]).write(to: url)
        let refused = try ada.run(["login", "--phone", phone, "--code", code])
        #expect(refused.status == 5 && refused.stderr.contains("the code has expired"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: url.path), "the old code was kept")
        try ada.signUp(phone: phone, first: "Ada")
        #expect(try ada.run(["status"]).status == 0)
    }

    @Test func theCodeFromTheEnvironment() throws {
        let sandbox = Sandbox("login-code")
        let ada = sandbox.person("ada")
        let code = try Self.requestCode(ada, "+15550000001")
        let signed = try ada.run(["login", "--phone", "+15550000001", "--first-name", "Ada", "--last-name", "L"],
                                 extra: ["LIFESIGNAL_LOGIN_CODE": code])
        #expect(signed.status == 0 && signed.stdout.contains("Signed in as Ada L"), "\(signed)")
        #expect(try ada.run(["status"]).status == 0)
    }

    @Test func aWrongCodeFromTheEnvironmentIsRefusedLikeAnyWrongCode() throws {
        let sandbox = Sandbox("login-code")
        let ada = sandbox.person("ada")
        let code = try Self.requestCode(ada, "+15550000001")
        let wrong = try ada.run(["login", "--phone", "+15550000001"],
                                extra: ["LIFESIGNAL_LOGIN_CODE": code == "000000" ? "111111" : "000000"])
        #expect(wrong.status == 5 && wrong.stderr.contains("wrong code (4 attempts left)"), "\(wrong)")
    }

    @Test func theCodeFromStandardInput() throws {
        let sandbox = Sandbox("login-code")
        let ada = sandbox.person("ada")
        let code = try Self.requestCode(ada, "+15550000001")
        let signed = try ada.run(["login", "--phone", "+15550000001", "--code", "-", "--first-name", "Ada", "--last-name", "L"],
                                 input: code + "\n")
        #expect(signed.status == 0, "\(signed)")
        #expect(try ada.run(["status"]).status == 0)
    }

    @Test(arguments: [("nothing", ""), ("too much", String(repeating: "123456\n", count: 2000)), ("not digits", "abcdef\n")])
    func standardInputWithoutACodeIsRefused(id: String, input: String) throws {
        let sandbox = Sandbox("login-code")
        let ada = sandbox.person("ada")
        _ = try Self.requestCode(ada, "+15550000001")
        let refused = try ada.run(["login", "--phone", "+15550000001", "--code", "-"], input: input)
        #expect(refused.status == 5 && refused.stderr.hasPrefix("error: "), "\(id): \(refused)")
        #expect(try ada.run(["status"]).status == 3)
    }

    @Test func helpSaysHowToKeepTheCodeOutOfTheProcessList() throws {
        let sandbox = Sandbox("login-code")
        let help = try sandbox.person("ada").run(["login", "--help"])
        #expect(help.stdout.contains("LIFESIGNAL_LOGIN_CODE") && help.stdout.contains("process list")
                && help.stdout.contains("--code -"), "\(help.stdout)")
    }
}
