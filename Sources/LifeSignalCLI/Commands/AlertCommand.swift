import FoundationEssentials
import LifeSignalCore

extension Alert: RunnableCommand {
    /// Shows whether an alert is active.
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let account = try c.reading { _, account in account }
        AlertText.print(account.alert, now: now, c)
        return success
    }
}

extension AlertOn: RunnableCommand {
    /// Raises an alert after a confirmation; while one is active, says so
    /// and asks nothing. A store out of reach says the alert was not raised.
    func run(_ c: Context) throws -> Int32 {
        try UnreachedStore.saying(.alert) { try raise(c) }
    }

    private func raise(_ c: Context) throws -> Int32 {
        let now = try c.now()
        if let active = try c.reading({ _, account in account.alert }) {
            if c.json {
                AlertText.print(active, now: now, c, extra: [("alreadyActive", .bool(true))])
            } else {
                c.say("An alert is already active since \(TimeText.both(active.activatedAt, now: now)); "
                      + "your responders were told then.")
            }
            c.hint("lifesignal alert off (when you are safe)")
            return success
        }
        try c.requireConfirmation("Raise an emergency alert? Every responder will be told.", yes: yes,
                                  declined: "Not raised; nobody was told.")
        let (alert, raised) = try c.writing { store, account in
            let (alert, reach) = try AccountService(store: store, env: try c.core()).raiseAlert(&account)
            return (alert, ReachText.Named(reach, in: store))
        }
        let reach = try ReachText.finished(raised, c)
        if c.json { AlertText.print(alert, now: now, c, extra: ReachText.json(reach.reach)) } else {
            c.say(c.style.red("Alert raised.") + " " + ReachText.sentence(reach))
        }
        ReachText.warnDamage(reach.reach.contactsProblem, done: ReachText.foundAllTheSame, c)
        c.hint(reach.reach.isNobody ? ReachText.addResponder : "lifesignal alert off (when you are safe)")
        return success
    }
}

extension AlertOff: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let reach = try ReachText.finished(try c.writing { store, account in
            ReachText.Named(try AccountService(store: store, env: try c.core()).cancelAlert(&account).reach, in: store)
        }, c)
        if c.json { AlertText.print(nil, now: try c.now(), c, extra: ReachText.json(reach.reach)) } else {
            c.say("Alert cancelled. " + ReachText.sentence(reach))
        }
        ReachText.warnDamage(reach.reach.contactsProblem, done: ReachText.foundAllTheSame, c)
        return success
    }
}

/// How the alert state reads.
enum AlertText {
    static func print(_ alert: ActiveAlert?, now: Date, _ c: Context, extra: [(String, JSONValue)] = []) {
        if c.json {
            c.printJSON(.object([("isAlertActive", .bool(alert != nil)), ("alertID", .id(alert?.id)),
                                 ("activatedAt", .date(alert?.activatedAt))] + extra))
        } else if let alert {
            c.out.line(c.style.red("Alert active") + " since \(TimeText.both(alert.activatedAt, now: now)).")
        } else {
            c.out.line("No alert is active.")
        }
    }
}
