import CommandEngine
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
    }

    static let source = Argument<String>("SOURCE", help: "What to complete: contacts, dependents or invitations.")
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
    /// Prints the names completion scripts offer, one a line.
    ///
    /// It must be fast and silent: it never prompts, never writes, never
    /// brings deadlines up to date, and prints nothing at all when signed out
    /// or when anything goes wrong. A name matches as `resolve` would take it:
    /// by the start of the full, first or last name, ignoring case and accents.
    func run(_ c: Context) throws -> Int32 {
        guard let source, let session = try? c.session(), let shared = try? c.existingStore(), let now = try? c.now() else {
            return success
        }
        // Each candidate as its full name, first name and last name.
        let people = (try? shared.readWithoutCatchUp { store -> [[String]] in
            let account = try AuthService.account(forToken: session.token, in: store, now: now)
            switch source {
            case .contacts, .dependents:
                return try ContactDirectory(store: store).all(of: account.id)
                    .filter { source == .contacts || $0.link.isDependent }
                    .map { [$0.name, $0.account.firstName, $0.account.lastName] }
            case .invitations:
                return try InvitationDirectory(store: store).received(of: account.id, now: now)
                    .filter(\.invitation.isPending).map { [$0.from.name, $0.from.firstName, $0.from.lastName] }
            }
        }) ?? []
        let typed = NameFolding.fold(word)
        var names: [String] = []
        for keys in people {
            let name = keys[0]
            guard !names.contains(name) else { continue }
            if keys.map(NameFolding.fold).contains(where: { $0.hasPrefix(typed) }) { names.append(name) }
        }
        // One candidate a line, whatever a name holds.
        for name in names.sorted() { c.out.line(TerminalText.line(name)) }
        return success
    }
}
