import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// Random sequences of inviting, answering, withdrawing, linking by code,
/// signing up and time passing, run against the real services on the
/// in-memory store and against a model of the rules. After every step both
/// agree on every link, on each invitation's state on both sides, and on how
/// often each inviter was told of an expiry (exactly once per invitation);
/// and no account's wake is later than its earliest pending expiry.
struct InvitationPropertyTests {
    static let seeds: [UInt64] = [1, 7, 42, 2024, 31_337]

    @Test(arguments: seeds)
    func theServicesFollowTheInvitationRules(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let world = World()
        var model = InvitationModel(now: world.now)
        for index in 0..<3 { try model.signUp(index, in: world) }
        for step in 0..<400 {
            let label = "seed \(seed), step \(step)"
            try world.tick()
            model.expire()
            let choice = Int.random(in: 0..<100, using: &random)
            switch choice {
            case 0..<40:
                let from = random.pick(model.registered), to = Int.random(in: 0..<InvitationModel.phones.count, using: &random)
                let roles = random.pick([(true, false), (false, true), (true, true), (false, false)])
                try model.invite(from, to, responder: roles.0, dependent: roles.1, in: world, label)
            case 40..<50:
                try model.answer(accept: true, by: random.pick(model.registered), using: &random, in: world, label)
            case 50..<56:
                try model.answer(accept: false, by: random.pick(model.registered), using: &random, in: world, label)
            case 56..<60:
                try model.withdraw(by: random.pick(model.registered), using: &random, in: world, label)
            case 60..<65:
                try model.linkByCode(random.pick(model.registered), random.pick(model.registered), in: world, label)
            case 65..<70:
                if let number = model.unregistered.first { try model.signUp(number, in: world) }
            default:
                let seconds = random.pick([60, 3600, 86_400, 5 * 86_400, 12 * 86_400])
                world.advance(seconds)
                model.now = world.now
            }
            try model.compare(with: world, label)
        }
        #expect(model.expiries.values.reduce(0, +) > 0, "seed \(seed) never reached an expiry")
        #expect(model.invitations.contains { $0.status == .accepted }, "seed \(seed) never accepted one")
    }
}

/// What the rules say should have happened.
struct InvitationModel {
    static let phones = (0..<6).map { "+1555000000\($0)" }

    struct Sent {
        var id: EntityID
        var from: Int
        var to: Int
        var expiresAt: Date
        var status: Invitation.Status
    }

    var now: Date
    var accounts: [Int: Account] = [:]
    var invitations: [Sent] = []
    /// Links by (owner, other) → (other is owner's responder, other is owner's dependent).
    var links: [[Int]: (Bool, Bool)] = [:]
    /// The roles each invitation proposes, from the inviter's side.
    var proposed: [EntityID: (Bool, Bool)] = [:]
    var sends: [Int: [Date]] = [:]
    var expiries: [Int: Int] = [:]

    var registered: [Int] { accounts.keys.sorted() }
    var unregistered: [Int] { Self.phones.indices.filter { accounts[$0] == nil } }

    mutating func signUp(_ index: Int, in world: World) throws {
        accounts[index] = try world.person("P\(index)", phone: Self.phones[index])
    }

    mutating func expire() {
        for i in invitations.indices where invitations[i].status == .pending && invitations[i].expiresAt <= now {
            invitations[i].status = .expired
            expiries[invitations[i].from, default: 0] += 1
        }
    }

    func pending(_ predicate: (Sent) -> Bool) -> [Sent] { invitations.filter { $0.status == .pending && predicate($0) } }

    mutating func invite(_ from: Int, _ to: Int, responder: Bool, dependent: Bool, in world: World, _ label: String) throws {
        let recent = (sends[from] ?? []).filter { $0 > now.addingTimeInterval(-InvitationRules.sendWindow) }
        let allowed = (responder || dependent) && from != to && links[[from, to]] == nil
            && pending({ $0.from == from && $0.to == to }).isEmpty && recent.count < InvitationRules.maxSendsPerWindow
            && pending({ $0.from == from }).count < InvitationRules.maxPendingSent
            && pending({ $0.to == to }).count < InvitationRules.maxPendingReceived
        let owner = try #require(accounts[from])
        do {
            let sent = try world.invite(owner, Self.phones[to], responder: responder, dependent: dependent)
            #expect(allowed, "\(label): invited when the rules refuse")
            invitations.append(Sent(id: sent.id, from: from, to: to, expiresAt: sent.expiresAt, status: .pending))
            sends[from] = recent + [now]
            proposed[sent.id] = (responder, dependent)
        } catch let error as LifeSignalError {
            #expect(!allowed, "\(label): refused against the rules: \(error.message)")
        }
    }

