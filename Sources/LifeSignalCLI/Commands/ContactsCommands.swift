import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Responders and dependents.
enum ContactCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("contacts") { ContactCommandTable.contacts },
    ]

    static let contacts = CommandSpec(
        "contacts",
        summary: "List, add, change and remove your responders and dependents",
        subcommandEntries: [
            SubcommandEntry("list") { ContactsList.spec },
            SubcommandEntry("add") { ContactsAdd.spec },
            SubcommandEntry("show") { ContactsShow.spec },
            SubcommandEntry("role") { ContactsRole.spec },
            SubcommandEntry("remove") { ContactsRemove.spec },
            SubcommandEntry("invitations") { ContactsInvitations.spec },
            SubcommandEntry("accept") { ContactsAccept.spec },
            SubcommandEntry("decline") { ContactsDecline.spec },
        ],
        defaultSubcommand: "list")
}

/// `contacts [list] [--responders|--dependents] [--sort time-left|name|added]`
struct ContactsList: CommandInput, Equatable {
    static let responders = Flag("responders", help: "Only the people who watch over you.")
    static let dependents = Flag("dependents", help: "Only the people you watch over.")
    static let sort = Option<ContactSort>(
        choice: "sort",
        help: "Order: time left until due (overdue and alerting first; the default), name, or date added.")

    static let spec = CommandSpec(
        "list",
        summary: "List your contacts (dependents show their check-in status)",
        options: [responders.spec, dependents.spec, sort.spec],
        exclusiveGroups: [ExclusiveGroup([responders.spec.long, dependents.spec.long])],
        examples: [CommandExample("contacts --dependents --sort name", "the people you watch over, by name")],
        input: .running(ContactsList.self))

    /// Which contacts to show.
    enum Selection: Equatable { case all, responders, dependents }

    let selection: Selection
    let sort: ContactSort

    init(from parsed: ParsedCommand) throws(UsageError) {
        selection = parsed[Self.responders] ? .responders : parsed[Self.dependents] ? .dependents : .all
        sort = try parsed.value(Self.sort) ?? .timeLeft
    }
}

extension ContactsList: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        // A contact whose account cannot be read is listed as such, never a failure of the list.
        let (listing, pending) = try c.reading { store, account in
            (try ContactDirectory(store: store).listing(of: account.id),
             try InvitationDirectory(store: store).invited(by: account.id, now: now))
        }
        var invited = pending
        var contacts = listing.contacts
        var unreadable = listing.unreadable
        switch selection {
        case .all: break
        case .responders:
            contacts = contacts.filter(\.link.isResponder)
            unreadable = unreadable.filter(\.link.isResponder)
            invited = invited.filter(\.isResponder)
        case .dependents:
            contacts = contacts.filter(\.link.isDependent)
            unreadable = unreadable.filter(\.link.isDependent)
            invited = invited.filter(\.isDependent)
        }
        contacts = ContactDirectory.sorted(contacts, by: sort, now: now)
        if c.json {
            c.printJSON(.array(contacts.map { JSONViews.contact($0, now: now) }
                + unreadable.map { JSONViews.unreadableContact($0.link, $0.failure) } + invited.map(JSONViews.invitedContact)))
            return success
        }
        guard !contacts.isEmpty || !unreadable.isEmpty || !invited.isEmpty else {
            switch selection {
            case .all:
                c.say("No contacts yet.")
                c.hint("share your code with 'lifesignal qr show'; add someone with 'lifesignal contacts add CODE --responder'")
            case .responders:
                c.say("No responders: nobody is told when you miss a check-in.")
                c.hint("add one with 'lifesignal contacts add CODE --responder'")
            case .dependents:
                c.say("No dependents: you watch over nobody yet.")
                c.hint("add one with 'lifesignal contacts add CODE --dependent'")
            }
            return success
        }
        var table = TextTable(header: ["NAME", "ROLE", "PHONE", "STATUS"], columns: [.fixed, .fixed, .fixed, .flexible])
        for contact in contacts {
            table.add([ContactText.name(contact), ContactText.rolesAndDelay(contact.link), contact.account.phoneNumber,
                       contact.link.isDependent ? ContactText.status(contact, now: now, style: c.style) : ""])
        }
        for (link, failure) in unreadable {
            table.add([link.contactID.short, ContactText.roles(link), "-", c.style.red("cannot be read") + ": " + failure.message])
        }
        for invitation in invited {
            table.add([TerminalText.line(invitation.inviteeLabel), InvitationText.roles(invitation),
                       invitation.toPhoneNumber, c.style.dim(InvitationText.invitedStatus(invitation, now: now))])
        }
        c.print(table)
        return success
    }
}

