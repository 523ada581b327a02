import FoundationEssentials
import LifeSignalCore

/// `contacts [list] [--responders|--dependents] [--sort time-left|name|added]`.
enum ContactsListCommand {
    static func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let sort = try c.parsed.choice("sort", as: ContactSort.self) ?? .timeLeft
        let listing = try c.reading { store, account in try ContactDirectory(store: store).listing(of: account.id) }
        var contacts = listing.contacts
        var unreadable = listing.unreadable
        if c.parsed.flag("responders") {
            contacts = contacts.filter(\.link.isResponder)
            unreadable = unreadable.filter(\.link.isResponder)
        }
        if c.parsed.flag("dependents") {
            contacts = contacts.filter(\.link.isDependent)
            unreadable = unreadable.filter(\.link.isDependent)
        }
        contacts = ContactDirectory.sorted(contacts, by: sort, now: now)
        if c.json {
            c.printJSON(.array(contacts.map { JSONViews.contact($0, now: now) }
                + unreadable.map { JSONViews.unreadableContact($0.link, $0.failure) }))
            return success
        }
        guard !contacts.isEmpty || !unreadable.isEmpty else {
            c.say("No contacts yet.")
            c.hint("share your code with 'lifesignal qr show'; add someone with 'lifesignal contacts add CODE --responder'")
            return success
        }
        var rows = Columns()
        rows.add(c.style.dim("NAME"), c.style.dim("ROLE"), c.style.dim("PHONE"), c.style.dim("STATUS"))
        for contact in contacts {
            rows.add(contact.name, ContactText.roles(contact.link), contact.account.phoneNumber,
                     contact.link.isDependent ? ContactText.status(contact, now: now, style: c.style) : "")
        }
        for (link, failure) in unreadable {
            rows.add(link.contactID.short, ContactText.roles(link), "-", c.style.red("cannot be read") + ": " + failure.message)
        }
        rows.lines().forEach { c.out.line($0) }
        return success
    }
}

/// `contacts show CONTACT`.
enum ContactsShowCommand {
    static func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let query = c.parsed.string("CONTACT") ?? ""
        let contact = try c.reading { store, account in try ContactDirectory(store: store).resolve(query, owner: account.id) }
        if c.json {
            c.printJSON(JSONViews.contact(contact, now: now))
            return success
        }
        var rows = Columns()
        rows.add("Name", contact.name)
        rows.add("Phone", contact.account.phoneNumber)
        rows.add("Role", ContactText.roles(contact.link))
        rows.add("Added", TimeText.both(contact.link.addedAt, now: now))
        rows.add("ID", contact.id.rawValue)
        if contact.link.isDependent {
            rows.add("Status", ContactText.status(contact, now: now, style: c.style))
            rows.add("Last check-in", TimeText.both(contact.account.lastCheckIn, now: now, none: "never"))
            if !contact.account.emergencyNote.isEmpty { rows.add("Emergency note", contact.account.emergencyNote) }
        }
        rows.lines().forEach { c.out.line($0) }
        return success
    }
}

/// `contacts add CODE|--image FILE [--responder] [--dependent]`.
enum ContactsAddCommand {
    static func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let code = try c.parsed.string("CODE") ?? Self.code(fromImage: c.parsed.string("image") ?? "-", c)
        let contact = try c.writing { store, account in
            try ContactService(store: store, env: try c.core()).add(
                code: code, asResponder: c.parsed.flag("responder"), asDependent: c.parsed.flag("dependent"), owner: account)
        }
        if c.json { c.printJSON(JSONViews.contact(contact, now: now)) } else {
            c.say("Added \(contact.name) as your \(ContactText.roles(contact.link)).")
        }
        return success
    }

    /// The lifesignal code in a picture of someone's QR code.
    private static func code(fromImage path: String, _ c: Context) throws -> String {
        let decoded = try QRImaging.scan(try QRImaging.readInput(path, c))
        guard let code = QRImaging.accountCode(in: decoded) else {
            throw LifeSignalError.refused("the QR code in \(path) is not a lifesignal code (it says: \(String((decoded.text ?? "binary data").prefix(60))))")
        }
        return code
    }
}

/// `contacts role CONTACT [--[no-]responder] [--[no-]dependent]`.
enum ContactsRoleCommand {
    static func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let query = c.parsed.string("CONTACT") ?? ""
        let responder = c.parsed.toggle("responder"), dependent = c.parsed.toggle("dependent")
        guard responder != nil || dependent != nil else {
            throw LifeSignalError.invalid("nothing to change: give --responder, --no-responder, --dependent or --no-dependent")
        }
        let contact = try c.writing { store, account in
            let contact = try ContactDirectory(store: store).resolve(query, owner: account.id)
            return try ContactService(store: store, env: try c.core()).setRoles(
                of: contact, responder: responder, dependent: dependent, owner: account)
        }
        if c.json { c.printJSON(JSONViews.contact(contact, now: now)) } else {
            c.say("\(contact.name) is now your \(ContactText.roles(contact.link)).")
        }
        return success
    }
}

/// `contacts remove CONTACT [--yes]`.
enum ContactsRemoveCommand {
    static func run(_ c: Context) throws -> Int32 {
        let query = c.parsed.string("CONTACT") ?? ""
        // Resolve first so the question names the right person.
        let name = try c.reading { store, account in try ContactDirectory(store: store).resolve(query, owner: account.id).name }
        try c.requireConfirmation("Remove \(name) from your contacts (on both sides)?", yes: c.parsed.flag("yes"))
        let removed = try c.writing { store, account in
            let contact = try ContactDirectory(store: store).resolve(query, owner: account.id)
            try ContactService(store: store, env: try c.core()).remove(contact, owner: account)
            return contact
        }
        if c.json { c.printJSON(.object([("removed", .id(removed.id)), ("name", .string(removed.name))])) } else {
            c.say("Removed \(removed.name).")
        }
        return success
    }
}

/// How contacts read in human output.
enum ContactText {
    static func roles(_ link: ContactLink) -> String {
        switch (link.isResponder, link.isDependent) {
        case (true, true): "responder, dependent"
        case (true, false): "responder"
        default: "dependent"
        }
    }

    static func status(_ contact: ContactView, now: Date, style: Style) -> String {
        var parts: [String] = []
        if contact.account.isAlertActive { parts.append(style.red("ALERT")) }
        if let left = contact.timeLeft(at: now) {
            parts.append(left <= 0 ? style.red("overdue by \(RelativeTime.span(seconds: -left))")
                                   : "due in \(RelativeTime.span(seconds: left))")
        } else {
            parts.append(style.dim("not started"))
        }
        return parts.joined(separator: ", ")
    }
}