    mutating func answer(accept: Bool, by invitee: Int, using random: inout SeededGenerator, in world: World,
                         _ label: String) throws {
        let waiting = pending { $0.to == invitee }
        guard !waiting.isEmpty, let account = accounts[invitee] else { return }
        let chosen = random.pick(waiting)
        let service = InvitationService(store: world.store, env: world.env)
        let index = try #require(invitations.firstIndex { $0.id == chosen.id })
        guard accept else {
            _ = try service.decline(chosen.id.short, owner: account)
            invitations[index].status = .declined
            return
        }
        let allowed = links[[invitee, chosen.from]] == nil
        do {
            _ = try service.accept(chosen.id.short, owner: account)
            #expect(allowed, "\(label): accepted someone already linked")
            let roles = try #require(proposed[chosen.id])
            links[[chosen.from, invitee]] = roles
            links[[invitee, chosen.from]] = (roles.1, roles.0)
            invitations[index].status = .accepted
            // Whatever else was pending between the two is overtaken by the link.
            invitations.removeAll { $0.status == .pending
                && (($0.from == chosen.from && $0.to == invitee) || ($0.from == invitee && $0.to == chosen.from)) }
        } catch let error as LifeSignalError {
            #expect(!allowed, "\(label): acceptance refused: \(error.message)")
        }
    }

    mutating func withdraw(by inviter: Int, using random: inout SeededGenerator, in world: World, _ label: String) throws {
        let waiting = pending { $0.from == inviter }
        guard !waiting.isEmpty, let account = accounts[inviter] else { return }
        let chosen = random.pick(waiting)
        let invitation = try #require(try InvitationDirectory(store: world.store).resolveSent(chosen.id.short, owner: account.id, now: now))
        try InvitationService(store: world.store, env: world.env).withdraw(invitation, owner: account)
        invitations.removeAll { $0.id == chosen.id }
    }

    mutating func linkByCode(_ owner: Int, _ other: Int, in world: World, _ label: String) throws {
        guard owner != other, links[[owner, other]] == nil, let a = accounts[owner], let b = accounts[other] else { return }
        try world.link(a, b, responder: true, dependent: false)
        links[[owner, other]] = (true, false)
        links[[other, owner]] = (false, true)
    }

    /// The store against the model: links, both copies of every invitation, expiry notices, wakes.
    func compare(with world: World, _ label: String) throws {
        let directory = InvitationDirectory(store: world.store)
        for (index, account) in accounts {
            let contacts = try world.store.contacts(of: account.id)
            var expected: [EntityID: (Bool, Bool)] = [:]
            for (pair, roles) in links where pair[0] == index {
                expected[try #require(accounts[pair[1]]).id] = roles
            }
            #expect(contacts.count == expected.count, "\(label): \(index) has \(contacts.count) links, not \(expected.count)")
            for link in contacts {
                let roles = expected[link.contactID]
                #expect(roles?.0 == link.isResponder && roles?.1 == link.isDependent, "\(label): a link of \(index)")
            }
            let sent = try directory.sent(of: account.id, now: now)
            #expect(Set(sent.filter(\.isPending).map(\.id)) == Set(pending { $0.from == index }.map(\.id)), "\(label): \(index) sent")
            let received = try directory.received(of: account.id, now: now).map(\.invitation)
            #expect(Set(received.filter(\.isPending).map(\.id)) == Set(pending { $0.to == index }.map(\.id)), "\(label): \(index) received")
            for invitation in sent + received {
                let status = invitations.first { $0.id == invitation.id }?.status
                #expect(status == nil || status == invitation.status, "\(label): \(invitation.id.short) is \(invitation.status)")
            }
            let notices = try world.feed(account).filter { $0.type == .removed && $0.title.hasSuffix(" expired") }.count
            #expect(notices == expiries[index, default: 0], "\(label): \(index) was told of \(notices) expiries")
            if let earliest = pending({ $0.from == index }).map(\.expiresAt).min() {
                let wake = try world.reload(account).invitationWake
                #expect(wake.map { $0 <= earliest } == true, "\(label): \(index) wakes late for its invitations")
                #expect(try world.store.nextScheduledWake().map { $0 <= earliest } == true, "\(label): the schedule wakes late")
            }
        }
        for number in unregistered {
            let waiting = try world.store.waitingInvitations(for: Self.phones[number]).map(\.id)
            #expect(Set(waiting) == Set(pending { $0.to == number }.map(\.id)), "\(label): waiting for \(number)")
        }
    }
}
