import LifeSignalCore

/// The hidden `__complete SOURCE [WORD]` that completion scripts call.
///
/// It must be fast and silent: it never prompts, never writes, never
/// brings deadlines up to date, and prints nothing at all when signed out
/// or when anything goes wrong.
enum CompleteCommand {
    static func run(_ c: Context) throws -> Int32 {
        guard c.parsed.string("SOURCE") == "contacts" else { return success }
        let word = (c.parsed.string("WORD") ?? "").lowercased()
        guard let session = try? c.session(), let shared = try? c.existingStore() else { return success }
        let names = (try? shared.readWithoutCatchUp { store -> [String] in
            let account = try AuthService.account(forToken: session.token, in: store)
            return try ContactDirectory(store: store).all(of: account.id).map(\.name)
        }) ?? []
        for name in names.sorted() where name.lowercased().hasPrefix(word) {
            c.out.line(name)
        }
        return success
    }
}
