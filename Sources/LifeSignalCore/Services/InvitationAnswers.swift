import FoundationEssentials

/// The invitee's answers: accepting links the two with the proposed roles,
/// declining links nothing; either way the inviter is told.
extension InvitationService {
    /// What accepting made: the invitation as it now stands and the new contact.
    public struct Acceptance: Sendable {
        public var invitation: Invitation
        public var contact: ContactView
    }

    /// Accepts the pending invitation to `owner` that `query` names (the
    /// sender's name or the invitation's ID prefix).
    public func accept(_ query: String, owner: Account) throws -> Acceptance {
        try requireName(owner)
        let found = try InvitationDirectory(store: store).resolveReceived(query, owner: owner.id, now: env.now)
        guard let inviter = try store.account(found.invitation.fromID) else {
            throw LifeSignalError.notFound("the account that sent this invitation no longer exists")
        }
        var mine = try store.contacts(of: owner.id)
        if mine.contains(where: { $0.contactID == inviter.id }) {
            throw LifeSignalError.refused("\(inviter.fullName) is already a contact",
                                          hint: "lifesignal contacts decline \(found.invitation.id.short)")
        }
        let answered = try answer(found.invitation, with: .accepted)
        let invitation = answered.invitation
        let link = invitation.link(to: owner.id, at: env.now)
        var theirs = try store.contacts(of: inviter.id).filter { $0.contactID != owner.id }
        theirs.append(link)
        mine.append(link.mirrored(owner: inviter.id))
        try store.saveContacts(theirs, of: inviter.id)
        try store.saveContacts(mine, of: owner.id)
        try ContactService(store: store, env: env).linksChanged(inviter.id, owner.id, before: nil, after: link)

        // Anything else still pending between the two has been overtaken by the link.
        var inviterBook = answered.inviterBook
        inviterBook.received.removeAll { $0.isPending && $0.fromID == owner.id }
        var myBook = try store.invitations(of: owner.id)
        myBook.sent.removeAll { $0.isPending && $0.toPhoneNumber == inviter.phoneNumber }
        try store.saveInvitations(inviterBook, of: inviter.id)
        try store.saveInvitations(myBook, of: owner.id)

        try notifier.notify(inviter.id, FeedDraft(
            type: .added, title: "\(owner.fullName) accepted your invitation",
            message: "\(owner.fullName) accepted your invitation and is now your \(Self.roleWords(link)).",
            relatedContactID: owner.id))
        return Acceptance(invitation: invitation, contact: ContactView(link: link.mirrored(owner: inviter.id), account: inviter))
    }

    /// Declines the pending invitation to `owner` that `query` names; the
    /// inviter hears of it in the words they typed, nothing of the owner's.
    public func decline(_ query: String, owner: Account) throws -> ReceivedInvitation {
        let found = try InvitationDirectory(store: store).resolveReceived(query, owner: owner.id, now: env.now)
        let (invitation, inviterBook) = try answer(found.invitation, with: .declined)
        try store.saveInvitations(inviterBook, of: invitation.fromID)
        try notifier.notify(invitation.fromID, FeedDraft(
            type: .removed, title: "Your invitation to \(invitation.inviteeLabel) was declined",
            message: "\(invitation.inviteeWithNumber) declined your invitation, so nothing was linked."))
        return ReceivedInvitation(invitation: invitation, from: found.from)
    }

    /// Records `status` on both copies of a pending invitation to the owner:
    /// the owner's copy is saved; the inviter's book is returned to be saved
    /// with whatever else changes in it.
    private func answer(_ received: Invitation, with status: Invitation.Status) throws
        -> (invitation: Invitation, inviterBook: InvitationBook) {
        var inviterBook = try store.invitations(of: received.fromID)
        guard let index = inviterBook.sent.firstIndex(where: { $0.id == received.id }), inviterBook.sent[index].isPending,
              received.expiresAt > env.now else {
            throw LifeSignalError.notFound("that invitation was withdrawn or has expired", hint: "lifesignal contacts invitations")
        }
        inviterBook.sent[index].status = status
        inviterBook.sent[index].respondedAt = env.now
        let answered = inviterBook.sent[index]
        try updateInviteeCopy(of: answered) { copy in
            var copy = copy
            copy.status = status
            copy.respondedAt = answered.respondedAt
            return copy
        }
        return (answered, InvitationRules.pruned(inviterBook, now: env.now))
    }

    /// "responder", "dependent" or both: what the invitee is to the inviter.
    static func roleWords(_ inviterLink: ContactLink) -> String {
        switch (inviterLink.isResponder, inviterLink.isDependent) {
        case (true, true): "responder and dependent"
        case (true, false): "responder"
        default: "dependent"
        }
    }
}
