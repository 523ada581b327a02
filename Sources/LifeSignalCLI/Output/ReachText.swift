import LifeSignalApp
import LifeSignalCore

/// How the people a notification reached are reported: the truth, never a
/// reassurance that nobody is there to give.
enum ReachText {
    /// A reach with the names of the people it could not reach.
    struct Named {
        var reach: Reach
        var unreachableNames: [String]

        /// Reads the names in the same transaction; an account that cannot
        /// be read shows its short ID.
        init(_ reach: Reach, in store: LayoutStore) {
            self.reach = reach
            unreachableNames = reach.unreachable.map { id in
                guard let account = (try? store.account(id)) ?? nil else { return id.short }
                return TerminalText.line(account.fullName)
            }
        }
    }

    /// `named` once its notice to many people is handed out (`Reach.pending`):
    /// asked in transactions of their own, each after its catch-up (which
    /// takes the signed-in account's owed notices first), until done. A
    /// store that fails meanwhile leaves the rest owed to whoever comes
    /// next, and says so: what committed stands. `owner`: the account that
    /// holds the fan-out when it is not the signed-in one (an `ack` tells
    /// a dependent's responders from the dependent's account).
    static func finished(_ named: Named, _ c: Context, owner: EntityID? = nil) throws -> Named {
        var named = named
        for _ in 0..<maximumAsks {
            guard let key = named.reach.pending else { break }
            let problem = named.reach.contactsProblem
            do {
                named = try c.writing { store, signedIn in
                    // An owner whose account is gone owes nobody anything.
                    guard var account = try owner.map(store.account) ?? signedIn else { return Named(Reach(), in: store) }
                    var reach = try AccountService(store: store, env: try c.core()).fanOutOutcome(&account, key: key)
                    reach.contactsProblem = problem
                    return Named(reach, in: store)
                }
            } catch let failure as any UserFacingError {
                c.err.line("warning: \(TerminalText.line(failure.message)); the responders not told yet will be told "
                    + "by the next lifesignal command that reaches the store (yours, theirs, or an agent's)")
                break
            }
        }
        return named
    }

    /// Transactions a command spends finishing its notice at most.
    static let maximumAsks = 10_000

    /// "Your 2 responders have been told\(news).", or who was not, or that nobody is there.
    static func sentence(_ named: Named, news: String = "") -> String {
        let reach = named.reach
        if reach.pending != nil {
            return "\(reach.toldCount) of your responders \(reach.toldCount == 1 ? "was" : "were") told\(news) so far; "
                + "the others will be told by the next lifesignal command that reaches the store."
        }
        if reach.isNobody { return "Nobody was told: you have no responders." }
        let total = reach.toldCount + reach.unreachable.count
        guard !reach.unreachable.isEmpty else {
            return total == 1 ? "Your responder has been told\(news)." : "Your \(total) responders have been told\(news)."
        }
        let who = named.unreachableNames.joined(separator: ", ")
        return "\(reach.toldCount) of your \(total) responders \(reach.toldCount == 1 ? "was" : "were") told\(news); "
            + "\(who) could not be (their data cannot be read, or is refused as planted; 'lifesignal doctor' shows why)."
    }

    /// Says, on stderr whatever the output mode, that part of the account
    /// could not be read and what was done all the same (`done`).
    static func warnDamage(_ problem: String?, done: String, _ c: Context) {
        guard let problem else { return }
        c.err.line("warning: part of your account cannot be read (\(TerminalText.line(problem))); \(done). "
            + "'lifesignal doctor' names what is damaged.")
    }

    /// What an alarm did all the same when the contacts file cannot be read.
    static let foundAllTheSame = "every responder who could be found from their side was told all the same"

    /// The hint after an action that reached nobody.
    static let addResponder = "lifesignal contacts add CODE --responder (their code is in 'lifesignal qr show')"

    static func json(_ reach: Reach) -> [(String, JSONValue)] {
        [("respondersTold", .int(reach.toldCount)), ("respondersNotReached", .array(reach.unreachable.map { .id($0) }))]
    }
}
