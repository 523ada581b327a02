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

    /// "Your 2 responders have been told\(news).", or who was not, or that nobody is there.
    static func sentence(_ named: Named, news: String = "") -> String {
        let reach = named.reach
        if reach.isNobody { return "Nobody was told: you have no responders." }
        let total = reach.told.count + reach.unreachable.count
        guard !reach.unreachable.isEmpty else {
            return total == 1 ? "Your responder has been told\(news)." : "Your \(total) responders have been told\(news)."
        }
        let who = named.unreachableNames.joined(separator: ", ")
        return "\(reach.told.count) of your \(total) responders \(reach.told.count == 1 ? "was" : "were") told\(news); "
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
        [("respondersTold", .int(reach.told.count)), ("respondersNotReached", .array(reach.unreachable.map { .id($0) }))]
    }
}
