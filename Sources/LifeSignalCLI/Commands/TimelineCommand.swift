import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `timeline [CONTACT]`
struct TimelineCommand: CommandInput, Equatable {
    static let contact = Argument<String>(
        "CONTACT", help: "A dependent whose timeline to show (default: yours).", isOptional: true,
        completion: .dynamic("dependents"), expected: "a name, phone number or ID") { text in
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    static let spec = CommandSpec(
        "timeline",
        summary: "Show who will be told what, and when, if no check-in comes",
        discussion: [
            "Every step of the current deadline: the reminder, the deadline, the end of the grace period, each responder's step, repeats, the end of a pause. Steps that already happened show, for each responder, when they were told, when their notify command took it, and when they read it.",
            "The steps are the ones the deadline engine fires, computed by the same rules.",
        ],
        arguments: [contact.spec],
        examples: [
            CommandExample("timeline", "your own deadline, step by step"),
            CommandExample("timeline Ada --json", "Ada's, for a script"),
        ],
        input: .running(TimelineCommand.self))

    /// nil: the signed-in account's own.
    let contact: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.value(Self.contact)
    }
}

extension TimelineCommand: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let view = try c.reading { store, me in
            let subject: Account
            if let contact {
                let found = try ContactDirectory(store: store).resolve(contact, owner: me.id)
                guard found.link.isDependent else {
                    throw LifeSignalError.refused("you do not watch over \(found.name), so their timeline is not yours to see",
                                                  hint: "lifesignal timeline (your own)")
                }
                subject = found.account
            } else {
                subject = me
            }
            return try TimelineView(TimelineService(store: store).timeline(for: subject), viewer: me, store: store)
        }
        if c.json {
            c.printJSON(.array(view.timeline.entries.map { view.json($0, now: now) }))
        } else {
            view.render(now: now, c)
        }
        return success
    }
}

/// A timeline with the names and links a viewer may see of its recipients.
struct TimelineView {
    let timeline: Timeline
    let viewer: Account
    /// The recipients' accounts (those that can be read).
    let accounts: [EntityID: Account]
    /// The viewer's own links, for contact objects of their own contacts.
    let links: [EntityID: ContactLink]
    /// The subject's responders' delays.
    let delays: [EntityID: Int]
    /// Who said they handle the subject's missed check-in or alert, as the viewer may see them.
    let handlerID: EntityID?
    let handler: Account?

    init(_ timeline: Timeline, viewer: Account, store: any StoreReading) throws {
        self.timeline = timeline
        self.viewer = viewer
        var accounts: [EntityID: Account] = [viewer.id: viewer]
        for id in Set(timeline.entries.flatMap { $0.recipients.map(\.id) }) where accounts[id] == nil {
            // A recipient whose account cannot be read is shown by ID.
            accounts[id] = try? store.account(id)
        }
        self.accounts = accounts
        links = Dictionary(try store.contacts(of: viewer.id).map { ($0.contactID, $0) }, uniquingKeysWith: { first, _ in first })
        let subjectLinks = timeline.account.id == viewer.id ? Array(links.values) : try store.contacts(of: timeline.account.id)
        delays = Dictionary(subjectLinks.filter(\.isResponder).map { ($0.contactID, $0.responderDelay) },
                            uniquingKeysWith: { first, _ in first })
        // As the subject's responders see it; the subject's own status says
        // it already (and their own views never show a duress alert).
        var asDependent = ContactView(link: ContactLink(contactID: timeline.account.id, isResponder: false, isDependent: true,
                                                        addedAt: timeline.account.createdAt),
                                      account: timeline.account)
        let others = timeline.account.id != viewer.id
        if others { asDependent.lookUpHandler(in: store) }
        handlerID = others ? asDependent.handlerID : nil
        handler = asDependent.handler
    }

    func name(_ id: EntityID) -> String {
        id == viewer.id ? "you" : accounts[id].map { TerminalText.line($0.fullName) } ?? id.short
    }

    // MARK: JSON

