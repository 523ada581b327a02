import FoundationEssentials
import LifeSignalCore

extension CheckinExtend: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let account = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            _ = try TimerService(store: store, env: try c.core()).extend(&account, by: seconds)
            return account
        }
        if c.json {
            c.printJSON(.object([("nextCheckInDue", .date(account.nextCheckInDue)),
                                 ("graceEndsAt", .date(account.graceEndsAt)),
                                 ("extendedBy", .int(account.deadlineExtension?.seconds ?? seconds))]))
        } else {
            c.say("Deadline moved to \(TimeText.both(account.nextCheckInDue, now: now)).")
        }
        return success
    }
}

extension CheckinPause: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let until: Date = switch end {
        case .lasting(let seconds): now.addingTimeInterval(Double(seconds))
        case .until(let time): time
        }
        let (account, reach) = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            let reach = try TimerService(store: store, env: try c.core()).pause(&account, until: until, reason: reason)
            return (account, ReachText.Named(reach, in: store))
        }
        if c.json {
            c.printJSON(.object([("pausedUntil", .date(account.pause?.until)), ("reason", .optional(account.pause?.reason)),
                                 ("nextCheckInDue", .date(account.nextCheckInDue))] + ReachText.json(reach.reach)))
        } else {
            c.say("Paused until \(TimeText.both(account.pause?.until, now: now)); the next check-in is due "
                  + "\(TimeText.local(account.nextCheckInDue ?? until, now: now)). " + ReachText.sentence(reach))
            c.hint("lifesignal checkin resume (to end it early)")
        }
        return success
    }
}

extension CheckinResume: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let (account, watched) = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            try TimerService(store: store, env: try c.core()).resume(&account)
            return (account, try store.contacts(of: account.id).contains(where: \.isResponder))
        }
        if c.json {
            c.printJSON(.object([("pausedUntil", .null), ("nextCheckInDue", .date(account.nextCheckInDue))]))
        } else {
            c.say("Pause ended\(watched ? "; your responders were told" : ""). "
                  + "Next check-in due \(TimeText.both(account.nextCheckInDue, now: now)).")
        }
        return success
    }
}
