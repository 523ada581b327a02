import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

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

extension ContactsAdd: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let code: String
        switch source {
        case .code(let typed): code = typed
        case .image(let path): code = try Self.code(fromImage: path, c)
        case .phone(let phone, let firstName, let lastName): return try invite(phone, firstName: firstName, lastName: lastName, c)
        }
        let contact = try c.writing { store, account in
            try ContactService(store: store, env: try c.core()).add(
                code: code, asResponder: asResponder, asDependent: asDependent, owner: account)
        }
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

extension ContactsRole: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        if responder == false {
            // Asked only on a terminal: a script gets the change, and the warning.
            let last = try c.reading { store, account in
                try UnwatchedText.lastResponder(contact, store: store, owner: account.id)
            }
            if let last, !yes, c.input.isTerminal {
                try c.requireConfirmation(UnwatchedText.onlyResponder(last) + " Stop them being your responder?", yes: false,
                                          declined: "Not changed; \(last) stays your responder.")
            }
        }
        let (before, after, leftUnwatched) = try c.writing { store, account in
            let found = try ContactDirectory(store: store).resolve(contact, owner: account.id)
            let changed = try ContactService(store: store, env: try c.core()).setRoles(
                of: found, responder: responder, dependent: dependent, delay: delay, owner: account)
            return (found, changed, try UnwatchedText.leftUnwatched(by: found, store: store, owner: account.id))
        }
        if leftUnwatched { UnwatchedText.warn(c) }
        let unchanged = before.link == after.link
        if c.json {
            c.printJSON(JSONViews.contact(after, now: now).adding("changed", .bool(!unchanged)))
        } else if unchanged {
            c.say("\(ContactText.name(after)) is already your \(ContactText.roles(after.link)); nothing changed.")
        } else {
            let delay = after.link.isResponder && after.link.responderDelay > 0
                ? " They are told of a missed check-in \(DurationText.format(seconds: after.link.responderDelay)) after your grace period."
                : ""
            c.say("\(ContactText.name(after)) is now your \(ContactText.roles(after.link)).\(delay)")
        }
        return success
    }
}

extension ContactsRemove: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        // Resolve first so the question names the right person.
        let now = try c.now()
        let name: String
        switch try c.reading({ store, account in try ContactOrInvitation.resolve(contact, store: store, owner: account.id, now: now) }) {
        case .contact(let shown): name = ContactText.name(shown)
        case .invitation(let invitation):
            try InvitationText.withdraw(invitation, c, yes: yes)
            return success
        }
        let last = try c.reading { store, account in try UnwatchedText.lastResponder(contact, store: store, owner: account.id) }
        let warning = last.map { UnwatchedText.onlyResponder($0) + " " } ?? ""
        try c.requireConfirmation(warning + "Remove \(name) from your contacts (on both sides)?", yes: yes,
                                  declined: "Not removed; \(name) stays in your contacts.")
        let (removed, leftUnwatched) = try c.writing { store, account in
            let found = try ContactDirectory(store: store).resolve(contact, owner: account.id)
            try ContactService(store: store, env: try c.core()).remove(found, owner: account)
            return (found, try UnwatchedText.leftUnwatched(by: found, store: store, owner: account.id))
        }
        if leftUnwatched { UnwatchedText.warn(c) }
        if c.json { c.printJSON(.object([("removed", .id(removed.id)), ("name", .string(removed.name))])) } else {
            c.say("Removed \(ContactText.name(removed)).")
        }
        return success
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