/// `contacts show CONTACT`
struct ContactsShow: CommandInput, Equatable {
    static let spec = CommandSpec(
        "show", summary: "Show one contact, or someone you invited", arguments: [SharedInputs.contact.spec],
        input: .running(ContactsShow.self))

    let contact: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.contact)
    }
}

extension ContactsShow: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let found: ContactView
        switch try c.reading({ store, account in try ContactOrInvitation.resolve(contact, store: store, owner: account.id, now: now) }) {
        case .contact(let contact): found = contact
        case .invitation(let invitation):
            InvitationText.show(invitation, c, now: now)
            return success
        }
        if c.json {
            c.printJSON(JSONViews.contact(found, now: now))
            return success
        }
        var table = TextTable(columns: [.fixed, .flexible])
        table.add(["Name", ContactText.name(found)])
        table.add(["Phone", found.account.phoneNumber])
        table.add(["Role", ContactText.roles(found.link)])
        if found.link.isResponder, found.link.responderDelay > 0 {
            table.add(["Delay", "told \(DurationText.format(seconds: found.link.responderDelay)) after your grace period"])
        }
        table.add(["Added", TimeText.both(found.link.addedAt, now: now)])
        table.add(["ID", found.id.rawValue])
        if found.link.isDependent {
            table.add(["Status", ContactText.status(found, now: now, style: c.style)])
            table.add(["Last check-in", TimeText.both(found.account.lastCheckIn, now: now, none: "never")])
            if !found.account.emergencyNote.isEmpty {
                table.add(["Emergency note", TerminalText.block(found.account.emergencyNote)])
            }
        }
        c.print(table)
        return success
    }
}

/// `contacts add CODE|--image FILE|--phone NUMBER [--responder] [--dependent] [--first-name NAME] [--last-name NAME]`
struct ContactsAdd: CommandInput, Equatable {
    static let code = Argument<String>("CODE", help: "Their QR code ID, as 'lifesignal qr show' prints it.", isOptional: true)
    static let image = Option<String>(
        "image", valueName: "FILE", help: "Read the code from a picture of their QR code (PNG, JPEG, PBM, PGM, PPM; - for stdin).",
        completion: .file)
    static let phone = Option<String>(
        "phone", valueName: "NUMBER",
        help: "Invite them by phone number, in any form login takes; they are added once they accept.")
    static let responder = Flag("responder", help: "They watch over you.")
    static let dependent = Flag("dependent", help: "You watch over them.")
    static let firstName = Option<String>(
        "first-name", valueName: "NAME", help: "With --phone: their first name, as your lists show them until they accept.")
    static let lastName = Option<String>(
        "last-name", valueName: "NAME", help: "With --phone: their last name, as your lists show them until they accept.")

    static let spec = CommandSpec(
        "add",
        summary: "Add a contact by QR code, or invite one by phone number",
        discussion: [
            "--responder makes them your responder (they watch over you); --dependent makes them your dependent (you watch over them). At least one is required.",
            "With --phone nothing is linked yet: they are sent an invitation (whether or not the number has an account; a new account finds it at its first sign-in) and become your contact when they accept it. Until then neither of you sees anything of the other but your name and what you typed. An invitation expires after 30 days; you may send 10 a day and have 20 waiting.",
        ],
        arguments: [code.spec],
        options: [image.spec, phone.spec, responder.spec, dependent.spec, firstName.spec, lastName.spec],
        exclusiveGroups: [ExclusiveGroup([code.spec.name, image.spec.long, phone.spec.long], isRequired: true)],
        examples: [
            CommandExample("contacts add K7Q2M-9XHCV-3PD8R-TW6NA --responder", "make the code's owner your responder"),
            CommandExample("contacts add --image code.png --dependent", "add whoever's code is in the picture as a dependent"),
            CommandExample("contacts add --phone '+1 555-123-4567' --responder --first-name Sam --last-name Lee",
                           "invite Sam to watch over you"),
        ],
        input: .running(ContactsAdd.self))

    /// Whom to add.
    enum Source: Equatable {
        case code(String)
        /// A picture, or `-` for standard input.
        case image(String)
        /// An invitation to a phone number (as typed), with the names the inviter gives them.
        case phone(String, firstName: String?, lastName: String?)
    }

