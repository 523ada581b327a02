import Foundation
import Testing
import TestSupport

/// Bad input to the invitation commands: a one-line error, the documented
/// exit code, the same as a JSON error, and nothing changed in the store.
@Suite(.serialized, .ownThreads) struct InvitationBadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { id }
    }

    /// Ada has Cy as a contact and a pending invitation to +15550000002 (Bob),
    /// and Bob has none to answer from anyone but her.
    static let adaCases: [Case] = [
        Case(id: "not a number", arguments: ["contacts", "add", "--phone", "call me", "--responder"], status: 5,
             message: "not a phone number"),
        Case(id: "too short", arguments: ["contacts", "add", "--phone", "+1555", "--responder"], status: 5, message: "not a phone number"),
        Case(id: "a path", arguments: ["contacts", "add", "--phone", "../../etc/passwd", "--dependent"], status: 5,
             message: "not a phone number"),
        Case(id: "huge", arguments: ["contacts", "add", "--phone", String(repeating: "5", count: 5000), "--responder"], status: 5,
             message: "…\" is not a phone number"),
        Case(id: "no role", arguments: ["contacts", "add", "--phone", "+15550000007"], status: 5, message: "at least one role"),
        Case(id: "yourself", arguments: ["contacts", "add", "--phone", "001 555 000 0001", "--responder"], status: 5,
             message: "your own number"),
        Case(id: "already linked", arguments: ["contacts", "add", "--phone", "+15550000003", "--dependent"], status: 5,
             message: "Cy Young is already a contact"),
        Case(id: "pending duplicate", arguments: ["contacts", "add", "--phone", "+1 (555) 000-0002", "--dependent"], status: 5,
             message: "you already invited +15550000002"),
        Case(id: "empty name", arguments: ["contacts", "add", "--phone", "+15550000007", "--responder", "--first-name", " "],
             status: 5, message: "first name must not be empty"),
        Case(id: "escape in a name",
             arguments: ["contacts", "add", "--phone", "+15550000007", "--responder", "--last-name", "X\u{1B}[2J"],
             status: 5, message: "control characters"),
        Case(id: "names with a code", arguments: ["contacts", "add", "ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ", "--responder", "--first-name", "Z"],
             status: 2, message: "'--first-name' cannot be used with 'CODE'"),
        Case(id: "names with a picture", arguments: ["contacts", "add", "--image", "x.png", "--responder", "--last-name", "Z"],
             status: 2, message: "'--last-name' cannot be used with '--image'"),
        Case(id: "code and phone", arguments: ["contacts", "add", "ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ", "--phone", "+15550000007"],
             status: 2, message: "cannot be used with"),
        Case(id: "phone without a value", arguments: ["contacts", "add", "--responder", "--phone"], status: 2, message: "--phone"),
        Case(id: "accept without an argument", arguments: ["contacts", "accept"], status: 2, message: "INVITATION"),
        Case(id: "accept an empty name", arguments: ["contacts", "accept", " "], status: 2, message: "INVITATION"),
        Case(id: "accept with nothing waiting", arguments: ["contacts", "accept", "Bob"], status: 4, message: "no invitations are waiting"),
        Case(id: "decline with nothing waiting", arguments: ["contacts", "decline", "abcd1234"], status: 4,
             message: "no invitations are waiting"),
        Case(id: "withdraw without --yes", arguments: ["contacts", "remove", "+15550000002"], status: 5, message: "--yes"),
        Case(id: "invitations takes no argument", arguments: ["contacts", "invitations", "x"], status: 2, message: "'x'"),
    ]

    static let bobCases: [Case] = [
        Case(id: "by the inviter's number", arguments: ["contacts", "accept", "+15550000001"], status: 4,
             message: "no invitation waiting for you matches"),
        Case(id: "unknown name", arguments: ["contacts", "decline", "Zed"], status: 4, message: "no invitation waiting for you matches"),
        Case(id: "unknown ID", arguments: ["contacts", "accept", "ffffffff"], status: 4, message: "no invitation waiting for you matches"),
        Case(id: "not named yet", arguments: ["contacts", "accept", "Ada"], status: 5, message: "your profile has no name yet"),
    ]

    @Test(arguments: adaCases)
    func theInviterIsRefusedCleanly(_ c: Case) throws {
        let (sandbox, ada, _) = try Self.world(bobNamed: true)
        try Self.expectRefusal(c, by: ada, in: sandbox)
    }

    @Test(arguments: bobCases)
    func theInviteeIsRefusedCleanly(_ c: Case) throws {
        let (sandbox, _, bob) = try Self.world(bobNamed: c.id != "not named yet")
        try Self.expectRefusal(c, by: bob, in: sandbox)
    }

    static func world(bobNamed: Bool) throws -> (Sandbox, Person, Person) {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cy = sandbox.person("cy")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "Young")
        if bobNamed {
            try bob.signUp(phone: "+15550000002", first: "Bob", last: "Builder")
        } else {
            let code = try #require(try bob.run(["login", "--phone", "+15550000002", "--json"]).jsonObject?["code"] as? String)
            #expect(try bob.run(["login", "--phone", "+15550000002", "--code", code]).status == 0)
        }
        #expect(try ada.run(["contacts", "add", try cy.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run(["contacts", "add", "--phone", "+15550000002", "--responder"]).status == 0)
        return (sandbox, ada, bob)
    }

    static func expectRefusal(_ c: Case, by person: Person, in sandbox: Sandbox) throws {
        let before = try sandbox.storeContents()
        let result = try person.run(c.arguments)
        #expect(result.status == c.status, "\(result)")
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(c.message), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(try sandbox.storeContents() == before, "the store changed")

        let json = try person.run(["--json"] + c.arguments)
        #expect(json.status == c.status)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], "\(json)")
        #expect((error["error"] as? [String: Any])?["code"] as? Int == Int(c.status))
        #expect(try sandbox.storeContents() == before, "the store changed")
    }
}
