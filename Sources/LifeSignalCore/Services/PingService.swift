import FoundationEssentials

/// Pings between a responder and a dependent.
///
/// A second ping to a dependent who has not answered the first does not
/// create another: the pending one stands, nothing new is notified, and the
/// caller is told it was already pending (so cron jobs that ping are harmless).
public struct PingService {
    /// Answered pings kept per account; pending ones are always kept.
    public static let answeredLimit = 200

    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    public enum SendOutcome: Sendable {
        case sent(Ping)
        case alreadyPending(Ping)
    }

    /// Pings a dependent. With `within`, the dependent has that many seconds
    /// to answer; when they pass unanswered the sender is told, and with
    /// `escalate` the dependent's other responders too (a milestone of the
    /// dependent's deadline schedule).
    public func send(to contact: ContactView, from owner: Account, within: Int? = nil, escalate: Bool = false) throws -> SendOutcome {
        try requireName(owner)
        guard contact.link.isDependent else {
            throw LifeSignalError.refused("You can only ping dependents.")
        }
        if let within, !DeadlineBounds.answerWindow.contains(within) {
            throw LifeSignalError.invalid("an answer window must be \(DurationText.format(seconds: DeadlineBounds.answerWindow.lowerBound)) "
                + "to \(DurationText.format(seconds: DeadlineBounds.answerWindow.upperBound)) long")
        }
        var mine = try store.pings(of: owner.id)
        if let pending = mine.last(where: {
            $0.senderID == owner.id && $0.recipientID == contact.id && $0.status == .pending
        }) {
            guard let mended = mended(mine, pending) else { return .alreadyPending(pending) }
            mine = mended
        }
        let answerBy = within.map { env.now.addingTimeInterval(Double($0)) }
        let ping = Ping(id: env.newID(), senderID: owner.id, recipientID: contact.id, sentAt: env.now,
                        answerBy: answerBy, escalate: answerBy != nil && escalate)
        mine.append(ping)
        var theirs = try store.pings(of: contact.id)
        theirs.append(ping)
        try store.savePings(Self.pruned(mine), of: owner.id)
        try store.savePings(Self.pruned(theirs), of: contact.id)
        let by = answerBy.map { " Please answer by \(ISO8601.format($0))\(ping.escalate ? "; after that your other responders are told too" : "")." } ?? ""
        try Notifier(store: store, env: env).notify(contact.id, FeedDraft(
            type: .ping, title: "\(owner.fullName) pinged you",
            message: "\(owner.fullName) asks you to check in. Run 'lifesignal ping respond'.\(by)",
            relatedContactID: owner.id, relatedPingID: ping.id))
        if let answerBy, var recipient = try store.account(contact.id) {
            recipient.answerWindows.append(AnswerWindow(pingID: ping.id, senderID: owner.id, senderName: owner.fullName,
                                                        sentAt: env.now, answerBy: answerBy, escalate: ping.escalate))
            try DeadlineService(store: store, env: env).reschedule(&recipient)
        }
        return .sent(ping)
    }

    /// What answering pings did.
    public struct Answer: Sendable {
        public var answered: [Ping]
        /// Answering a ping is a check-in; nil when nothing was answered, or
        /// when check-in codes are set (a check-in then needs one), or when
        /// the caller answers the rest of a batch (`checkingIn: false`).
        public var checkIn: AccountService.CheckInOutcome?
        /// The chosen pings left pending because this transaction carries
        /// no more notices (a store that bounds its transactions, with many
        /// senders waiting): the caller answers them in a transaction of
        /// their own, with the same query.
        public var remaining = 0
    }

    /// Answers one pending received ping (by ID or unique ID prefix) or, with
    /// nil, all of them. Each sender still linked to the account is told,
    /// and the answer checks the account in: the ping asked for exactly that.
    public func respond(_ query: String?, owner: inout Account, checkingIn: Bool = true) throws -> Answer {
        let mine = try store.pings(of: owner.id)
        let pending = mine.filter { $0.recipientID == owner.id && $0.status == .pending }
        let chosen: [Ping]
        if let query {
            let lower = query.trimmingWhitespace().lowercased()
            let matches = lower.count >= 4 ? mine.filter { $0.recipientID == owner.id && $0.id.rawValue.hasPrefix(lower) } : []
            guard !matches.isEmpty else {
                // Not an ID: the sender's name answers all their pending pings.
                if let fromSender = try pendingFrom(named: query, among: pending), !fromSender.isEmpty {
                    return try answer(fromSender, mine: mine, owner: &owner, checkingIn: checkingIn)
                }
                throw LifeSignalError.notFound("no ping you received has the ID \(quoted(query)), "
                                               + "and no one of that name is waiting for your answer", hint: "lifesignal ping list")
            }
            guard matches.count == 1 else {
                throw LifeSignalError.ambiguous(query: query, candidates: matches.map(\.id.rawValue))
            }
            guard matches[0].status == .pending else {
                throw LifeSignalError.refused("ping \(matches[0].id.short) was already answered")
            }
            chosen = matches
        } else {
            chosen = pending
        }
        return try answer(chosen, mine: mine, owner: &owner, checkingIn: checkingIn)
    }