    let source: Source
    let asResponder: Bool
    let asDependent: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        let firstName = try parsed.value(Self.firstName)
        let lastName = try parsed.value(Self.lastName)
        if let phone = try parsed.value(Self.phone) {
            source = .phone(phone, firstName: firstName, lastName: lastName)
        } else {
            // Names are for an invitation; a code or picture names its owner itself.
            for name in [Self.firstName, Self.lastName] where parsed.isGiven(name.spec) {
                let other = parsed.isGiven(Self.image.spec) ? "--image" : Self.code.spec.name
                throw parsed.problem(.conflict("--" + name.spec.long, other))
            }
            if let code = try parsed.value(Self.code) {
                source = .code(code)
            } else {
                source = .image(try parsed.value(Self.image) ?? "-")
            }
        }
        asResponder = parsed[Self.responder]
        asDependent = parsed[Self.dependent]
    }
}

extension ContactsAdd: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let code: String
        switch source {
        case .code(let typed): code = typed
        case .image(let path): code = try Self.code(fromImage: path, c)
        case .phone(let phone, let firstName, let lastName): return try invite(phone, firstName: firstName, lastName: lastName, c)
        }
        // Named before the first request (the clock's), which brings it.
        c.prefetchCodeLookup(code)
        let now = try c.now()
        let (contact, codeKey) = try c.writing { store, account in
            (try ContactService(store: store, env: try c.core()).add(
                code: code, asResponder: asResponder, asDependent: asDependent, owner: account), try store.codeKey())
        }
        c.rememberCodeKey(codeKey)
        if c.json { c.printJSON(JSONViews.contact(contact, now: now)) } else {
            c.say("Added \(ContactText.name(contact)) as your \(ContactText.roles(contact.link)): \(ContactText.meaning(contact.link)).")
        }
        return success
    }

    /// The lifesignal code in a picture of someone's QR code.
    private static func code(fromImage path: String, _ c: Context) throws -> String {
        let decoded = try QRImaging.scan(try QRImaging.readInput(path, c))
        guard let code = QRImaging.accountCode(in: decoded) else {
            let says = decoded.text.map { TerminalText.line(String($0.prefix(60))) } ?? "binary data"
            throw LifeSignalError.refused("the QR code in \(path) is not a lifesignal code (it says: \(says))")
        }
        return code
    }
}

/// How contacts read in human output.
enum ContactText {
    /// The name as one harmless line of text, as another person wrote it.
    static func name(_ contact: ContactView) -> String { TerminalText.line(contact.name) }

    /// What the roles mean, said where they are chosen.
    static func meaning(_ link: ContactLink) -> String {
        switch (link.isResponder, link.isDependent) {
        case (true, true): "you watch over each other"
        case (true, false): "they watch over you (told when you miss a check-in or raise an alert)"
        default: "you watch over them (told when they miss a check-in or raise an alert)"
        }
    }

    static func roles(_ link: ContactLink) -> String {
        switch (link.isResponder, link.isDependent) {
        case (true, true): "responder, dependent"
        case (true, false): "responder"
        default: "dependent"
        }
    }

    /// The roles with a responder's escalation delay: "responder (+30m)"
    /// is told 30 minutes after the others.
    static func rolesAndDelay(_ link: ContactLink) -> String {
        guard link.isResponder, link.responderDelay > 0 else { return roles(link) }
        let delay = "responder (+\(DurationText.format(seconds: link.responderDelay)))"
        return link.isDependent ? delay + ", dependent" : delay
    }

    /// What the other person of an invitation would be to the viewer:
    /// "your responder", "your responder and dependent".
    static func yourRoles(_ link: ContactLink) -> String {
        "your " + roles(link).replacing(", ", with: " and ")
    }

    static func status(_ contact: ContactView, now: Date, style: Style) -> String {
        var parts: [String] = []
        let account = contact.account
        if account.alertSeenByResponders != nil { parts.append(style.red(account.alert == nil ? "ALERT (duress code)" : "ALERT")) }
        if account.isPaused(at: now), let until = account.pause?.until {
            parts.append(style.yellow("paused") + " until \(TimeText.local(until, now: now))")
        } else if let left = contact.timeLeft(at: now) {
            if left > 0 {
                parts.append("due in \(RelativeTime.span(seconds: left))")
            } else if let ends = account.graceEndsAt, now < ends {
                parts.append(style.yellow("late by \(RelativeTime.span(seconds: -left))") + " (grace until \(TimeText.local(ends, now: now)))")
            } else {
                parts.append(style.red("overdue by \(RelativeTime.span(seconds: -left))"))
            }
        } else {
            parts.append(style.dim("not started"))
        }
        return parts.joined(separator: ", ")
    }
}
