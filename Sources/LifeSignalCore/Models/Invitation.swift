import FoundationEssentials

/// A request, sent to a phone number, to become contacts: nothing links
/// until the person behind the number accepts.
///
/// Both people hold a copy (the inviter under `sent`, the invitee under
/// `received`, or a number without an account in its waiting list), and
/// every change is made to both copies at once. The roles read like those
/// of `contacts add`: `isResponder` means the invitee would watch over the
/// inviter, `isDependent` that the inviter would watch over the invitee.
public struct Invitation: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case pending, accepted, declined, expired
    }

    public var id: EntityID
    public var fromID: EntityID
    /// E.164, as the inviter typed it after normalising.
    public var toPhoneNumber: String
    /// The invitee's name as the inviter typed it (may be empty): all the
    /// inviter knows of them until they accept.
    public var firstName: String
    public var lastName: String
    public var isResponder: Bool
    public var isDependent: Bool
    public var sentAt: Date
    public var expiresAt: Date
    public var status: Status
    /// When it was accepted or declined; nil while pending and for an expired one.
    public var respondedAt: Date?

    public init(id: EntityID, fromID: EntityID, toPhoneNumber: String, firstName: String, lastName: String,
                isResponder: Bool, isDependent: Bool, sentAt: Date, expiresAt: Date) {
        self.id = id
        self.fromID = fromID
        self.toPhoneNumber = toPhoneNumber
        self.firstName = firstName
        self.lastName = lastName
        self.isResponder = isResponder
        self.isDependent = isDependent
        self.sentAt = sentAt
        self.expiresAt = expiresAt
        self.status = .pending
        self.respondedAt = nil
    }

    public var isPending: Bool { status == .pending }

    /// What the inviter calls the invitee: the name they typed, else the number.
    public var inviteeLabel: String {
        let name = [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? toPhoneNumber : name
    }

    /// The invitee as the inviter knows them: "Sam Lee (+15551234567)", or the number.
    public var inviteeWithNumber: String {
        inviteeLabel == toPhoneNumber ? toPhoneNumber : "\(inviteeLabel) (\(toPhoneNumber))"
    }

    /// When it stopped being pending (answered or expired), if it has.
    public var settledAt: Date? {
        switch status {
        case .pending: nil
        case .expired: expiresAt
        case .accepted, .declined: respondedAt ?? expiresAt
        }
    }

    /// The link the inviter would hold once it is accepted.
    public func link(to invitee: EntityID, at time: Date) -> ContactLink {
        ContactLink(contactID: invitee, isResponder: isResponder, isDependent: isDependent, addedAt: time)
    }
}

/// One account's invitations, both ways, kept in one file of its own.
public struct InvitationBook: Codable, Sendable, Equatable {
    /// Invitations this account sent, oldest first.
    public var sent: [Invitation] = []
    /// Invitations sent to this account's number, oldest first.
    public var received: [Invitation] = []
    /// When this account sent invitations within the rate-limit window
    /// (kept apart from `sent`, so withdrawing one does not refund it).
    public var recentSends: [Date] = []

    public init() {}

    /// The earliest expiry among the pending invitations this account sent.
    public var nextSentExpiry: Date? {
        sent.filter(\.isPending).map(\.expiresAt).min()
    }
}
