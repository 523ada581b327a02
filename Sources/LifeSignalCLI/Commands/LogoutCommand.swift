import LifeSignalCore
import LifeSignalStore

extension Logout: RunnableCommand {
    /// Ends the session in the store and here.
    func run(_ c: Context) throws -> Int32 {
        let file = try c.sessionFile()
        guard let session = try file.load() else {
            c.say("You are not signed in.")
            return success
        }
        // Forget the session here even when the store cannot be written, then
        // report the store's problem: signing out must never leave you stuck.
        let storeResult = Result {
            try c.store().write(env: try c.core()) { store in
                try AuthService(store: store, env: try c.core()).signOut(token: session.token)
            }
        }
        try file.clear()
        try storeResult.get()
        if c.json { c.printJSON(.object([("signedOut", .bool(true))])) } else { c.say("Signed out.") }
        return success
    }
}
