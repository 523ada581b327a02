import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// Invitation files that decode but cannot be right are damage (named, left
/// alone), never invitations a command acts on.
struct InvitationFileTests {
    static let ada = "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a"
    static let invitationID = "1b1b1b1b-1b1b-4b1b-8b1b-1b1b1b1b1b1b"

    /// One stored invitation, with `fields` replacing the sound values.
    static func invitation(_ fields: [String: String] = [:]) -> String {
        var values = [
            "id": "\"\(invitationID)\"", "fromID": "\"\(ada)\"", "toPhoneNumber": "\"+15550000002\"",
            "firstName": "\"Sam\"", "lastName": "\"\"", "isResponder": "true", "isDependent": "false",
            "sentAt": "\"2026-03-01T09:00:00Z\"", "expiresAt": "\"2026-03-31T09:00:00Z\"", "status": "\"pending\"",
        ]
        values.merge(fields) { $1 }
        return "{" + values.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    static func book(sent: [String] = [], received: [String] = []) -> String {
        "{\"schemaVersion\":1,\"data\":{\"sent\":[\(sent.joined(separator: ","))],\"received\":[\(received.joined(separator: ","))],\"recentSends\":[]}}"
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var book: String
        var reason: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        Case(id: "doubled", book: book(sent: [invitation(), invitation()]), reason: "appears twice"),
        Case(id: "doubled among received", book: book(received: [invitation(), invitation()]), reason: "appears twice"),
        Case(id: "number not E.164", book: book(sent: [invitation(["toPhoneNumber": "\"../../x\""])]), reason: "bad phone number"),
        Case(id: "no role", book: book(sent: [invitation(["isResponder": "false"])]), reason: "proposes no role"),
        Case(id: "expires before sent", book: book(received: [invitation(["expiresAt": "\"2026-02-01T09:00:00Z\""])]),
             reason: "expires before it was sent"),
        Case(id: "escape in a name", book: book(received: [invitation(["lastName": "\"\\u001b[2J\""])]), reason: "one clean line"),
        Case(id: "two lines in a name", book: book(sent: [invitation(["firstName": "\"Sam\\nFake notice\""])]), reason: "one clean line"),
        Case(id: "unknown status", book: book(sent: [invitation(["status": "\"maybe\""])]), reason: "status"),
        Case(id: "bad ID", book: book(sent: [invitation(["id": "\"../x\""])]), reason: "invalid ID"),
        Case(id: "not an object", book: "{\"schemaVersion\":1,\"data\":[]}", reason: "wrong type"),
    ])
    func anImpossibleBookIsDamage(_ c: Case) throws {
        let files = StepByStep(MemoryBackend())
        let store = LayoutStore(files, name: "memory:")
        let owner = try #require(EntityID(validating: Self.ada))
        try files.write("accounts/\(Self.ada)/invitations.json", Array(c.book.utf8))
        let error = #expect(throws: StoreError.self) { try store.invitations(of: owner) }
        guard case .damaged(let path, let reason) = error else { return }
        #expect(path == "memory:/accounts/\(Self.ada)/invitations.json")
        #expect(reason.contains(c.reason), "\(reason)")
    }

    @Test func anImpossibleWaitingListIsDamageAndASoundOneReads() throws {
        let files = StepByStep(MemoryBackend())
        let store = LayoutStore(files, name: "memory:")
        let path = "invitations/15550000002.json"
        try files.write(path, Array("{\"schemaVersion\":1,\"data\":{\"invitations\":[\(Self.invitation(["isResponder": "false"]))]}}".utf8))
        #expect(throws: StoreError.self) { try store.waitingInvitations(for: "+15550000002") }
        try files.write(path, Array("{\"schemaVersion\":1,\"data\":{\"invitations\":[\(Self.invitation())]}}".utf8))
        #expect(try store.waitingInvitations(for: "+15550000002").map(\.firstName) == ["Sam"])
        #expect(try store.waitingInvitations(for: "../../15550000002").isEmpty, "a number that is not E.164 names no file")
        try store.setWaitingInvitations([], for: "+15550000002")
        #expect(try files.contents[path] == nil)
    }
}

/// An unreadable invitation file holds up nobody's deadlines.
struct InvitationDamageContainmentTests {
    @Test func anUnreadableInviteeCopyStillLetsTheInvitationExpireOnce() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        _ = try world.invite(ada, "+15550000002", responder: true)
        try world.files.write("accounts/\(bob.id)/invitations.json", Array("{".utf8))
        world.store = LayoutStore(world.files, name: world.backend.name)  // nothing read before the damage is remembered
        world.advance(30 * 86_400)
        try world.tick()
        try world.tick()
        #expect(try world.feed(ada).filter { $0.title.hasSuffix(" expired") }.count == 1)
        #expect(world.backend.contents["accounts/\(bob.id)/invitations.json"] == Array("{".utf8), "left as it was")
    }

    @Test func anUnreadableInviterBookIsLookedAtAgainLaterWhileOtherDeadlinesFire() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        let cy = try world.person("Cy", phone: "+15550000003")
        try world.link(bob, cy, responder: true, dependent: false)
        _ = try world.invite(ada, "+15550000009", responder: true)
        world.advance(29 * 86_400)
        try world.checkIn(bob)
        try world.files.write("accounts/\(ada.id)/invitations.json", Array("{".utf8))
        world.store = LayoutStore(world.files, name: world.backend.name)  // nothing read before the damage is remembered
        world.advance(86_400)
        try world.tick()
        #expect(try world.feed(cy).contains { $0.title == "Bob Test missed a check-in" })
        #expect(try world.reload(ada).invitationWake == world.now.addingTimeInterval(InvitationRules.recheckDelay))
        #expect(try world.store.nextScheduledWake().map { $0 > world.now } == true, "nothing is due until then")
    }
}
