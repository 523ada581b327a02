import LifeSignalCore

/// The invitation shapes of CLI.md.
extension JSONViews {
    /// The invitation object: `id`, `fromID`, `toPhoneNumber`, `firstName`,
    /// `lastName` (the invitee as the inviter typed them), `isResponder`,
    /// `isDependent`, `sentAt`, `status`, and when it expires or was answered.
    static func invitation(_ invitation: Invitation) -> JSONValue {
        .object(invitationMembers(invitation))
    }

    /// A received invitation: the object plus who sent it, with their number
    /// masked until it is accepted.
    static func received(_ received: ReceivedInvitation) -> JSONValue {
        .object(invitationMembers(received.invitation) + [
            ("fromFirstName", .string(received.from.firstName)),
            ("fromLastName", .string(received.from.lastName)),
            ("fromPhoneNumber", .string(received.from.maskedPhone)),
        ])
    }

    /// Someone invited but not yet linked, among `contacts`: only what the
    /// inviter typed, with `invited: true` and no check-in status.
    static func invitedContact(_ invitation: Invitation) -> JSONValue {
        .object([
            ("id", .id(invitation.id)),
            ("firstName", .string(invitation.firstName)),
            ("lastName", .string(invitation.lastName)),
            ("phoneNumber", .string(invitation.toPhoneNumber)),
            ("isResponder", .bool(invitation.isResponder)),
            ("isDependent", .bool(invitation.isDependent)),
            ("addedAt", .date(invitation.sentAt)),
            ("invited", .bool(true)),
            ("invitationID", .id(invitation.id)),
            ("expiresAt", .date(invitation.expiresAt)),
        ])
    }

    private static func invitationMembers(_ invitation: Invitation) -> [(String, JSONValue)] {
        [
            ("id", .id(invitation.id)),
            ("fromID", .id(invitation.fromID)),
            ("toPhoneNumber", .string(invitation.toPhoneNumber)),
            ("firstName", .string(invitation.firstName)),
            ("lastName", .string(invitation.lastName)),
            ("isResponder", .bool(invitation.isResponder)),
            ("isDependent", .bool(invitation.isDependent)),
            ("sentAt", .date(invitation.sentAt)),
            ("status", .string(invitation.status.rawValue)),
            ("expiresAt", .date(invitation.expiresAt)),
            ("respondedAt", .date(invitation.respondedAt)),
        ]
    }
}
