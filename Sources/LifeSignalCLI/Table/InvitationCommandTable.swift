import CommandEngine
import LifeSignalCore

/// Inputs the invitation commands share.
enum InvitationInputs {
    /// An invitation sent to you, named by its ID or its sender's name.
    static let invitation = Argument<String>(
        "INVITATION",
        help: "The invitation: its ID (or the start of it, as 'contacts invitations' shows) or the name of whoever sent it.",
        completion: .dynamic("invitations"), expected: "an invitation ID or a name") { text in
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// `contacts invitations`
struct ContactsInvitations: CommandInput, Equatable {
    static let spec = CommandSpec(
        "invitations",
        summary: "List the invitations sent to you and by you",
        discussion: [
            "Invitations waiting for an answer come with when they expire; answered and expired ones stay listed for 30 days. An invitation sent to you shows who sent it, with only the last two digits of their number, until you accept it.",
            "In JSON each invitation has id, fromID, toPhoneNumber, firstName and lastName (the invitee as the sender typed them), isResponder and isDependent (what the invitee would be to the sender), sentAt, expiresAt, respondedAt and status: pending, accepted, declined or expired. Received ones add fromFirstName, fromLastName and the masked fromPhoneNumber. People you invited also appear in 'contacts --json', with \"invited\": true.",
        ],
        examples: [CommandExample("contacts invitations --json", "both lists as {\"received\": [...], \"sent\": [...]}")],
        input: .running(ContactsInvitations.self))

    init(from parsed: ParsedCommand) {}
}

/// `contacts accept INVITATION|NAME`
struct ContactsAccept: CommandInput, Equatable {
    static let spec = CommandSpec(
        "accept",
        summary: "Accept an invitation: you become contacts with the roles it proposes",
        discussion: ["Whoever sent it is told, and from then on each of you sees the other as any contact."],
        arguments: [InvitationInputs.invitation.spec],
        examples: [CommandExample("contacts accept Ada", "accept the invitation Ada sent you")],
        input: .running(ContactsAccept.self))

    let invitation: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        invitation = try parsed.required(InvitationInputs.invitation)
    }
}

/// `contacts decline INVITATION|NAME`
struct ContactsDecline: CommandInput, Equatable {
    static let spec = CommandSpec(
        "decline",
        summary: "Decline an invitation: nothing is linked",
        discussion: ["Whoever sent it is told it was declined, in the words they typed, and learns nothing about you."],
        arguments: [InvitationInputs.invitation.spec],
        examples: [CommandExample("contacts decline 3f2a9c1e", "decline an invitation by its ID")],
        input: .running(ContactsDecline.self))

    let invitation: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        invitation = try parsed.required(InvitationInputs.invitation)
    }
}
