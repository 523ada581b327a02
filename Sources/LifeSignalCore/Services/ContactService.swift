import FoundationEssentials

/// Adds, changes and removes links between accounts, on both sides at once.
public struct ContactService {
    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    private var notifier: Notifier { Notifier(store: store, env: env) }

    /// Links `owner` to the account behind `code`. `asResponder` makes the
    /// other person the owner's responder; `asDependent` the owner's dependent.
    public func add(code rawCode: String, asResponder: Bool, asDependent: Bool, owner: Account) throws -> ContactView {
        guard asResponder || asDependent else {
            throw LifeSignalError.refused("Contact must have at least one role.",
                                          hint: "add --responder, --dependent or both")
        }
        try requireName(owner)
        guard let code = QRCodeID.normalize(rawCode) else {
            throw LifeSignalError.invalid("\(quoted(rawCode)) is not a lifesignal code (20 letters and digits, e.g. K7Q2M-9XHCV-3PD8R-TW6NA)")
        }
        // Becoming the owner's responder reschedules the owner, which looks
        // at their schedule entry: it comes with the other's files.
        if asResponder { store.prefetchScheduleEntry(of: owner.id) }
        guard let otherID = try store.accountID(qrCodeID: code), let other = try store.account(otherID) else {
            throw LifeSignalError.notFound("no account has the code \(code) (it may have been refreshed)")
        }
        guard otherID != owner.id else { throw LifeSignalError.refused("that is your own code") }
        var mine = try store.contacts(of: owner.id)
        guard !mine.contains(where: { $0.contactID == otherID }) else {
            throw LifeSignalError.refused("\(other.fullName) is already a contact",
                                          hint: "lifesignal contacts role \"\(other.fullName)\" --responder|--dependent")
        }
        let link = ContactLink(contactID: otherID, isResponder: asResponder, isDependent: asDependent, addedAt: env.now)
        mine.append(link)
        var theirs = try store.contacts(of: otherID)
        theirs.removeAll { $0.contactID == owner.id }
        theirs.append(link.mirrored(owner: owner.id))
        try store.saveContacts(mine, of: owner.id)
        try store.saveContacts(theirs, of: otherID)
        let theirView = link.mirrored(owner: owner.id)
        try notifier.notify(otherID, theirView.isResponder
            ? Self.madeThemselvesResponder(owner, theirView: theirView, type: .added)
            : FeedDraft(type: .added, title: "\(owner.fullName) added you",
                        message: "\(owner.fullName) added you as \(Self.roleText(theirView)).", relatedContactID: owner.id))
        try linksChanged(owner.id, otherID, before: nil, after: link)
        return ContactView(link: link, account: other)
    }

    /// Changes the roles of a link, and the contact's delay as the owner's
    /// responder; nil leaves each as it is.
    public func setRoles(of contact: ContactView, responder: Bool?, dependent: Bool?, delay: Int? = nil,
                         owner: Account) throws -> ContactView {
        var link = contact.link
        link.isResponder = responder ?? link.isResponder
        link.isDependent = dependent ?? link.isDependent
        guard link.isResponder || link.isDependent else {
            throw LifeSignalError.refused("Contact must have at least one role.",
                                          hint: "to remove \(contact.name), run: lifesignal contacts remove \"\(contact.name)\"")
        }
        if let delay {
            guard link.isResponder else {
                throw LifeSignalError.refused("\(contact.name) is not your responder, so they have no delay",
                                              hint: "lifesignal contacts role \"\(contact.name)\" --responder --delay \(DurationText.compact(seconds: delay))")
            }
            guard DeadlineBounds.delay.contains(delay) else {
                throw LifeSignalError.invalid("a delay must be between none and "
                    + "\(DurationText.format(seconds: DeadlineBounds.delay.upperBound))")
            }
            link.responderDelay = delay
        }
        if !link.isResponder { link.responderDelay = 0 }
        if !link.isDependent { link.dependentDelay = 0 }
        guard link != contact.link else { return contact }
        try replaceLink(owner: owner.id, other: contact.id, with: link)
        var message = "\(owner.fullName) now has you as \(Self.roleText(link.mirrored(owner: owner.id)))."
        if link.isResponder, link.responderDelay != contact.link.responderDelay || !contact.link.isResponder {
            message += link.responderDelay == 0 ? " You are told at once when they miss a check-in."
                : " You are told \(DurationText.format(seconds: link.responderDelay)) after the others when they miss a check-in."
        }
        let theirView = link.mirrored(owner: owner.id)
        try notifier.notify(contact.id, theirView.isResponder && !contact.link.isDependent
            ? Self.madeThemselvesResponder(owner, theirView: theirView, type: .role)
            : FeedDraft(type: .role, title: "\(owner.fullName) changed your role", message: message, relatedContactID: owner.id))
        try linksChanged(owner.id, contact.id, before: contact.link, after: link)
        var changed = ContactView(link: link, account: contact.account)
        changed.lookUpHandler(in: store)
        return changed
    }

