import LifeSignalApp
import LifeSignalCore

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
