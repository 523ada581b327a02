import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// Every notice to many people besides an alert (issue 27.1): a drill, an
/// acknowledgement, a duress alert and its end, and "watched again" reach
/// more responders than one transaction carries, the account's own change
/// first, each notice once, whatever is cut short in between.
@Suite struct FanOutPathsTests {
    static let real = "4821-blue"
    static let duress = "4821-red"

    /// Someone else's command: its share of the catch-up.
    func othersCommand(_ world: World) throws {
        _ = try world.command { store in try store.nextScheduledWake() }
    }

    /// A catch-up step of Dana's that writes its notices and then fails.
    func interruptedStep(_ world: World, _ dana: Account) {
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try world.backend.write { transaction in
                let store = LayoutStore(transaction, name: world.backend.name, notices: 16)
                _ = try DeadlineService(store: store, env: world.env).catchUp(first: dana.id, limit: 0, spread: 0)
                throw Interrupted()
            }
        }
    }

    @Test func aDrillReachesEveryResponderOnceAndItsRecordNotesEachNotice() throws {
        let (world, dana, responders) = try World.boundedCircle()
        let sent = try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try DrillService(store: store, env: world.env).send(&account)
        }
        let key = try #require(sent.reach.pending, "\(sent.reach)")
        #expect(sent.reach.told.count == 16 && sent.record?.notices.count == 16, "\(sent.reach)")
        interruptedStep(world, dana)
        #expect(try world.reload(dana).drill?.notices.count == 16, "an interrupted step leaves nothing behind")
        try othersCommand(world)
        let done = try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try AccountService(store: store, env: world.env).fanOutOutcome(&account, key: key)
        }
        #expect(done.pending == nil && done.toldCount == 40, "\(done)")
        let record = try #require(try world.reload(dana).drill)
        #expect(Set(record.notices.map(\.responder)) == Set(responders.map(\.id)) && record.notices.count == 40)
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "TEST: Dana Test is testing") == 1, "\(responder.firstName)")
            let notice = try #require(record.notices.first { $0.responder == responder.id })
            #expect(try world.store.feedItem(of: responder.id, index: notice.index)?.id == notice.item)
        }
        // A responder told after the first transaction can answer it.
        let last = try #require(responders.last)
        let answered = try world.command { store in
            try AckService(store: store, env: world.env).acknowledge(try world.contact("Dana", of: last), by: last)
        }
        #expect(answered.acknowledged == [.drill])
    }

    @Test func anAcknowledgementReachesEveryOtherResponderOnce() throws {
        let (world, dana, responders) = try World.boundedCircle()
        try world.command { store in
            var account = try #require(try store.account(dana.id))
            _ = try AccountService(store: store, env: world.env).raiseAlert(&account)
        }
        try othersCommand(world)
        let handler = responders[0]
        let outcome = try world.command { store in
            try AckService(store: store, env: world.env).acknowledge(try world.contact("Dana", of: handler), by: handler)
        }
        #expect(outcome.acknowledged == [.alert] && outcome.toldDependent, "\(outcome)")
        #expect(outcome.pending.count == 1 && outcome.others.told.count < 39, "\(outcome.others)")
        #expect(try world.reload(dana).alert?.acknowledgedBy == handler.id, "the acknowledgement commits first")
        interruptedStep(world, dana)
        try othersCommand(world)
        let done = try world.command { store in
            var account = try #require(try store.account(dana.id))
            return try AccountService(store: store, env: world.env).fanOutOutcome(&account, key: outcome.pending[0])
        }
        #expect(done.pending == nil && done.toldCount == 39, "\(done)")
        for responder in responders.dropFirst() {
            #expect(try world.feedCount(responder, titled: "R0 Test is handling Dana Test's alert") == 1, "\(responder.firstName)")
        }
        #expect(try world.feedCount(handler, titled: "R0 Test is handling") == 0)
        #expect(try world.feedCount(dana, titled: "R0 Test is handling your alert") == 1)
    }

    /// The duress alert and its end reach all forty, each once, while
    /// Dana's own feed shows nothing of either.
    @Test func aDuressAlertAndItsEndReachEveryResponderOnceAndNothingShowsOnTheAccount() throws {
        let (world, dana, responders) = try World.boundedCircle()
        try world.command { store in
            var account = try #require(try store.account(dana.id))
            _ = try CheckInCodeService(store: store, env: world.env).set(code: Self.real, duress: Self.duress, current: nil,
                                                                        account: &account)
        }
        let ownFeed = try world.feed(dana)
        func checkIn(_ code: String) throws -> (Reach?, AccountService.CheckInOutcome) {
            try world.command { store in
                var account = try #require(try store.account(dana.id))
                guard case .accepted(let reach) = try CheckInCodeService(store: store, env: world.env).verify(code, account: &account)
                else { throw LifeSignalError.invalid("refused") }
                return (reach, try AccountService(store: store, env: world.env).checkIn(&account))
            }
        }
        let (reach, outcome) = try checkIn(Self.duress)
        #expect(reach?.pending != nil && outcome.owesNotices, "\(String(describing: reach))")
        #expect(try world.reload(dana).duressAlert != nil)
        interruptedStep(world, dana)
        try othersCommand(world)
        for responder in responders {
            let alerts = try world.feed(responder).filter { $0.title == "Emergency alert from Dana Test (duress code)" }
            #expect(alerts.count == 1 && alerts.first?.duress == true, "\(responder.firstName)")
        }
        let (_, ended) = try checkIn(Self.real)
        #expect(ended.owesNotices)
        #expect(try world.reload(dana).duressAlert == nil)
        try othersCommand(world)
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "Dana Test's duress alert is over") == 1, "\(responder.firstName)")
        }
        #expect(try world.feed(dana) == ownFeed, "her own feed shows nothing of it")
    }

    /// An account that cannot be read is reported to every responder, each
    /// once, in bounded steps (its schedule entry counts those told), and
    /// not again at the next looks.
    @Test func cannotBeWatchedReachesEveryResponderOnce() throws {
        let (world, dana, responders) = try World.boundedCircle()
        try world.files.write("accounts/\(dana.id)/account.json", Array("{".utf8))
        world.advance(86_400)
        interruptedStep(world, dana)
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        world.advance(2 * 3600)
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "A dependent of yours cannot be watched") == 1, "\(responder.firstName)")
        }
        let store = LayoutStore(world.files, name: world.backend.name)
        let wake = try #require(try store.dueWakes(at: world.now.addingTimeInterval(3600)).first { $0.accountID == dana.id })
        #expect(wake.unreadable != nil && !wake.isTellingUnreadable, "\(wake)")
    }

    /// A responder told that Dana cannot be watched leaves between two
    /// steps of telling the others: the next step goes on after the last
    /// one told, so nobody is skipped (a count of those told would now
    /// point one past the next one) and nobody is told twice.
    @Test func cannotBeWatchedSkipsNobodyWhenAResponderLeavesMidway() throws {
        let (world, dana, responders) = try World.boundedCircle()
        try world.files.write("accounts/\(dana.id)/account.json", Array("{".utf8))
        world.advance(86_400)
        try world.backend.write { transaction in
            let store = LayoutStore(transaction, name: world.backend.name, notices: 16)
            _ = try DeadlineService(store: store, env: world.env).catchUp(first: dana.id, limit: 0, spread: 0)
        }
        let title = "A dependent of yours cannot be watched"
        let told = try responders.filter { try world.feedCount($0, titled: title) == 1 }
        try #require(told.count == 16)
        let leaving = try #require(told.map(\.id).min())
        try world.command { store in
            try store.saveContacts(try store.contacts(of: dana.id).filter { $0.contactID != leaving }, of: dana.id)
        }
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        for responder in responders {
            #expect(try world.feedCount(responder, titled: title) == 1, "\(responder.firstName)")
        }
    }

    /// Twenty sent invitations expiring at once (as many as may be
    /// pending) expire in bounded steps, each told to the inviter once.
    @Test func invitationsExpiringAtOnceExpireInBoundedSteps() throws {
        let world = World(backend: MemoryBackend(maximumChanges: 128))
        let dana = try world.person("Dana", phone: "+15552000001")
        for i in 0..<InvitationRules.maxPendingSent {
            if i == InvitationRules.maxSendsPerWindow { world.advance(Int(InvitationRules.sendWindow) + 1) }
            try world.invite(dana, "+1555400\(1000 + i)", responder: true)
        }
        world.advance(31 * 86_400)
        interruptedStep(world, dana)
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        let expired = try world.feed(dana).filter { $0.title.hasPrefix("Your invitation to") && $0.title.hasSuffix("expired") }
        #expect(expired.count == InvitationRules.maxPendingSent)
    }

    /// Once an account that could not be read can be again, every
    /// responder is told so, in bounded steps.
    @Test func watchedAgainReachesEveryResponderOnce() throws {
        let (world, dana, responders) = try World.boundedCircle()
        let path = "accounts/\(dana.id)/account.json"
        let good = try #require(try world.files.read(path))
        try world.files.write(path, Array("{".utf8))
        world.advance(86_400)
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        try world.files.write(path, good)
        world.advance(3600)
        interruptedStep(world, dana)
        _ = try SharedStore(backend: world.backend).catchUp(env: world.env)
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "Dana Test is watched again") == 1, "\(responder.firstName)")
        }
    }

    /// Forty responders each ping Dana: answering them all (`ping respond`)
    /// takes a transaction per sixteen senders told, the check-in with the
    /// first; each sender hears once.
    @Test func answeringEveryonesPingTakesATransactionPerShare() throws {
        let (world, dana, responders) = try World.boundedCircle()
        for responder in responders {
            guard case .sent = try world.command({ store in
                try PingService(store: store, env: world.env).send(to: try world.contact("Dana", of: responder), from: responder)
            }) else { Issue.record("no ping from \(responder.firstName)"); return }
        }
        world.advance(60)
        var answered = 0, transactions = 0, checkIns = 0
        var remaining = 1
        while remaining > 0 {
            let answer = try world.command { store in
                var account = try #require(try store.account(dana.id))
                let answer = try PingService(store: store, env: world.env).respond(nil, owner: &account, checkingIn: transactions == 0)
                try store.save(account)
                return answer
            }
            transactions += 1
            answered += answer.answered.count
            remaining = answer.remaining
            if answer.checkIn != nil { checkIns += 1 }
            #expect(answer.answered.count <= 16)
        }
        #expect(answered == 40 && transactions == 3 && checkIns == 1, "\(answered) in \(transactions)")
        for responder in responders {
            #expect(try world.feedCount(responder, titled: "Dana Test responded to your ping") == 1)
        }
    }
}