    /// The pending pings from the one sender `name` matches (as contacts
    /// match names); nil when it matches nobody, ambiguous when several.
    private func pendingFrom(named name: String, among pending: [Ping]) throws -> [Ping]? {
        var senders: [NameMatching.Candidate<EntityID>] = []
        for id in Set(pending.map(\.senderID)) {
            guard let sender = try? store.account(id) else { continue }
            senders.append(NameMatching.Candidate(id, full: sender.fullName, parts: [sender.firstName, sender.lastName]))
        }
        let matched = NameMatching.best(name.trimmingWhitespace(), among: senders)
        guard !matched.isEmpty else { return nil }
        guard matched.count == 1 else {
            throw LifeSignalError.ambiguous(query: name, candidates: senders.filter { matched.contains($0.item) }.map(\.full))
        }
        return pending.filter { $0.senderID == matched[0] }
    }

    private func answer(_ chosen: [Ping], mine: [Ping], owner: inout Account, checkingIn: Bool) throws -> Answer {
        var mine = mine
        var answered: [Ping] = []
        var remaining = 0
        let linked = Set(try store.contacts(of: owner.id).map(\.contactID))
        for var ping in chosen {
            // Each sender told costs their pings file and a notice: as many
            // as this transaction carries, the rest in the caller's next.
            if remaining > 0 || (linked.contains(ping.senderID) && !store.reserveNotice()) {
                remaining += 1
                continue
            }
            ping.status = .responded
            ping.respondedAt = env.now
            answered.append(ping)
            mine = mine.map { $0.id == ping.id ? ping : $0 }
            // Someone no longer linked hears nothing more: neither their
            // feed nor their own record of the ping learns of the answer.
            guard linked.contains(ping.senderID) else { continue }
            try recordAnswer(ping)
            try Notifier(store: store, env: env).notify(ping.senderID, FeedDraft(
                type: .ping, title: "\(owner.fullName) responded to your ping",
                message: "\(owner.fullName) answered the ping you sent at \(ISO8601.format(ping.sentAt)).",
                relatedContactID: owner.id, relatedPingID: ping.id))
        }
        guard !answered.isEmpty else { return Answer(answered: [], checkIn: nil, remaining: remaining) }
        try store.savePings(Self.pruned(mine), of: owner.id)
        let ids = Set(answered.map(\.id))
        owner.answerWindows.removeAll { ids.contains($0.pingID) }
        // With check-in codes set, a check-in needs one: answering is then only an answer.
        guard owner.checkInCodes == nil, checkingIn else {
            try DeadlineService(store: store, env: env).reschedule(&owner)
            return Answer(answered: answered, checkIn: nil, remaining: remaining)
        }
        let checkIn = try AccountService(store: store, env: env).checkIn(&owner)
        return Answer(answered: answered, checkIn: checkIn, remaining: remaining)
    }

    /// Marks `ping` answered in its sender's own record. A sender whose
    /// record cannot be read is told all the same and the record is left as
    /// it is: the answer is the recipient's to give, and one damaged file
    /// must not keep them from giving it (`mended` mends the record once
    /// it is readable again).
    private func recordAnswer(_ ping: Ping) throws {
        let senderPings: [Ping]
        do {
            senderPings = try store.pings(of: ping.senderID)
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            return
        }
        try store.savePings(Self.pruned(senderPings.map { $0.id == ping.id ? ping : $0 }), of: ping.senderID)
    }

    /// `mine` (the sender's record) with `pending` as its recipient's own
    /// record has it, when that no longer shows it waiting: answered while
    /// the sender's record could not be read (or a restored backup predates
    /// the answer), or gone. Nil when it is still pending, or the
    /// recipient's record cannot say.
    private func mended(_ mine: [Ping], _ pending: Ping) -> [Ping]? {
        guard let theirs = try? store.pings(of: pending.recipientID) else { return nil }
        let copy = theirs.first { $0.id == pending.id }
        if copy?.status == .pending { return nil }
        return mine.compactMap { $0.id == pending.id ? copy : $0 }
    }

    /// Removes the pending pings between two accounts from both of their
    /// lists: the link between them is gone, and so is what it asked for.
    func withdrawPending(between first: EntityID, and second: EntityID) throws {
        let pair: Set = [first, second]
        for id in [first, second] {
            let pings = try store.pings(of: id)
            let kept = pings.filter { $0.status != .pending || Set([$0.senderID, $0.recipientID]) != pair }
            if kept.count != pings.count { try store.savePings(kept, of: id) }
        }
    }

    /// Keeps every pending ping and the newest answered ones.
    static func pruned(_ pings: [Ping]) -> [Ping] {
        let answered = pings.filter { $0.status == .responded }
        guard answered.count > answeredLimit else { return pings }
        let dropped = Set(answered.prefix(answered.count - answeredLimit).map(\.id))
        return pings.filter { !dropped.contains($0.id) }
    }
}
