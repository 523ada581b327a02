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
        let alert = try c.writing { store, account in
            try AccountService(store: store, env: try c.core()).raiseAlert(&account)
        }
        if c.json { print(alert, now: now, c) } else { c.say(c.style.red("Alert raised.") + " Your responders have been told.") }
        c.hint("lifesignal alert off (when you are safe)")
        return success
    }

    static func cancel(_ c: Context) throws -> Int32 {
        _ = try c.writing { store, account in
            try AccountService(store: store, env: try c.core()).cancelAlert(&account)
        }
        if c.json { print(nil, now: try c.now(), c) } else { c.say("Alert cancelled. Your responders have been told.") }
        return success
    }

    private static func print(_ alert: ActiveAlert?, now: Date, _ c: Context) {
        if c.json {
            c.printJSON(.object([("isAlertActive", .bool(alert != nil)), ("alertID", .id(alert?.id)),
                                 ("activatedAt", .date(alert?.activatedAt))]))
        } else if let alert {
            c.out.line(c.style.red("Alert active") + " since \(TimeText.both(alert.activatedAt, now: now)).")
        } else {
            c.out.line("No alert is active.")
        }
    }
}
