import FoundationEssentials

/// A contact joined with what the owner may see of the other account.
public struct ContactView: Sendable {
    public var link: ContactLink
    public var account: Account
    /// The responder handling this dependent's missed check-in or alert,
    /// once looked up (`lookUpHandler`); nil when nobody said so.
    public var handler: Account?

    public init(link: ContactLink, account: Account, handler: Account? = nil) {
        self.link = link
        self.account = account
        self.handler = handler
    }

    /// Who said they handle the dependent's missed check-in (once its
    /// responders were told) or its alert, as the responders may see it.
    public var handlerID: EntityID? {
        guard link.isDependent else { return nil }
        let missed = DeadlineEngine.standard.isMissedNotified(account) ? account.deadlines.acknowledgedBy : nil
        return missed ?? account.alertSeenByResponders?.acknowledgedBy
    }

    /// Reads the handler's account, when there is one (a read only then).
    public mutating func lookUpHandler(in store: any StoreReading) {
        handler = handlerID.flatMap { try? store.account($0) }
    }

    public var id: EntityID { link.contactID }
    public var name: String { account.fullName }

    /// Seconds until the contact's check-in is due (negative when overdue),
    /// nil when their timer has not started.
    public func timeLeft(at now: Date) -> Int? {
        account.nextCheckInDue.map { WholeSeconds.of($0.timeIntervalSince(now)) }
    }
}

/// How `contacts list` orders contacts.
public enum ContactSort: String, Sendable, CaseIterable {
    case timeLeft = "time-left", name, added
}

/// Reads the signed-in account's contacts and finds one by what a person types.
public struct ContactDirectory {
    let store: any StoreReading

    public init(store: any StoreReading) { self.store = store }

    /// The owner's contacts, with the ones whose account cannot be read set
    /// apart: one damaged account never hides the others.
    public struct Listing: Sendable {
        public var contacts: [ContactView] = []
        public var unreadable: [(link: ContactLink, failure: any UserFacingError)] = []
    }

    public func listing(of owner: EntityID) throws -> Listing {
        var listing = Listing()
        let links = try store.contacts(of: owner)
        try store.prefetch(accounts: links.map(\.contactID), deliverySetups: [])
        for link in links {
            do {
                if let account = try store.account(link.contactID) {
                    var contact = ContactView(link: link, account: account)
                    contact.lookUpHandler(in: store)
                    listing.contacts.append(contact)
                }
            } catch let failure as any UserFacingError where failure.isUnreadableFile {
                listing.unreadable.append((link, failure))
            }
        }
        return listing
    }

    /// The contacts whose accounts can be read.
    public func all(of owner: EntityID) throws -> [ContactView] {
        try listing(of: owner).contacts
    }

    /// Contacts ordered for display. Time left puts alerting, then overdue
    /// contacts first, then the soonest due; contacts not started come last.
    ///
    /// Each contact's sort key (its rank, its name in lower case) is worked
    /// out once and the positions are sorted, not the views: a care home's
    /// thousand contacts took ~10,000 comparisons, each of which lowered
    /// two names and moved two whole accounts. The keys order every pair
    /// as comparing the contacts themselves did (the ID settles ties), so
    /// the order is the same.
    public static func sorted(_ contacts: [ContactView], by sort: ContactSort, now: Date) -> [ContactView] {
        let names = contacts.map { $0.name.lowercased() }
        let byName: (Int, Int) -> Bool = { (names[$0], contacts[$0].id) < (names[$1], contacts[$1].id) }
        let order: [Int]
        switch sort {
        case .name:
            order = contacts.indices.sorted(by: byName)
        case .added:
            order = contacts.indices.sorted {
                (contacts[$0].link.addedAt, contacts[$0].id) < (contacts[$1].link.addedAt, contacts[$1].id)
            }
        case .timeLeft:
            func rank(_ c: ContactView) -> (Int, Int) {
                if c.account.alertSeenByResponders != nil { return (0, c.timeLeft(at: now) ?? Int.max) }
                guard let left = c.timeLeft(at: now) else { return (3, 0) }
                return (left <= 0 ? 1 : 2, left)
            }
            let ranks = contacts.map(rank)
            order = contacts.indices.sorted { a, b in
                ranks[a] != ranks[b] ? ranks[a] < ranks[b] : byName(a, b)
            }
        }
        return order.map { contacts[$0] }
    }

    /// Finds one contact by what a person types: a phone number (in any form
    /// `login` accepts, or the bare digits of the international number), a
    /// name, or an ID prefix of 4 or more characters.
    ///
    /// Names are matched without regard to case or accents, best match
    /// first: the whole name, then a whole first or last name (`Al` is Al
    /// Gore even when Alan Turing exists), then the start of any of them.
    /// Two matches at the best level are ambiguous, and the error lists them.
    public func resolve(_ query: String, owner: EntityID) throws -> ContactView {
        let listing = try listing(of: owner)
        let contacts = listing.contacts
        let trimmed = query.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw LifeSignalError.invalid("a contact name, phone number or ID is required") }
        let phones = PhoneNumber.candidates(trimmed, national: try? store.account(owner)?.phoneNumber)
        if !phones.isEmpty, let match = contacts.first(where: { phones.contains($0.account.phoneNumber) }) {
            return match
        }
        var matches = NameMatching.best(trimmed, among: contacts.map {
            NameMatching.Candidate($0, full: $0.name, parts: [$0.account.firstName, $0.account.lastName])
        })
        let lower = trimmed.lowercased()
        if matches.isEmpty, NameMatching.isIDPrefix(lower) {
            matches = contacts.filter { $0.id.rawValue.hasPrefix(lower) }
        }
        switch matches.count {
        case 1: return matches[0]
        case 0:
            // A contact whose account cannot be read is found by ID only, and then says why.
            if lower.count >= 4, let damaged = listing.unreadable.first(where: { $0.link.contactID.rawValue.hasPrefix(lower) }) {
                throw damaged.failure
            }
            throw LifeSignalError.notFound("no contact matches \(quoted(trimmed))", hint: "lifesignal contacts list")
        default:
            throw LifeSignalError.ambiguous(query: trimmed, candidates: Self.sorted(matches, by: .name, now: Date(timeIntervalSince1970: 0))
                .map { "\($0.name) (\($0.id.short))" })
        }
    }
}