    /// Removes the link on both sides; pings still waiting between the two
    /// are withdrawn, so neither hears of them again.
    public func remove(_ contact: ContactView, owner: Account) throws {
        try replaceLink(owner: owner.id, other: contact.id, with: nil)
        try PingService(store: store, env: env).withdrawPending(between: owner.id, and: contact.id)
        try notifier.notify(contact.id, FeedDraft(
            type: .removed, title: "\(owner.fullName) removed you",
            message: "\(owner.fullName) removed you from their contacts.", relatedContactID: owner.id))
        try linksChanged(owner.id, contact.id, before: contact.link, after: nil)
    }

    /// Who watches over whom changed between `owner` and `other` (as the
    /// owner's link says, before and after): a deadline whose responders or
    /// delays changed is brought up to date at once (a responder added to a
    /// missed deadline is told now), and a responder no longer watching
    /// loses the answer windows of their pings.
    func linksChanged(_ owner: EntityID, _ other: EntityID, before: ContactLink?, after: ContactLink?) throws {
        let deadlines = DeadlineService(store: store, env: env)
        // The owner's responders: the other, as the link's responder side.
        if Self.watch(before, \.isResponder, \.responderDelay) != Self.watch(after, \.isResponder, \.responderDelay) {
            if after?.isResponder != true { try dropAnswerWindows(of: owner, from: other) }
            try deadlines.reschedule(owner)
        }
        // The other's responders: the owner, as the link's dependent side.
        if Self.watch(before, \.isDependent, \.dependentDelay) != Self.watch(after, \.isDependent, \.dependentDelay) {
            if after?.isDependent != true { try dropAnswerWindows(of: other, from: owner) }
            try deadlines.reschedule(other)
        }
    }

    /// The delay of one side's watch over the other, nil when it does not
    /// watch: no link and a link without that role watch alike.
    private static func watch(_ link: ContactLink?, _ role: KeyPath<ContactLink, Bool>,
                              _ delay: KeyPath<ContactLink, Int>) -> Int? {
        guard let link, link[keyPath: role] else { return nil }
        return link[keyPath: delay]
    }

    private func dropAnswerWindows(of id: EntityID, from sender: EntityID) throws {
        guard var account = try? store.account(id), account.answerWindows.contains(where: { $0.senderID == sender }) else {
            return
        }
        account.answerWindows.removeAll { $0.senderID == sender }
        try store.save(account)
    }

    private func replaceLink(owner: EntityID, other: EntityID, with link: ContactLink?) throws {
        var mine = try store.contacts(of: owner).filter { $0.contactID != other }
        var theirs = try store.contacts(of: other).filter { $0.contactID != owner }
        if let link {
            mine.append(link)
            theirs.append(link.mirrored(owner: owner))
        }
        try store.saveContacts(mine, of: owner)
        try store.saveContacts(theirs, of: other)
    }

    /// The notice to someone whom `owner` made themselves the responder of
    /// (with their code, which needs no consent): a responder is told of
    /// every missed check-in and alert, and can acknowledge it for everyone,
    /// which stops the repeats and the later steps. So it says so at once,
    /// urgently, with the one command that undoes it (by ID prefix, which no
    /// name can imitate): dropping the role, or the link when that is its
    /// only role.
    static func madeThemselvesResponder(_ owner: Account, theirView: ContactLink, type: NotificationType) -> FeedDraft {
        let undo = theirView.isDependent
            ? "lifesignal contacts role \(owner.id.short) --no-responder"
            : "lifesignal contacts remove \(owner.id.short) --yes"
        return FeedDraft(
            type: type, title: "\(owner.fullName) made themselves your responder",
            message: "\(owner.fullName) used your code to become your responder: they are told when you miss a check-in "
                + "or raise an alert, and can acknowledge it for everyone, which stops the repeats and the later steps "
                + "to your other responders. If you did not ask them to, undo it now: \(undo)",
            relatedContactID: owner.id, isCritical: true)
    }

    /// "their responder", "their dependent" or both, from the contact's side.
    static func roleText(_ theirView: ContactLink) -> String {
        // In theirView the owner is the contact: isDependent means the
        // notified person watches over the owner.
        switch (theirView.isDependent, theirView.isResponder) {
        case (true, true): "their responder and dependent"
        case (true, false): "their responder"
        default: "their dependent"
        }
    }
}
