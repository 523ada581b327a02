import FoundationEssentials

/// Adding someone by phone number, with their consent: an invitation is
/// sent, and only the invitee's acceptance links the two.
///
/// Until then neither sees anything of the other beyond what the inviter
/// typed and the inviter's name: the inviter's output is the same whether
/// or not the number has an account. What an invitation writes stays in
/// the two people's own files (their invitation books and feeds) and, for
/// a number without an account, a small file of that number's own.
public struct InvitationService {
    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    var notifier: Notifier { Notifier(store: store, env: env) }

    /// Invites the person behind `rawPhone` to become the owner's responder
    /// (`asResponder`) and/or dependent (`asDependent`); `firstName` and
    /// `lastName` name them in the owner's lists until they accept.
    public func invite(phone rawPhone: String, asResponder: Bool, asDependent: Bool,
                       firstName: String?, lastName: String?, owner: inout Account) throws -> Invitation {
        guard asResponder || asDependent else {
            throw LifeSignalError.refused("Contact must have at least one role.",
                                          hint: "add --responder, --dependent or both")
        }
        try requireName(owner)
        guard let phone = PhoneNumber.normalize(rawPhone) else { throw PhoneNumber.invalid(rawPhone) }
        let first = try firstName.map { try ProfileRules.name($0, field: "first name") } ?? ""
        let last = try lastName.map { try ProfileRules.name($0, field: "last name") } ?? ""
        guard phone != owner.phoneNumber else { throw LifeSignalError.refused("that is your own number") }
        if let linked = try ContactDirectory(store: store).all(of: owner.id).first(where: { $0.account.phoneNumber == phone }) {
            throw LifeSignalError.refused("\(linked.name) is already a contact",
                                          hint: "lifesignal contacts role \"\(linked.name)\" --responder|--dependent")
        }
        var book = InvitationRules.pruned(try store.invitations(of: owner.id), now: env.now)
        try checkLimits(book, phone: phone)
        let invitation = Invitation(id: env.newID(), fromID: owner.id, toPhoneNumber: phone, firstName: first,
                                    lastName: last, isResponder: asResponder, isDependent: asDependent,
                                    sentAt: env.now, expiresAt: env.now.addingTimeInterval(InvitationRules.lifetime))
        try deliver(invitation, from: owner)
        book.sent.append(invitation)
        book.recentSends.append(env.now)
        try store.saveInvitations(book, of: owner.id)
        if owner.invitationWake.map({ $0 > invitation.expiresAt }) ?? true {
            // The deadline schedule wakes the owner when it expires.
            owner.invitationWake = invitation.expiresAt
            try store.save(owner)
            try store.schedule(owner.id, at: try DeadlineService(store: store, env: env).nextWake(for: owner))
        }
        return invitation
    }

    /// The owner's rate limits, then the invitee's (the same words whether
    /// or not the number has an account).
    private func checkLimits(_ book: InvitationBook, phone: String) throws {
        if let earlier = book.sent.first(where: { $0.isPending && $0.toPhoneNumber == phone }) {
            throw LifeSignalError.refused(
                "you already invited \(phone) (\(earlier.id.short)); it is waiting for an answer until \(ISO8601.format(earlier.expiresAt))",
                hint: "lifesignal contacts invitations")
        }
        if book.recentSends.count >= InvitationRules.maxSendsPerWindow {
            let next = (book.recentSends.min() ?? env.now).addingTimeInterval(InvitationRules.sendWindow)
            throw LifeSignalError.refused(
                "you have sent \(InvitationRules.maxSendsPerWindow) invitations in the last 24 hours, the most allowed; "
                    + "the next may be sent \(RelativeTime.describe(next, now: env.now))")
        }
        if book.sent.count(where: \.isPending) >= InvitationRules.maxPendingSent {
            throw LifeSignalError.refused(
                "\(InvitationRules.maxPendingSent) of your invitations are waiting for an answer, the most allowed",
                hint: "withdraw one with 'lifesignal contacts remove NAME', or wait for answers")
        }
        let waiting: Int
        if let invitee = try store.accountID(phoneNumber: phone) {
            waiting = try store.invitations(of: invitee).received.count { $0.isPending }
        } else {
            waiting = try store.waitingInvitations(for: phone).count
        }
        guard waiting < InvitationRules.maxPendingReceived else {
            throw LifeSignalError.refused("\(phone) has too many invitations waiting for an answer; try again later")
        }
    }

    /// Puts the invitee's copy where they will find it: in their book with
    /// a notification, or, for a number without an account, in the list that
    /// waits for its first sign-in.
    private func deliver(_ invitation: Invitation, from owner: Account) throws {
        guard let invitee = try store.accountID(phoneNumber: invitation.toPhoneNumber) else {
            try store.setWaitingInvitations(try store.waitingInvitations(for: invitation.toPhoneNumber) + [invitation],
                                            for: invitation.toPhoneNumber)
            return
        }
        var theirs = InvitationRules.pruned(try store.invitations(of: invitee), now: env.now)
        theirs.received.append(invitation)
        try store.saveInvitations(theirs, of: invitee)
        try announce(invitation, from: owner, to: invitee)
    }

