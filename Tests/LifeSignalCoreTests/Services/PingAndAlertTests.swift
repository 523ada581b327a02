import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

struct PingAndAlertTests {
    /// Ron watches over Dee (Dee is Ron's dependent).
    func pair() throws -> (World, Account, Account) {
        let world = World()
        let ron = try world.person("Ron", phone: "+15550000001")
        let dee = try world.person("Dee", phone: "+15550000002")
        try world.link(ron, dee, responder: false, dependent: true)
        return (world, ron, dee)
    }

    @Test func onlyDependentsCanBePinged() throws {
        let (world, ron, dee) = try pair()
        #expect(throws: LifeSignalError.refused("You can only ping dependents.")) {
            try PingService(store: world.store, env: world.env).send(to: try world.contact("Ron", of: dee), from: dee)
        }
        guard case .sent = try PingService(store: world.store, env: world.env).send(to: try world.contact("Dee", of: ron), from: ron) else {
            Issue.record("the ping was not sent")
            return
        }
    }

    @Test func aSecondPendingPingSendsNothingNew() throws {
        let (world, ron, dee) = try pair()
        let service = PingService(store: world.store, env: world.env)
        guard case .sent(let first) = try service.send(to: try world.contact("Dee", of: ron), from: ron) else {
            Issue.record("not sent")
            return
        }
        world.advance(60)
        guard case .alreadyPending(let again) = try service.send(to: try world.contact("Dee", of: ron), from: ron) else {
            Issue.record("a duplicate ping was created")
            return
        }
        #expect(again.id == first.id)
        #expect(try world.feed(dee).filter { $0.type == .ping }.count == 1)
        #expect(try world.store.pings(of: dee.id).count == 1)
    }

    @Test func respondingMarksBothSidesAndTellsTheSender() throws {
        let (world, ron, dee) = try pair()
        let service = PingService(store: world.store, env: world.env)
        _ = try service.send(to: try world.contact("Dee", of: ron), from: ron)
        world.advance(300)
        // Services read the clock when made: a new one sees the later time.
        var answering = try world.reload(dee)
        let answered = try PingService(store: world.store, env: world.env).respond(nil, owner: &answering).answered
        #expect(answered.count == 1)
        #expect(try world.store.pings(of: ron.id).first?.status == .responded)
        #expect(try world.store.pings(of: dee.id).first?.respondedAt == world.now)
        #expect(try world.feed(ron).first?.title == "Dee Test responded to your ping")
        #expect(try service.respond(nil, owner: &answering).answered.isEmpty)
        // Answered: a new ping can be sent.
        guard case .sent = try service.send(to: try world.contact("Dee", of: ron), from: ron) else {
            Issue.record("a fresh ping after an answer was not sent")
            return
        }
        let second = try #require(try world.store.pings(of: dee.id).last)
        #expect(try service.respond(String(second.id.rawValue.prefix(6)), owner: &answering).answered.map(\.id) == [second.id])
        #expect(throws: LifeSignalError.self) { try service.respond("ffffffff", owner: &answering) }
    }

    /// The ping asks the dependent to check in; answering it does (defect 7).
    @Test func answeringAPingIsACheckIn() throws {
        let (world, ron, dee) = try pair()
        var account = try world.reload(dee)
        try AccountService(store: world.store, env: world.env).checkIn(&account)
        world.advance(86_400 + 60)
        try world.tick()
        #expect(try world.reload(dee).isOverdue(at: world.now))
        _ = try PingService(store: world.store, env: world.env).send(to: try world.contact("Dee", of: ron), from: ron)
        var answering = try world.reload(dee)
        let answer = try PingService(store: world.store, env: world.env).respond(nil, owner: &answering)
        #expect(answer.checkIn?.toldSafe?.told == [ron.id])
        let fresh = try world.reload(dee)
        #expect(fresh.lastCheckIn == world.now && !fresh.isOverdue(at: world.now))
        #expect(try world.store.checkIns(of: dee.id, limit: nil).count == 2)
        #expect(try world.feed(ron).first?.title == "Dee Test is safe")
        // Nothing pending: nothing answered, no check-in.
        world.advance(60)
        #expect(try PingService(store: world.store, env: world.env).respond(nil, owner: &answering).checkIn == nil)
        #expect(try world.store.checkIns(of: dee.id, limit: nil).count == 2)
    }

    @Test func alertsReachEveryResponderWithTheNoteAndCancelToo() throws {
        let (world, ron, dee) = try pair()
        var account = try world.reload(dee)
        let service = AccountService(store: world.store, env: world.env)
        try service.updateProfile(&account, firstName: nil, lastName: nil, note: "Allergic to penicillin")
        let alert = try service.raiseAlert(&account).alert
        #expect(throws: LifeSignalError.self) { try service.raiseAlert(&account) }
        let raised = try #require(try world.feed(ron).first)
        #expect(raised.type == .alert && raised.isCritical && raised.relatedAlertID == alert.id)
        #expect(raised.message.contains("Allergic to penicillin"))
        #expect(try world.contact("Dee", of: ron).account.isAlertActive)
        _ = try service.cancelAlert(&account)
        #expect(try world.feed(ron).first?.title == "Dee Test cancelled their alert")
        #expect(throws: LifeSignalError.refused("no alert is active")) { try service.cancelAlert(&account) }
    }
}

