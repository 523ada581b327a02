import CommandEngine
import FoundationEssentials
import LifeSignalApp
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

extension ContactsInvitations: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let (received, sent) = try c.reading { store, account in
            let directory = InvitationDirectory(store: store)
            return (try directory.received(of: account.id, now: now), try directory.sent(of: account.id, now: now))
        }
        if c.json {
            c.printJSON(.object([("received", .array(received.map(JSONViews.received))),
                                 ("sent", .array(sent.map(JSONViews.invitation)))]))
            return success
        }
        guard !received.isEmpty || !sent.isEmpty else {
            c.say("No invitations.")
            c.hint("invite someone with 'lifesignal contacts add --phone NUMBER --responder'")
            return success
        }
        if !received.isEmpty {
            c.out.line("Sent to you")
            var table = TextTable(header: ["ID", "FROM", "ROLE", "PHONE", "STATUS"],
                                  columns: [.fixed, .fixed, .fixed, .fixed, .flexible])
            for item in received {
                let theirs = item.invitation.link(to: item.invitation.fromID, at: now).mirrored(owner: item.invitation.fromID)
                table.add([item.invitation.id.short, TerminalText.line(item.from.name), ContactText.yourRoles(theirs), item.from.maskedPhone,
                           InvitationText.status(item.invitation, now: now)])
            }
            c.print(table)
        }
        if !sent.isEmpty {
            if !received.isEmpty { c.out.line("") }
            c.out.line("Sent by you")
            var table = TextTable(header: ["ID", "TO", "ROLE", "PHONE", "STATUS"],
                                  columns: [.fixed, .fixed, .fixed, .fixed, .flexible])
            for invitation in sent {
                table.add([invitation.id.short, TerminalText.line(invitation.inviteeLabel),
                           ContactText.yourRoles(invitation.link(to: invitation.fromID, at: invitation.sentAt)),
                           invitation.toPhoneNumber, InvitationText.status(invitation, now: now)])
            }
            c.print(table)
        }
        if received.contains(where: \.invitation.isPending) {
            c.hint("answer with 'lifesignal contacts accept NAME' or 'lifesignal contacts decline NAME'")
        }
        return success
    }
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

extension ContactsAccept: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let accepted = try c.writing { store, account in
            try InvitationService(store: store, env: try c.core()).accept(invitation, owner: account)
        }
        if c.json {
            c.printJSON(JSONViews.invitation(accepted.invitation).adding("contact", JSONViews.contact(accepted.contact, now: now)))
        } else {
            c.say("Accepted: \(ContactText.name(accepted.contact)) is now your \(ContactText.roles(accepted.contact.link)).")
        }
        return success
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

extension ContactsDecline: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let declined = try c.writing { store, account in
            try InvitationService(store: store, env: try c.core()).decline(invitation, owner: account)
        }
        if c.json {
            c.printJSON(JSONViews.received(declined))
        } else {
            c.say("Declined the invitation from \(TerminalText.line(declined.from.name)); nothing was linked.")
        }
        return success
    }
}

extension ContactsAdd {
    /// `contacts add --phone`: an invitation, worded the same whether or not
    /// the number has an account.
    func invite(_ phone: String, firstName: String?, lastName: String?, _ c: Context) throws -> Int32 {
        let now = try c.now()
        let sent = try c.writing { store, account in
            var account = account
            return try InvitationService(store: store, env: try c.core()).invite(
                phone: phone, asResponder: asResponder, asDependent: asDependent,
                firstName: firstName, lastName: lastName, owner: &account)
        }
        if c.json {
            c.printJSON(JSONViews.invitation(sent))
        } else {
            c.say("Invited \(TerminalText.line(sent.inviteeWithNumber)) to be your \(InvitationText.roles(sent)). "
                  + "Nothing is linked until they accept; the invitation expires \(TimeText.both(sent.expiresAt, now: now)).")
        }
        return success
    }
}

/// A contact, or someone invited and not yet linked, as `contacts show`
/// and `contacts remove` find them.
enum ContactOrInvitation {
    case contact(ContactView)
    case invitation(Invitation)

    /// A contact first; only when no contact matches, an invitation the owner sent.
    static func resolve(_ query: String, store: any StoreReading, owner: EntityID, now: Date) throws -> ContactOrInvitation {
        do {
            return .contact(try ContactDirectory(store: store).resolve(query, owner: owner))
        } catch let error as LifeSignalError {
            guard case .notFound = error,
                  let invitation = try InvitationDirectory(store: store).resolveSent(query, owner: owner, now: now) else { throw error }
            return .invitation(invitation)
        }
    }
}

/// How invitations read in human output.
enum InvitationText {
    /// What the invitee would be to the inviter, in the words of `contacts`.
    static func roles(_ invitation: Invitation) -> String {
        ContactText.roles(invitation.link(to: invitation.fromID, at: invitation.sentAt))
    }

    static func status(_ invitation: Invitation, now: Date) -> String {
        switch invitation.status {
        case .pending: "waiting, expires \(RelativeTime.describe(invitation.expiresAt, now: now))"
        case .accepted, .declined, .expired:
            "\(invitation.status.rawValue) \(RelativeTime.describe(invitation.settledAt ?? invitation.expiresAt, now: now))"
        }
    }

    /// The STATUS of someone invited among `contacts`.
    static func invitedStatus(_ invitation: Invitation, now: Date) -> String {
        "invited, expires \(RelativeTime.describe(invitation.expiresAt, now: now))"
    }

    /// `contacts show` for someone invited: only what the owner typed.
    static func show(_ invitation: Invitation, _ c: Context, now: Date) {
        if c.json {
            c.printJSON(JSONViews.invitedContact(invitation))
            return
        }
        var table = TextTable(columns: [.fixed, .flexible])
        table.add(["Name", TerminalText.line(invitation.inviteeLabel)])
        table.add(["Phone", invitation.toPhoneNumber])
        table.add(["Role", roles(invitation) + " (when they accept)"])
        table.add(["Status", "invited \(TimeText.both(invitation.sentAt, now: now)); no answer yet"])
        table.add(["Expires", TimeText.both(invitation.expiresAt, now: now)])
        table.add(["Invitation", invitation.id.rawValue])
        c.print(table)
    }

    /// `contacts remove` for someone invited: the invitation is withdrawn.
    static func withdraw(_ invitation: Invitation, _ c: Context, yes: Bool) throws {
        let name = TerminalText.line(invitation.inviteeWithNumber)
        try c.requireConfirmation("Withdraw your invitation to \(name)?", yes: yes,
                                  declined: "Not withdrawn; the invitation to \(name) still waits for an answer.")
        try c.writing { store, account in
            try InvitationService(store: store, env: try c.core()).withdraw(invitation, owner: account)
        }
        if c.json {
            c.printJSON(.object([("withdrawn", .id(invitation.id)), ("name", .string(invitation.inviteeLabel))]))
        } else {
            c.say("Withdrew your invitation to \(name).")
        }
    }
}
