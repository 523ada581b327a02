import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Watching a deadline: who is told what and when, and saying you are on it.
enum WatchCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("ack") { Ack.spec },
        SubcommandEntry("timeline") { TimelineCommand.spec },
    ]
}

/// `ack CONTACT`
struct Ack: CommandInput, Equatable {
    static let spec = CommandSpec(
        "ack",
        summary: "Say you are handling a dependent's missed check-in, alert or missed job",
        discussion: [
            "Works while they are overdue (after their grace period), have an alert, or have a job whose responders were told it missed its check-in; otherwise it is refused (exit 5). They and their other responders are told who is on it, and the reminders and later escalation steps of that missed check-in (or job) stop until it checks in again.",
            "It also answers a drill of theirs (within a day of it): their drill report shows you acknowledged its test notice.",
        ],
        arguments: [SharedInputs.dependent.spec],
        examples: [CommandExample("ack Ada", "tell Ada and her other responders that you are on it")],
        input: .running(Ack.self))

    let contact: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.dependent)
    }
}

extension Ack: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let (outcome, found, handlers, firstShare) = try c.writing { store, account in
            let found = try ContactDirectory(store: store).resolve(contact, owner: account.id)
            let outcome = try AckService(store: store, env: try c.core()).acknowledge(found, by: account)
            var handlers: [EntityID: Account] = [account.id: account]
            for earlier in outcome.earlier where handlers[earlier.by] == nil {
                handlers[earlier.by] = try? store.account(earlier.by)
            }
            return (outcome, found, handlers, ReachText.Named(outcome.others, in: store))
        }
        let name = TerminalText.line(found.name)
        let reach = try Self.finished(outcome, firstShare, dependent: found.id, c)
        var names = handlers.mapValues { TerminalText.line($0.fullName) }
        names[try c.session().accountID] = "You"
        if c.json {
            c.printJSON(.object([
                ("acknowledged", .array(outcome.acknowledged.map { .string($0.rawValue) })),
                ("jobs", .array(outcome.jobs.map { .string($0) })),
                ("alreadyAcknowledged", .array(outcome.earlier.map { earlier in
                    .object([("event", .string(earlier.event.rawValue)), ("acknowledgedBy", JSONViews.handler(id: earlier.by, account: handlers[earlier.by])),
                             ("acknowledgedAt", .date(earlier.at))] + (earlier.job.map { [("job", .string($0))] } ?? []))
                })),
                ("dependentTold", .bool(outcome.toldDependent)),
            ] + ReachText.json(reach.reach)))
            return success
        }
        if outcome.acknowledged.contains(.drill) {
            c.say("You answered \(name)'s drill: its report shows them the test notice reached you.")
        }
        let handling = outcome.acknowledged.filter { $0 != .drill && $0 != .missedJob }.map { Self.words($0) }
            + outcome.jobs.map { Self.words(.missedJob, job: $0) }
        if !handling.isEmpty {
            let what = handling.joined(separator: " and ")
            var told = outcome.toldDependent ? ["\(name)"] : []
            let others = reach.reach.toldCount
            if others > 0 { told.append("\(others) other responder\(others == 1 ? "" : "s")") }
            c.say("You are handling \(name)'s \(what). "
                  + (told.isEmpty ? "Nobody else was told." : "Told: \(told.joined(separator: " and ")).")
                  + Self.unreached(reach))
        }
        for earlier in outcome.earlier {
            let who = names[earlier.by] ?? earlier.by.short
            c.say("\(who) \(who == "You" ? "were" : "was") already handling \(name)'s \(Self.words(earlier.event, job: earlier.job)) "
                  + "since \(TimeText.both(earlier.at, now: now)); nothing new was sent for it.")
        }
        return success
    }

    private static func words(_ event: AckService.Event, job: String? = nil) -> String {
        switch event {
        case .missedCheckIn: "missed check-in"
        case .alert: "alert"
        case .drill: "drill"
        case .missedJob: "job \(TerminalText.line(job ?? ""))'s missed check-in"
        }
    }

    /// The other responders reached once each fan-out the acknowledgement
    /// started is handed out (each event's notice goes to the same people:
    /// told counts those who got it, not-reached those any missed).
    private static func finished(_ outcome: AckService.Outcome, _ firstShare: ReachText.Named, dependent: EntityID,
                                 _ c: Context) throws -> ReachText.Named {
        var whole = firstShare
        for key in outcome.pending {
            var start = firstShare
            start.reach.pending = key
            let done = try ReachText.finished(start, c, owner: dependent)
            whole.reach.toldLater = max(whole.reach.toldLater, done.reach.toldCount - whole.reach.told.count)
            for (id, name) in zip(done.reach.unreachable, done.unreachableNames) where !whole.reach.unreachable.contains(id) {
                whole.reach.unreachable.append(id)
                whole.unreachableNames.append(name)
            }
        }
        return whole
    }

    private static func unreached(_ reach: ReachText.Named) -> String {
        reach.unreachableNames.isEmpty ? ""
            : " Not reached: \(reach.unreachableNames.joined(separator: ", ")) (their data cannot be read, or is refused as planted)."
    }
}
