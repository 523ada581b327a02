import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// Adding someone by phone number, on the in-memory store: the consent rules.
struct InvitationServiceTests {
    func pair() throws -> (World, Account, Account) {
        let world = World()
        return (world, try world.person("Ada", "Lovelace", phone: "+15550000001"),
                try world.person("Bob", "Builder", phone: "+15550000002"))
    }

    @Test func invitingLinksNothingAndTellsTheInviteeOnlyTheInvitersNameAndAHint() throws {
        let (world, ada, bob) = try pair()
        var note = try world.reload(ada)
        try AccountService(store: world.store, env: world.env).updateProfile(&note, firstName: nil, lastName: nil, note: "Key under the mat")
        try world.checkIn(ada)
        let sent = try world.invite(ada, "+1 (555) 000-0002", responder: true, first: "Bobby")
        #expect(sent.status == .pending && sent.toPhoneNumber == "+15550000002" && sent.firstName == "Bobby")
        #expect(sent.expiresAt == world.now.addingTimeInterval(30 * 86_400))
        #expect(try world.store.contacts(of: ada.id).isEmpty && world.store.contacts(of: bob.id).isEmpty)
        #expect(try world.feed(ada).filter { $0.type == .added }.isEmpty)

        let items = try world.feed(bob)
        #expect(items.map(\.type) == [.added])
        let item = try #require(items.first)
        #expect(item.title == "Ada Lovelace invited you")
        #expect(item.message.contains("their responder") && item.message.contains("+•••••••••01"))
        for secret in ["+15550000001", "5550000001", "Key under the mat"] {
            #expect(!item.message.contains(secret) && !item.title.contains(secret))
        }
        #expect(item.relatedContactID == nil)
        let received = try InvitationDirectory(store: world.store).received(of: bob.id, now: world.now)
        #expect(received.map(\.invitation) == [sent])
        let from = try #require(received.first?.from)
        #expect(from.id == ada.id && from.name == "Ada Lovelace" && from.maskedPhone == "+•••••••••01")
    }

    /// What the inviter gets back and keeps does not depend on whether the number has an account.
    @Test func theInviterCannotTellWhetherTheNumberHasAnAccount() throws {
        func inviterSide(registered: Bool) throws -> (Invitation, InvitationBook, [FeedItem]) {
            let world = World()
            let ada = try world.person("Ada", "Lovelace", phone: "+15550000001")
            if registered { _ = try world.person("Bob", "Builder", phone: "+15550000002") }
            let sent = try world.invite(ada, "+15550000002", responder: false, dependent: true)
            return (sent, try world.store.invitations(of: ada.id), try world.feed(ada))
        }
        let (known, knownBook, knownFeed) = try inviterSide(registered: true)
        let (unknown, unknownBook, unknownFeed) = try inviterSide(registered: false)
        func anonymous(_ i: Invitation) -> Invitation {
            var i = i
            i.id = EntityID(randomBytes: [UInt8](repeating: 0, count: 16))
            i.fromID = i.id
            return i
        }
        #expect(anonymous(known) == anonymous(unknown))
        #expect(knownBook.sent.map(anonymous) == unknownBook.sent.map(anonymous))
        #expect(knownBook.recentSends == unknownBook.recentSends)
        #expect(knownFeed.isEmpty && unknownFeed.isEmpty)
    }

    @Test(arguments: [(true, false), (false, true), (true, true)])
    func acceptingLinksWithTheProposedRolesAndTellsTheInviter(_ roles: (Bool, Bool)) throws {
        let (world, ada, bob) = try pair()
        let sent = try world.invite(ada, "+15550000002", responder: roles.0, dependent: roles.1)
        let accepted = try InvitationService(store: world.store, env: world.env).accept("Ada", owner: try world.reload(bob))
        #expect(accepted.invitation.status == .accepted && accepted.invitation.respondedAt == world.now)
        #expect(accepted.contact.id == ada.id)
        let adaSide = try world.contact("Bob", of: ada), bobSide = try world.contact("Ada", of: bob)
        #expect(adaSide.link.isResponder == roles.0 && adaSide.link.isDependent == roles.1)
        #expect(bobSide.link == adaSide.link.mirrored(owner: ada.id))
        let told = try #require(try world.feed(ada).first)
        #expect(told.type == .added && told.title == "Bob Builder accepted your invitation" && told.relatedContactID == bob.id)
        #expect(try world.store.invitations(of: ada.id).sent.map(\.status) == [.accepted])
        #expect(try world.store.invitations(of: bob.id).received.map(\.status) == [.accepted])
        #expect(try world.store.invitations(of: bob.id).received.first?.id == sent.id)
    }

    @Test func decliningLinksNothingAndTellsTheInviterInTheirOwnWords() throws {
        let (world, ada, bob) = try pair()
        _ = try world.invite(ada, "+15550000002", responder: true, first: "Bobby", last: "B.")
        let declined = try InvitationService(store: world.store, env: world.env).decline("ada lovelace", owner: bob)
        #expect(declined.invitation.status == .declined && declined.from.name == "Ada Lovelace")
        #expect(try world.store.contacts(of: ada.id).isEmpty && world.store.contacts(of: bob.id).isEmpty)
        let told = try #require(try world.feed(ada).first)
        #expect(told.type == .removed && told.title == "Your invitation to Bobby B. was declined")
        #expect(told.message == "Bobby B. (+15550000002) declined your invitation, so nothing was linked.")
        #expect(told.relatedContactID == nil)
        #expect(try world.store.invitations(of: bob.id).received.map(\.status) == [.declined])
        // Answered: neither answer works again.
        #expect(throws: LifeSignalError.self) { try InvitationService(store: world.store, env: world.env).accept("Ada", owner: bob) }
    }