/// A contact who was removed is told nothing more, not even that an old
/// ping of theirs was answered: removing the link withdraws the pings still
/// waiting between the two, and an answer to a ping from someone no longer
/// linked (a store from before) tells them nothing.
struct RemovedContactPingTests {
    @Test func removingAContactWithdrawsThePingsWaitingBetweenThem() throws {
        let world = World()
        let ron = try world.person("Ron", phone: "+15550000001")
        let dee = try world.person("Dee", phone: "+15550000002")
        try world.link(ron, dee, responder: false, dependent: true)
        _ = try PingService(store: world.store, env: world.env).send(to: try world.contact("Dee", of: ron), from: ron)
        try ContactService(store: world.store, env: world.env).remove(try world.contact("Ron", of: dee), owner: try world.reload(dee))
        let ronFeed = try world.feed(ron).count
        world.advance(60)
        var deeNow = try world.reload(dee)
        let answered = try PingService(store: world.store, env: world.env).respond(nil, owner: &deeNow).answered
        #expect(answered.isEmpty)
        #expect(try world.store.pings(of: dee.id).isEmpty && world.store.pings(of: ron.id).isEmpty)
        let told = try world.feed(ron).map(\.title)
        #expect(told.count == ronFeed, "Ron was told: \(told)")
        // Linked again, Ron can ping Dee afresh.
        try world.link(ron, dee, responder: false, dependent: true)
        guard case .sent = try PingService(store: world.store, env: world.env).send(to: try world.contact("Dee", of: ron), from: ron) else {
            Issue.record("a ping from before the removal still blocks a new one")
            return
        }
    }

    @Test func anAnswerToAPingFromSomeoneNoLongerLinkedTellsThemNothing() throws {
        let world = World()
        let ron = try world.person("Ron", phone: "+15550000001")
        let dee = try world.person("Dee", phone: "+15550000002")
        try world.link(ron, dee, responder: false, dependent: true)
        _ = try PingService(store: world.store, env: world.env).send(to: try world.contact("Dee", of: ron), from: ron)
        // The link is gone but the ping stayed, as a store written before withdrawal holds it.
        try world.store.saveContacts([], of: ron.id)
        try world.store.saveContacts([], of: dee.id)
        let ronFeed = try world.feed(ron).count
        var deeNow = try world.reload(dee)
        let answered = try PingService(store: world.store, env: world.env).respond(nil, owner: &deeNow).answered
        #expect(answered.count == 1, "the ping still counts as answered on Dee's side")
        let told = try world.feed(ron).map(\.title)
        #expect(told.count == ronFeed, "Ron was told: \(told)")
        #expect(try world.store.pings(of: ron.id).first?.status == .pending, "Ron's record learned of the answer")
    }
}