    /// The invitee's notification: who asks, for what, and how to answer.
    private func announce(_ invitation: Invitation, from inviter: Account, to invitee: EntityID) throws {
        let theirView = invitation.link(to: invitee, at: invitation.sentAt).mirrored(owner: inviter.id)
        try notifier.notify(invitee, FeedDraft(
            type: .added, title: "\(inviter.fullName) invited you",
            message: "\(inviter.fullName) (\(InvitationRules.maskedPhone(inviter.phoneNumber))) asks you to be "
                + "\(ContactService.roleText(theirView)). Nothing is shared until you accept: "
                + "'lifesignal contacts accept \(invitation.id.short)' or 'lifesignal contacts decline \(invitation.id.short)'. "
                + "It expires at \(ISO8601.format(invitation.expiresAt))."))
    }

    /// Takes back a pending invitation the owner sent, on both sides; the
    /// invitee is not told (it simply stops waiting for them).
    public func withdraw(_ invitation: Invitation, owner: Account) throws {
        var book = try store.invitations(of: owner.id)
        guard book.sent.contains(where: { $0.id == invitation.id && $0.isPending }) else {
            throw LifeSignalError.notFound("that invitation is no longer waiting for an answer", hint: "lifesignal contacts invitations")
        }
        book.sent.removeAll { $0.id == invitation.id }
        try store.saveInvitations(InvitationRules.pruned(book, now: env.now), of: owner.id)
        try updateInviteeCopy(of: invitation) { _ in nil }
    }

    /// Brings the account's sent invitations up to date at the deadline
    /// schedule's wake: each one past its expiry expires, once, and the
    /// inviter is told, as many as this transaction carries notices (the
    /// rest at once in the next step). Sets `invitationWake` to the next
    /// expiry. Returns how many expired.
    public func expireDue(_ account: inout Account) throws -> Int {
        guard let wake = account.invitationWake, wake <= env.now else { return 0 }
        var book: InvitationBook
        do {
            book = try store.invitations(of: account.id)
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            // Unreadable, they wait for a repair (the doctor and `contacts
            // invitations` name the file) without holding up anyone's deadlines.
            account.invitationWake = env.now.addingTimeInterval(InvitationRules.recheckDelay)
            return 0
        }
        var expired = 0, more = false
        for index in book.sent.indices where book.sent[index].isPending && book.sent[index].expiresAt <= env.now {
            // Past what this transaction carries, the rest wait for the next step.
            guard store.reserveNotice() else {
                more = true
                break
            }
            book.sent[index].status = .expired
            let invitation = book.sent[index]
            do {
                try updateInviteeCopy(of: invitation) { copy in
                    var copy = copy
                    if copy.isPending { copy.status = .expired }
                    return copy
                }
            } catch let failure as any UserFacingError where failure.isUnreadableFile {
                // The invitee's copy cannot be read; answers are checked
                // against the inviter's copy, which expires all the same.
            }
            try notifier.notify(account.id, FeedDraft(
                type: .removed, title: "Your invitation to \(invitation.inviteeLabel) expired",
                message: "\(invitation.inviteeWithNumber) did not answer your invitation within 30 days, so nothing was linked. "
                    + "You may invite them again."))
            expired += 1
        }
        try store.saveInvitations(InvitationRules.pruned(book, now: env.now), of: account.id)
        // A millisecond back, as an owed notice of a deadline: due at once.
        account.invitationWake = more ? env.now.addingTimeInterval(-0.001) : book.nextSentExpiry
        return expired
    }

    /// At a number's first sign-in: what waited for it becomes the new
    /// account's, each with its notification. Returns how many.
    @discardableResult
    public func claimWaiting(for account: Account) throws -> Int {
        let waiting = try store.waitingInvitations(for: account.phoneNumber)
        guard !waiting.isEmpty else { return 0 }
        var book = try store.invitations(of: account.id)
        var claimed = 0
        for invitation in waiting where invitation.isPending && invitation.expiresAt > env.now {
            guard let inviter = try store.account(invitation.fromID) else { continue }
            book.received.append(invitation)
            try announce(invitation, from: inviter, to: account.id)
            claimed += 1
        }
        try store.setWaitingInvitations([], for: account.phoneNumber)
        try store.saveInvitations(InvitationRules.pruned(book, now: env.now), of: account.id)
        return claimed
    }

    /// Changes (or, for nil, removes) the invitee's copy of `invitation`,
    /// wherever it is: in their book, or waiting for their number.
    func updateInviteeCopy(of invitation: Invitation, _ change: (Invitation) -> Invitation?) throws {
        let phone = invitation.toPhoneNumber
        if let invitee = try store.accountID(phoneNumber: phone) {
            var theirs = try store.invitations(of: invitee)
            guard let index = theirs.received.firstIndex(where: { $0.id == invitation.id }) else { return }
            if let changed = change(theirs.received[index]) {
                theirs.received[index] = changed
            } else {
                theirs.received.remove(at: index)
            }
            try store.saveInvitations(InvitationRules.pruned(theirs, now: env.now), of: invitee)
        } else {
            var waiting = try store.waitingInvitations(for: phone)
            guard let index = waiting.firstIndex(where: { $0.id == invitation.id }) else { return }
            // A number without an account keeps only what still waits for it.
            if let changed = change(waiting[index]), changed.isPending {
                waiting[index] = changed
            } else {
                waiting.remove(at: index)
            }
            try store.setWaitingInvitations(waiting, for: phone)
        }
    }
}
