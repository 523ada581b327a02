import FoundationEssentials

/// What an invitee may see of the person who invited them before
/// accepting: a name and a hint of the number, nothing more (no full
/// number, note or check-in status), by construction.
public struct InviterView: Sendable, Equatable {
    public var id: EntityID
    public var firstName: String
    public var lastName: String
    /// The number with all but its last two digits hidden.
    public var maskedPhone: String

    init(_ account: Account) {
        id = account.id
        firstName = account.firstName
        lastName = account.lastName
        maskedPhone = InvitationRules.maskedPhone(account.phoneNumber)
    }

    public var name: String {
        let name = [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? maskedPhone : name
    }
}

/// A received invitation and who sent it.
public struct ReceivedInvitation: Sendable, Equatable {
    public var invitation: Invitation
    public var from: InviterView
}

/// Reads the signed-in account's invitations and finds one by what a
/// person types.
public struct InvitationDirectory {
    let store: any StoreReading

    public init(store: any StoreReading) { self.store = store }

    /// Invitations sent to the owner, oldest first; answered ones for a while.
    public func received(of owner: EntityID, now: Date) throws -> [ReceivedInvitation] {
        try InvitationRules.pruned(store.invitations(of: owner).received, now: now).compactMap { invitation in
            try store.account(invitation.fromID).map { ReceivedInvitation(invitation: invitation, from: InviterView($0)) }
        }
    }

    /// Invitations the owner sent, oldest first; answered ones for a while.
    public func sent(of owner: EntityID, now: Date) throws -> [Invitation] {
        InvitationRules.pruned(try store.invitations(of: owner).sent, now: now)
    }

    /// The owner's invitations still waiting for an answer: the people
    /// `contacts` shows as invited, in the words the owner typed.
    public func invited(by owner: EntityID, now: Date) throws -> [Invitation] {
        try sent(of: owner, now: now).filter(\.isPending)
    }

    /// The pending invitation to the owner that `query` names: the sender's
    /// name (as `contacts` matches names) or the invitation's ID prefix.
    /// The sender's phone number does not find it: their number is theirs
    /// to share, and a lookup by number would tell it.
    public func resolveReceived(_ query: String, owner: EntityID, now: Date) throws -> ReceivedInvitation {
        let pending = try received(of: owner, now: now).filter(\.invitation.isPending)
        let trimmed = query.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw LifeSignalError.invalid("an invitation ID or a name is required") }
        guard !pending.isEmpty else {
            throw LifeSignalError.notFound("no invitations are waiting for you", hint: "lifesignal contacts invitations")
        }
        var matches = NameMatching.best(trimmed, among: pending.map {
            NameMatching.Candidate($0, full: $0.from.name, parts: [$0.from.firstName, $0.from.lastName])
        })
        let lower = trimmed.lowercased()
        if matches.isEmpty, NameMatching.isIDPrefix(lower) {
            matches = pending.filter { $0.invitation.id.rawValue.hasPrefix(lower) }
        }
        return try Self.one(matches, query: trimmed, label: { "\($0.from.name) (\($0.invitation.id.short))" },
                            none: "no invitation waiting for you matches \(quoted(trimmed))")
    }

    /// The pending invitation the owner sent that `query` names: the name
    /// they typed for the invitee, the number, or the ID prefix; nil when none does.
    public func resolveSent(_ query: String, owner: EntityID, now: Date) throws -> Invitation? {
        let pending = try sent(of: owner, now: now).filter(\.isPending)
        let trimmed = query.trimmingWhitespace()
        guard !pending.isEmpty, !trimmed.isEmpty else { return nil }
        let phones = PhoneNumber.candidates(trimmed)
        var matches = pending.filter { phones.contains($0.toPhoneNumber) }
        if matches.isEmpty {
            matches = NameMatching.best(trimmed, among: pending.map {
                NameMatching.Candidate($0, full: $0.inviteeLabel, parts: [$0.firstName, $0.lastName])
            })
        }
        let lower = trimmed.lowercased()
        if matches.isEmpty, NameMatching.isIDPrefix(lower) {
            matches = pending.filter { $0.id.rawValue.hasPrefix(lower) }
        }
        guard !matches.isEmpty else { return nil }
        return try Self.one(matches, query: trimmed, label: { "\($0.inviteeLabel) (\($0.id.short))" }, none: "")
    }

    private static func one<Item>(_ matches: [Item], query: String, label: (Item) -> String, none: String) throws -> Item {
        switch matches.count {
        case 1: return matches[0]
        case 0: throw LifeSignalError.notFound(none, hint: "lifesignal contacts invitations")
        default:
            throw LifeSignalError.notFound(
                "\(quoted(query)) matches \(matches.count) invitations: " + matches.map(label).sorted().joined(separator: ", "),
                hint: "name one by its ID: lifesignal contacts invitations")
        }
    }
}
