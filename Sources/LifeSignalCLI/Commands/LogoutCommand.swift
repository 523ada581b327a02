import CommandEngine
import LifeSignalApp
import LifeSignalCore

/// `logout`
struct Logout: CommandInput, Equatable {
    static let spec = CommandSpec("logout", summary: "Sign out of this store", input: .running(Logout.self))

    init(from parsed: ParsedCommand) {}
}

extension Logout: RunnableCommand {
    /// Ends the session in the store and here.
    func run(_ c: Context) throws -> Int32 {
        let file = try c.sessionFile()
        guard let session = try file.load() else {
            c.say("You are not signed in.")
            return success
        }
        // The store first: a session forgotten here but still open in the
        // store (a read-only or unreachable store) would go on working for
        // whoever holds its token, and you could no longer end it from here.
        // So when the store cannot be written you stay signed in, and are
        // told so; once it ends there, the file here goes.
        do {
            try c.store().write(env: try c.core()) { store in
                try AuthService(store: store, env: try c.core()).signOut(token: session.token)
            }
        } catch let error as any UserFacingError {
            throw StillSignedIn(cause: error)
        }
        try file.clear()
        if c.json { c.printJSON(.object([("signedOut", .bool(true))])) } else { c.say("Signed out.") }
        return success
    }
}

/// `logout` could not end the session in the store: the store's own error,
/// and that this machine stays signed in until a later `logout` can.
struct StillSignedIn: UserFacingError {
    let cause: any UserFacingError

    var kind: FailureKind { cause.kind }
    var message: String { cause.message }
    var hint: String? { "you are still signed in; run 'lifesignal logout' again once the store can be written" }
}
