import FoundationEssentials
import LifeSignalCore

/// `alert`, `alert on [--yes]`, `alert off`.
enum AlertCommand {
    static func show(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let account = try c.reading { _, account in account }
        print(account.alert, now: now, c)
        return success
    }

    static func raise(_ c: Context) throws -> Int32 {
        try c.requireConfirmation("Raise an emergency alert? Every responder will be told.", yes: c.parsed.flag("yes"))
        let now = try c.now()
        let (alert, reach) = try c.writing { store, account in
            let (alert, reach) = try AccountService(store: store, env: try c.core()).raiseAlert(&account)
            return (alert, ReachText.Named(reach, in: store))
        }
        if c.json {
            print(alert, now: now, c, reach: reach.reach)
        } else {
            c.say(c.style.red("Alert raised.") + " " + ReachText.sentence(reach))
        }
        if reach.reach.isNobody {
            c.hint(ReachText.addResponder)
        } else {
            c.hint("lifesignal alert off (when you are safe)")
        }
        return success
    }

    static func cancel(_ c: Context) throws -> Int32 {
        let reach = try c.writing { store, account in
            ReachText.Named(try AccountService(store: store, env: try c.core()).cancelAlert(&account).reach, in: store)
        }
        if c.json { print(nil, now: try c.now(), c, reach: reach.reach) } else {
            c.say("Alert cancelled. " + ReachText.sentence(reach))
        }
        return success
    }

    private static func print(_ alert: ActiveAlert?, now: Date, _ c: Context, reach: Reach? = nil) {
        if c.json {
            c.printJSON(.object([("isAlertActive", .bool(alert != nil)), ("alertID", .id(alert?.id)),
                                 ("activatedAt", .date(alert?.activatedAt))] + (reach.map(ReachText.json) ?? [])))
        } else if let alert {
            c.out.line(c.style.red("Alert active") + " since \(TimeText.both(alert.activatedAt, now: now)).")
        } else {
            c.out.line("No alert is active.")
        }
    }
}
