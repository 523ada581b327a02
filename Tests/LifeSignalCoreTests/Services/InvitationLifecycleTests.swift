import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// Invitations over time: expiry through the deadline schedule, the rate
/// limits, finding one by what a person types, withdrawing, crossing.
struct InvitationLifecycleTests {
    func service(_ world: World) -> InvitationService { InvitationService(store: world.store, env: world.env) }

    @Test(arguments: [true, false])
    func expiryFiresOnceAfterThirtyDaysThroughTheDeadlineSchedule(_ registered: Bool) throws {
        let world = World()
        let ada = try world.person("Ada", "Lovelace", phone: "+15550000001")
        let bob = registered ? try world.person("Bob", "Builder", phone: "+15550000002") : nil
        let sent = try world.invite(ada, "+15550000002", responder: true, first: "Bob")
        #expect(try world.store.nextScheduledWake() == sent.expiresAt)

        // A check-in moves the deadline's wake; the invitation's stays the earlier one.
        world.advance(86_400 * 29)
        try world.tick()
        try world.checkIn(ada)
        #expect(try world.store.nextScheduledWake() == min(sent.expiresAt, world.now.addingTimeInterval(86_400 - 7200)))
        world.advance(86_400 - 1)
        try world.tick()
        #expect(try world.feed(ada).filter { $0.title.contains("invitation") }.isEmpty)

        world.advance(1)
        for _ in 0..<3 { try world.tick() }
        world.advance(86_400 * 3)
        try world.tick()
        let told = try world.feed(ada).filter { $0.title == "Your invitation to Bob expired" }
        #expect(told.count == 1)
        #expect(told.first?.type == .removed)
        #expect(told.first?.message == "Bob (+15550000002) did not answer your invitation within 30 days, so nothing was linked. "
            + "You may invite them again.")
        #expect(try world.store.invitations(of: ada.id).sent.map(\.status) == [.expired])
        #expect(try world.reload(ada).invitationWake == nil)
        if let bob {
            #expect(try world.store.invitations(of: bob.id).received.map(\.status) == [.expired])
            #expect(throws: LifeSignalError.self) { try service(world).accept("Ada", owner: bob) }
            #expect(try world.feed(bob).count == 1, "only the invitation itself")
        } else {
            #expect(world.backend.contents["invitations/15550000002.json"] == nil)
        }
        // Expired, it may be sent again.
        _ = try world.invite(ada, "+15550000002", responder: true)
    }

    @Test func anAnsweredInvitationMakesItsWakeFindNothing() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        _ = try world.invite(ada, "+15550000002", responder: true)
        _ = try service(world).decline("Ada", owner: bob)
        world.advance(31 * 86_400)
        try world.tick()
        #expect(try world.feed(ada).map(\.title) == ["Your invitation to +15550000002 was declined"])
        #expect(try world.store.nextScheduledWake() == nil)
    }

    @Test func anInviterMaySendTenADayAndHaveTwentyWaiting() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        for i in 0..<10 { try world.invite(ada, "+1555100000\(i)", responder: true) }
        let before = world.backend.contents
        #expect(throws: LifeSignalError.self) { try world.invite(ada, "+15551000010", responder: true) }
        #expect(world.backend.contents == before)
        // Withdrawing does not give a send back.
        let first = try #require(try InvitationDirectory(store: world.store).resolveSent("+15551000000", owner: ada.id, now: world.now))
        try service(world).withdraw(first, owner: ada)
        #expect(throws: LifeSignalError.self) { try world.invite(ada, "+15551000010", responder: true) }

        world.advance(86_400)
        for i in 10..<20 { try world.invite(ada, "+155510000\(i)", responder: true) }
        world.advance(86_400)
        try world.invite(ada, "+15551000020", responder: true)  // 9 + 10 + 1 = 20 waiting
        #expect(throws: LifeSignalError.refused("20 of your invitations are waiting for an answer, the most allowed",
                                                hint: "withdraw one with 'lifesignal contacts remove NAME', or wait for answers")) {
            try world.invite(ada, "+15551000099", responder: true)
        }
    }

    @Test func aNumberMayHaveTwentyInvitationsWaitingWhateverItIs() throws {
        for registered in [true, false] {
            let world = World()
            // Twenty-two accounts at one instant: more than a store takes in a day.
            world.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
            if registered { _ = try world.person("Target", phone: "+15559999999") }
            for i in 0..<21 {
                let sender = try world.person("Sender\(i)", phone: "+1555200\(1000 + i)")
                if i < 20 {
                    try world.invite(sender, "+15559999999", responder: true)
                } else {
                    #expect(throws: LifeSignalError.refused("+15559999999 has too many invitations waiting for an answer; try again later")) {
                        try world.invite(sender, "+15559999999", responder: true)
                    }
                }
            }
        }
    }

    @Test func theInviteeFindsAnInvitationByNameOrIDButNeverByTheInvitersNumber() throws {
        let world = World()
        let bob = try world.person("Bob", phone: "+15550000002")
        let ada = try world.person("Ada", "Lovelace", phone: "+15550000001")
        let alan = try world.person("Alan", "Turing", phone: "+15550000003")
        let fromAda = try world.invite(ada, "+15550000002", responder: true)
        _ = try world.invite(alan, "+15550000002", responder: true)
        let directory = InvitationDirectory(store: world.store)
        #expect(try directory.resolveReceived("ada", owner: bob.id, now: world.now).from.id == ada.id)
        #expect(try directory.resolveReceived("TURING", owner: bob.id, now: world.now).from.id == alan.id)
        #expect(try directory.resolveReceived(fromAda.id.short, owner: bob.id, now: world.now).invitation.id == fromAda.id)
        for query in ["+15550000001", "15550000001", "a", "zed", ""] {
            #expect(throws: LifeSignalError.self, "\(query)") { try directory.resolveReceived(query, owner: bob.id, now: world.now) }
        }
        #expect(throws: LifeSignalError.notFound(
            "\"a\" matches 2 invitations: Ada Lovelace (\(fromAda.id.short)), Alan Turing (\(try directory.resolveReceived("alan", owner: bob.id, now: world.now).invitation.id.short))",
            hint: "name one by its ID: lifesignal contacts invitations")) {
            try directory.resolveReceived("a", owner: bob.id, now: world.now)
        }
    }

    @Test func withdrawingTakesItBackOnBothSidesSilently() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        let toBob = try world.invite(ada, "+15550000002", responder: true, first: "Robert")
        let toNobody = try world.invite(ada, "+15550000008", responder: true)
        let directory = InvitationDirectory(store: world.store)
        #expect(try directory.resolveSent("robert", owner: ada.id, now: world.now) == toBob)
        #expect(try directory.resolveSent("1 555 000 0008", owner: ada.id, now: world.now) == toNobody)
        #expect(try directory.resolveSent("Bob", owner: ada.id, now: world.now) == nil, "only what Ada typed finds it")
        try service(world).withdraw(toBob, owner: ada)
        try service(world).withdraw(toNobody, owner: ada)
        #expect(try world.store.invitations(of: ada.id).sent.isEmpty)
        #expect(try world.store.invitations(of: bob.id).received.isEmpty)
        #expect(world.backend.contents["invitations/15550000008.json"] == nil)
        #expect(try world.feed(bob).count == 1, "the invitation's notice, nothing more")
        #expect(throws: LifeSignalError.self) { try service(world).withdraw(toBob, owner: ada) }
        #expect(throws: LifeSignalError.self) { try service(world).accept("Ada", owner: bob) }
    }

    @Test func crossingInvitationsEndInOneLink() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        _ = try world.invite(ada, "+15550000002", responder: true)
        _ = try world.invite(bob, "+15550000001", responder: false, dependent: true)
        _ = try service(world).accept("Ada", owner: bob)
        #expect(try world.store.contacts(of: ada.id).count == 1 && world.store.contacts(of: bob.id).count == 1)
        #expect(try world.store.invitations(of: ada.id).received.isEmpty)
        #expect(try world.store.invitations(of: bob.id).sent.isEmpty)
        #expect(throws: LifeSignalError.self) { try service(world).accept("Bob", owner: ada) }
    }

    @Test func acceptingSomeoneAlreadyLinkedByCodeIsRefusedAndChangesNothing() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        _ = try world.invite(ada, "+15550000002", responder: true)
        try world.link(bob, ada, responder: false, dependent: true)
        let before = world.backend.contents
        #expect(throws: LifeSignalError.self) { try service(world).accept("Ada", owner: bob) }
        #expect(world.backend.contents == before)
        _ = try service(world).decline("Ada", owner: bob)
    }

    @Test func settledInvitationsAreKeptThirtyDaysThenDropped() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        _ = try world.invite(ada, "+15550000002", responder: true)
        _ = try service(world).decline("Ada", owner: bob)
        world.advance(30 * 86_400 - 1)
        #expect(try InvitationDirectory(store: world.store).sent(of: ada.id, now: world.now).count == 1)
        world.advance(1)
        #expect(try InvitationDirectory(store: world.store).sent(of: ada.id, now: world.now).isEmpty)
        #expect(try InvitationDirectory(store: world.store).received(of: bob.id, now: world.now).isEmpty)
    }
}