    @Test func aNumberWithoutAnAccountGetsItsInvitationsAtItsFirstSignIn() throws {
        let world = World()
        let ada = try world.person("Ada", "Lovelace", phone: "+15550000001")
        let cy = try world.person("Cy", "Young", phone: "+15550000003")
        let fromAda = try world.invite(ada, "+15550000009", responder: true, first: "Dee")
        let fromCy = try world.invite(cy, "0015550000009", responder: false, dependent: true)
        #expect(try world.store.waitingInvitations(for: "+15550000009").map(\.id) == [fromAda.id, fromCy.id])
        #expect(world.backend.contents["invitations/15550000009.json"] != nil)

        world.advance(86_400)
        let dee = try world.person("Dee", "Doe", phone: "+15550000009")
        #expect(try world.store.waitingInvitations(for: "+15550000009").isEmpty)
        #expect(world.backend.contents["invitations/15550000009.json"] == nil)
        let received = try InvitationDirectory(store: world.store).received(of: dee.id, now: world.now)
        #expect(received.map(\.invitation.id) == [fromAda.id, fromCy.id])
        #expect(try world.feed(dee).map(\.title).sorted() == ["Ada Lovelace invited you", "Cy Young invited you"])
        _ = try InvitationService(store: world.store, env: world.env).accept("Cy", owner: dee)
        #expect(try world.contact("Dee", of: cy).link.isDependent)
        #expect(try world.store.invitations(of: ada.id).sent.map(\.status) == [.pending])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var id: String
        /// Part of the one-line error.
        var says: String
        var phone = "+15550000002"
        var responder = true
        var dependent = false
        var first: String?
        var last: String?
        var setUp: @Sendable (World, Account, Account) throws -> Void = { _, _, _ in }
        var testDescription: String { id }
    }

    @Test(arguments: [
        Refusal(id: "no role", says: "at least one role", responder: false),
        Refusal(id: "yourself", says: "your own number", phone: "+1 555 000 0001"),
        Refusal(id: "yourself written with 00", says: "your own number", phone: "00 1 555 000 0001"),
        Refusal(id: "not a number", says: "not a phone number", phone: "call me"),
        Refusal(id: "too short", says: "not a phone number", phone: "+1555"),
        Refusal(id: "a path", says: "not a phone number", phone: "../../etc/passwd"),
        Refusal(id: "empty", says: "not a phone number", phone: ""),
        Refusal(id: "empty first name", says: "first name must not be empty", first: "  "),
        Refusal(id: "control character in a name", says: "control characters", last: "B\u{1B}[2J"),
        Refusal(id: "name too long", says: "longer than 128 bytes", first: String(repeating: "x", count: 129)),
        Refusal(id: "already linked", says: "Bob Builder is already a contact", setUp: { world, ada, bob in try world.link(ada, bob, responder: false, dependent: true) }),
        Refusal(id: "already linked the other way", says: "already a contact", setUp: { world, ada, bob in try world.link(bob, ada, responder: true, dependent: false) }),
        Refusal(id: "pending duplicate", says: "you already invited +15550000002", phone: "+1 555-000-0002", setUp: { world, ada, _ in
            _ = try world.invite(ada, "+15550000002", responder: false, dependent: true)
        }),
        Refusal(id: "pending duplicate to a number without an account", says: "you already invited +15550000077", phone: "+15550000077", setUp: { world, ada, _ in
            _ = try world.invite(ada, "+15550000077", responder: true)
        }),
    ])
    func refusalsChangeNothing(_ refusal: Refusal) throws {
        let (world, ada, bob) = try pair()
        try refusal.setUp(world, ada, bob)
        let before = world.backend.contents
        let error = #expect(throws: LifeSignalError.self) {
            try world.invite(ada, refusal.phone, responder: refusal.responder, dependent: refusal.dependent,
                             first: refusal.first, last: refusal.last)
        }
        #expect(error?.message.contains(refusal.says) == true, "\(String(describing: error))")
        #expect(error?.kind == .refused)
        #expect(world.backend.contents == before)
    }

    @Test func anAccountWithoutANameCannotInviteOrAccept() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let auth = AuthService(store: world.store, env: world.env)
        let issued = try auth.requestCode(phoneNumber: "+15550000005")
        guard case .signedIn(let nameless, _, _) = try auth.verify(phoneNumber: "+15550000005", code: issued.code,
                                                                   firstName: nil, lastName: nil) else { return }
        #expect(throws: LifeSignalError.needsOnboarding) { try world.invite(nameless, "+15550000001", responder: true) }
        _ = try world.invite(ada, "+15550000005", responder: true)
        #expect(throws: LifeSignalError.needsOnboarding) {
            try InvitationService(store: world.store, env: world.env).accept("Ada", owner: nameless)
        }
    }
}
