import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `__complete SOURCE [WORD]`: the hidden entry point completion scripts call.
struct Complete: CommandInput, Equatable {
    /// What the scripts ask for, named in the table's `.dynamic` completions.
    enum Source: String, CaseIterable, Equatable {
        /// Every contact's name.
        case contacts
        /// The names of the people the account watches over.
        case dependents
        /// The names of those whose invitations wait for the account's answer.
        case invitations
        /// The account's newest notifications, by ID.
        case notifications
        /// The pings waiting for the account's answer: their senders' names and their IDs.
        case pings
    }

    static let source = Argument<String>("SOURCE", help: "What to complete: contacts, dependents, invitations, notifications or pings.")
    static let word = Argument<String>("WORD", help: "The word being completed.", isOptional: true)

    static let spec = CommandSpec(
        "__complete",
        summary: "Print completion candidates for a named source",
        arguments: [source.spec, word.spec],
        isHidden: true,
        input: .running(Complete.self))

    /// nil for a source this version does not know: the scripts of another
    /// version may ask, and completion must stay silent, never fail.
    let source: Source?
    let word: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        source = Source(rawValue: try parsed.required(Self.source))
        word = try parsed.value(Self.word) ?? ""
    }
}

extension Complete: RunnableCommand {
    /// How many of the newest notifications are offered: the ones a person
    /// still means to name, read quickly.
    static let notificationsOffered = 50

    /// Prints the candidates completion scripts offer, one a line: a name,
    /// or an item's short ID followed by a tab and what the item is.
    ///
    /// It must be fast and silent: it never prompts, never writes, never
    /// brings deadlines up to date, and prints nothing at all when signed out
    /// or when anything goes wrong. A name matches as `resolve` would take it:
    /// by the start of the full, first or last name, ignoring case and
    /// accents; an ID by its start, in any case.
    func run(_ c: Context) throws -> Int32 {
        guard let source, let session = try? c.session(), let shared = try? c.existingStore(), let now = try? c.now() else {
            return success
        }
        let candidates = (try? shared.readWithoutCatchUp { store -> [Candidate] in
            let account = try AuthService.account(forToken: session.token, in: store, now: now)
            return try Self.candidates(source, of: account, in: store, now: now)
        }) ?? []
        let typed = NameFolding.fold(word)
        var names: [String] = []
        var items: [String] = []
        for candidate in candidates where !names.contains(candidate.text) {
            guard candidate.keys.map(NameFolding.fold).contains(where: { $0.hasPrefix(typed) }) else { continue }
            // One candidate a line, whatever a name or title holds.
            if let about = candidate.about {
                items.append(TerminalText.line(candidate.text) + "\t" + TerminalText.line(about))
            } else {
                names.append(candidate.text)
            }
        }
        // Names in order, then items as their source lists them (newest first).
        for line in names.sorted().map(TerminalText.line) + items { c.out.line(line) }
        return success
    }

    /// One thing to offer: what is inserted, what it is matched by, and
    /// what it is (nil for a person's name, which says it all).
    private struct Candidate {
        var text: String
        var keys: [String]
        var about: String?

        /// A person, offered by name and matched by full, first or last name.
        init(name: String, first: String, last: String) {
            text = name
            keys = [name, first, last]
        }

        init(_ account: Account) { self.init(name: account.fullName, first: account.firstName, last: account.lastName) }

        /// An item offered by its short ID, as lists show it.
        init(id: EntityID, about: String) {
            text = id.short
            keys = [id.description]
            self.about = about
        }
    }

    private static func candidates(_ source: Source, of account: Account, in store: LayoutStore, now: Date) throws -> [Candidate] {
        switch source {
        case .contacts, .dependents:
            return try ContactDirectory(store: store).all(of: account.id)
                .filter { source == .contacts || $0.link.isDependent }
                .map { Candidate(name: $0.name, first: $0.account.firstName, last: $0.account.lastName) }
        case .invitations:
            return try InvitationDirectory(store: store).received(of: account.id, now: now)
                .filter(\.invitation.isPending).map { Candidate(name: $0.from.name, first: $0.from.firstName, last: $0.from.lastName) }
        case .notifications:
            var items: [Candidate] = []
            try store.visitFeed(of: account.id) { item in
                items.append(Candidate(id: item.id, about: (item.isRead ? "" : "unread: ") + HumanText.localTimes(in: item.title)))
                return items.count < notificationsOffered
            }
            return items
        case .pings:
            let pending = try store.pings(of: account.id).filter { $0.recipientID == account.id && $0.status == .pending }
            var senders: [EntityID: Account] = [:]
            for id in Set(pending.map(\.senderID)) { senders[id] = try? store.account(id) }
            // The senders' names first: answering a person is what one means most often.
            return pending.compactMap { senders[$0.senderID] }.map(Candidate.init)
                + pending.reversed().map { ping in
                    Candidate(id: ping.id, about: "from " + (senders[ping.senderID]?.fullName ?? "a removed account")
                              + ", sent " + RelativeTime.describe(ping.sentAt, now: now))
                }
        }
    }
}
