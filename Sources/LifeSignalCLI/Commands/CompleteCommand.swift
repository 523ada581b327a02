import LifeSignalCore

extension Complete: RunnableCommand {
    /// Prints the names completion scripts offer, one a line.
    ///
    /// It must be fast and silent: it never prompts, never writes, never
    /// brings deadlines up to date, and prints nothing at all when signed out
    /// or when anything goes wrong. A name matches as `resolve` would take it:
    /// by the start of the full, first or last name, ignoring case and accents.
    func run(_ c: Context) throws -> Int32 {
        guard let source, let session = try? c.session(), let shared = try? c.existingStore(),
              let now = try? c.now() else { return success }
        let contacts = (try? shared.readWithoutCatchUp { store -> [ContactView] in
            let account = try AuthService.account(forToken: session.token, in: store, now: now)
            return try ContactDirectory(store: store).all(of: account.id)
        }) ?? []
        let typed = NameFolding.fold(word)
        var names: [String] = []
        for contact in contacts where source == .contacts || contact.link.isDependent {
            let name = contact.name
            guard !names.contains(name) else { continue }
            let keys = [name, contact.account.firstName, contact.account.lastName].map(NameFolding.fold)
            if keys.contains(where: { $0.hasPrefix(typed) }) { names.append(name) }
        }
        // One candidate a line, whatever a name holds.
        for name in names.sorted() { c.out.line(TerminalText.line(name)) }
        return success
    }
}