    func json(_ entry: Timeline.Entry, now: Date) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("at", .date(entry.at)), ("event", .string(entry.event.rawValue)),
            ("recipients", .array(entry.recipients.map { recipient(for: $0, past: entry.happened, now: now) })),
            ("happened", .bool(entry.happened)),
        ]
        if entry.happened { members.append(("firedAt", .date(entry.firedAt))) }
        if let every = entry.every { members.append(("every", .int(every))) }
        if let job = entry.job { members.append(("job", .string(job))) }
        return .object(members)
    }

    /// A contact object: the viewer's own contact in full, anyone else by
    /// name only (their number is theirs to share).
    private func recipient(for recipient: Timeline.Recipient, past: Bool, now: Date) -> JSONValue {
        var object: JSONValue
        if let link = links[recipient.id], let account = accounts[recipient.id] {
            object = JSONViews.contact(ContactView(link: link, account: account, handler: handler), now: now)
        } else {
            let account = accounts[recipient.id]
            object = .object([("id", .id(recipient.id)), ("firstName", .optional(account?.firstName)),
                              ("lastName", .optional(account?.lastName))])
        }
        object = object.adding("isYou", .bool(recipient.id == viewer.id))
        // Their delay as the subject's responder (a viewer's own contact object has the viewer's).
        if let delay = delays[recipient.id] { object = object.adding("delay", .int(delay)) }
        if past {
            object = object.adding("toldAt", .date(recipient.toldAt)).adding("deliveredAt", .date(recipient.deliveredAt))
                .adding("readAt", .date(recipient.readAt))
        }
        return object
    }

    // MARK: Human

    func render(now: Date, _ c: Context) {
        let subject = timeline.account
        let whose = subject.id == viewer.id ? "Your" : "\(TerminalText.line(subject.fullName))'s"
        if let due = subject.nextCheckInDue {
            c.out.line(c.style.bold("\(whose) deadline") + ": due \(TimeText.both(due, now: now))"
                       + (subject.isPaused(at: now) ? ", paused until \(TimeText.local(subject.pause?.until ?? due, now: now))" : ""))
        } else {
            c.out.line(c.style.bold("\(whose) deadline") + ": not started (the first check-in starts the timer)")
        }
        if let handlerID {
            let who = handlerID == viewer.id ? "you" : handler.map { TerminalText.line($0.fullName) } ?? handlerID.short
            c.out.line(c.style.bold("Handling") + ": \(who) said \(handlerID == viewer.id ? "you are" : "they are") on it")
        }
        guard !timeline.entries.isEmpty else {
            c.out.line("Nothing is left to happen.")
            return
        }
        var table = TextTable(header: ["", "WHEN", "", "STEP", "WHO"], columns: [.fixed, .fixed, .fixed, .fixed, .flexible])
        for entry in timeline.entries {
            let mark = entry.happened ? "✓" : " "
            let when = TimeText.local(entry.at, now: now)
            let relative = RelativeTime.describe(entry.at, now: now)
            guard entry.happened, !entry.recipients.isEmpty else {
                table.add([mark, when, relative, label(entry), who(entry)])
                continue
            }
            for (offset, recipient) in entry.recipients.enumerated() {
                table.add(offset == 0 ? [mark, when, relative, label(entry), receipt(recipient, now: now)]
                                      : ["", "", "", "", receipt(recipient, now: now)])
            }
        }
        c.print(table)
    }

    private func label(_ entry: Timeline.Entry) -> String {
        guard let job = entry.job else { return step(entry) }
        return "job \(job): " + step(entry)
    }

    private func step(_ entry: Timeline.Entry) -> String {
        switch entry.event {
        case .reminder: "reminder"
        case .due: "deadline"
        case .notify: "tell"
        case .repeat: entry.every.map { "tell again, every \(DurationText.format(seconds: $0))" } ?? "tell again"
        case .pauseEnds: "pause ends"
        }
    }

    private func who(_ entry: Timeline.Entry) -> String {
        let subjectIsViewer = timeline.account.id == viewer.id
        let own = subjectIsViewer ? "you" : TerminalText.line(timeline.account.fullName)
        switch entry.event {
        case .reminder: return own
        case .due where entry.job != nil: return own
        case .due: return timeline.account.graceInterval > 0 ? "\(own) (late; responders not told yet)" : own
        default:
            guard !entry.recipients.isEmpty else { return own }
            return entry.recipients.map { recipient in
                let delay = delays[recipient.id].flatMap { $0 > 0 && entry.event == .notify ? " (+\(DurationText.format(seconds: $0)))" : nil }
                return name(recipient.id) + (delay ?? "")
            }.joined(separator: ", ")
        }
    }

    private func receipt(_ recipient: Timeline.Recipient, now: Date) -> String {
        var parts = [name(recipient.id) + ":"]
        parts.append(recipient.toldAt.map { "told \(TimeText.local($0, now: now))" }
                     ?? "not told yet (their data cannot be read, or is refused as planted)")
        if let delivered = recipient.deliveredAt { parts.append("delivered \(TimeText.local(delivered, now: now))") }
        parts.append(recipient.readAt.map { "read \(TimeText.local($0, now: now))" } ?? "not read")
        return parts.joined(separator: " ")
    }
}
