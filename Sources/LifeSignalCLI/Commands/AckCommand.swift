import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

extension Ack: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let (outcome, name, handlers, reach) = try c.writing { store, account in
            let found = try ContactDirectory(store: store).resolve(contact, owner: account.id)
            let outcome = try AckService(store: store, env: try c.core()).acknowledge(found, by: account)
            var handlers: [EntityID: Account] = [account.id: account]
            for earlier in outcome.earlier where handlers[earlier.by] == nil {
                handlers[earlier.by] = try? store.account(earlier.by)
            }
            return (outcome, TerminalText.line(found.name), handlers, ReachText.Named(outcome.others, in: store))
        }
        var names = handlers.mapValues { TerminalText.line($0.fullName) }
        names[try c.session().accountID] = "You"
        if c.json {
            c.printJSON(.object([
                ("acknowledged", .array(outcome.acknowledged.map { .string($0.rawValue) })),
                ("alreadyAcknowledged", .array(outcome.earlier.map { earlier in
                    .object([("event", .string(earlier.event.rawValue)), ("acknowledgedBy", JSONViews.handler(id: earlier.by, account: handlers[earlier.by])),
                             ("acknowledgedAt", .date(earlier.at))])
                })),
                ("dependentTold", .bool(outcome.toldDependent)),
            ] + ReachText.json(outcome.others)))
            return success
        }
        if outcome.acknowledged.contains(.drill) {
            c.say("You answered \(name)'s drill: its report shows them the test notice reached you.")
        }
        let handling = outcome.acknowledged.filter { $0 != .drill }
        if !handling.isEmpty {
            let what = handling.map { Self.words($0) }.joined(separator: " and ")
            var told = outcome.toldDependent ? ["\(name)"] : []
            let others = outcome.others.told.count
            if others > 0 { told.append("\(others) other responder\(others == 1 ? "" : "s")") }
            c.say("You are handling \(name)'s \(what). "
                  + (told.isEmpty ? "Nobody else was told." : "Told: \(told.joined(separator: " and ")).")
                  + Self.unreached(reach))
        }
        for earlier in outcome.earlier {
            let who = names[earlier.by] ?? earlier.by.short
            c.say("\(who) \(who == "You" ? "were" : "was") already handling \(name)'s \(Self.words(earlier.event)) "
                  + "since \(TimeText.both(earlier.at, now: now)); nothing new was sent for it.")
        }
        return success
    }

    private static func words(_ event: AckService.Event) -> String {
        switch event {
        case .missedCheckIn: "missed check-in"
        case .alert: "alert"
        case .drill: "drill"
        }
    }

    private static func unreached(_ reach: ReachText.Named) -> String {
        reach.unreachableNames.isEmpty ? ""
            : " Not reached: \(reach.unreachableNames.joined(separator: ", ")) (their data cannot be read, or is refused as planted)."
    }
}
