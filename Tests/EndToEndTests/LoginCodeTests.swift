import Foundation
import Testing
import TestSupport

/// The verification code can stay out of the process list, where any user
/// of the machine can read `--code CODE`: from `LIFESIGNAL_LOGIN_CODE`, or
/// from standard input with `--code -`; help says so.
@Suite(.serialized) struct LoginCodeTests {
    static func requestCode(_ person: Person, _ phone: String) throws -> String {
        let sent = try person.run(["login", "--phone", phone, "--json"])
        return try #require(sent.jsonObject?["code"] as? String, "\(sent)")
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
