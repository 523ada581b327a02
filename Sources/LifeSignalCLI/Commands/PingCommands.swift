import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `ping CONTACT`, `ping send CONTACT [--within DURATION] [--escalate]`
struct PingSend: CommandInput, Equatable {
    static let within = Option<Int>(
        "within", valueName: "DURATION",
        help: "They have this long to answer (1m to 7d); when it passes unanswered, you are told once.",
        expected: SharedInputs.durationExpected, completion: .choices(["15m", "30m", "1h", "2h"]),
        convert: SharedInputs.duration)
    static let escalate = Flag("escalate", help: "With --within: their other responders are told too when it passes.")

    static let spec = CommandSpec(
        "send",
        summary: "Ping a dependent (a second ping while one is pending sends nothing new)",
        arguments: [SharedInputs.dependent.spec],
        options: [within.spec, escalate.spec],
        examples: [CommandExample("ping send Ada --within 1h --escalate",
                                  "if Ada has not answered in an hour, you and her other responders are told")],
        input: .running(PingSend.self))

    let contact: String
    /// Seconds they have to answer; nil: no window.
    let within: Int?
    let escalate: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.dependent)
        within = try parsed.value(Self.within)
        escalate = parsed[Self.escalate]
        if escalate, within == nil { throw parsed.problem(.missingOption("--within")) }
    }
}

extension PingSend: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let (outcome, name, names) = try c.writing { store, account in
            let found = try ContactDirectory(store: store).resolve(contact, owner: account.id)
            let outcome = try PingService(store: store, env: try c.core()).send(to: found, from: account, within: within,
                                                                                 escalate: escalate)
            return (outcome, found.name, [account.id: account.fullName, found.id: found.name])
        }
        let now = try c.now()
        switch outcome {
        case .sent(let ping):
            if c.json { c.printJSON(JSONViews.ping(ping, names: names)) } else if let by = ping.answerBy {
                c.say("Pinged \(TerminalText.line(name)). If there is no answer by \(TimeText.both(by, now: now)), you "
                      + (ping.escalate ? "and their other responders are" : "are") + " told.")
            } else {
                c.say("Pinged \(TerminalText.line(name)).")
            }
        case .alreadyPending(let ping):
            if c.json {
                c.printJSON(JSONViews.ping(ping, names: names).adding("alreadyPending", .bool(true)))
            } else {
                c.say("\(TerminalText.line(name)) has not answered your ping yet (sent \(RelativeTime.describe(ping.sentAt, now: now))); nothing new was sent.")
            }
        }
        return success
    }
}

/// `ping list`
struct PingList: CommandInput, Equatable {
    static let spec = CommandSpec("list", summary: "List pings you received and sent", input: .running(PingList.self))

    init(from parsed: ParsedCommand) {}
}

extension PingList: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let (pings, names, me) = try c.reading { store, account in
            let pings = try store.pings(of: account.id)
            let others = Set(pings.flatMap { [$0.senderID, $0.recipientID] }).subtracting([account.id])
            // Sized once: a thousand names grew the table ten times over.
            var names: [EntityID: String] = [:]
            names.reserveCapacity(others.count + 1)
            names[account.id] = account.fullName
            try store.prefetch(accounts: Array(others), deliverySetups: [])
            for id in others {
                // A name that cannot be read is left out, never a failure of the list.
                names[id] = (try? store.accountName(id))?.fullName
            }
            return (pings, names, account.id)
        }
        let received = pings.filter { $0.recipientID == me }.reversed()
        let sent = pings.filter { $0.senderID == me }.reversed()
        if c.json {
            c.printJSON(.object([("received", .array(received.map { JSONViews.ping($0, names: names) })),
                                 ("sent", .array(sent.map { JSONViews.ping($0, names: names) }))]))
            return success
        }
        let sections = [("Received", Array(received), \Ping.senderID, "FROM"), ("Sent", Array(sent), \Ping.recipientID, "TO")]
        for (title, list, other, who) in sections {
            c.out.line(c.style.bold(title))
            if list.isEmpty { c.out.line("  none") }
            guard !list.isEmpty else { continue }
            var table = TextTable(header: ["ID", who, "SENT", "STATUS"], columns: [.fixed, .fixed, .fixed, .flexible], indent: 2)
            for ping in list {
                table.add([ping.id.short, TerminalText.line(names[ping[keyPath: other]] ?? "(removed account)"),
                           TimeText.both(ping.sentAt, now: now), Self.state(ping, now: now, c.style)])
            }
            c.print(table)
        }
        if received.contains(where: { $0.status == .pending }) { c.hint("lifesignal ping respond [NAME]") }
        return success
    }

    /// "pending, answer by Sun 01 Mar 10:00 (in 1h)", or when it was answered.
    private static func state(_ ping: Ping, now: Date, _ style: Style) -> String {
        guard ping.status == .pending else {
            return "responded \(RelativeTime.describe(ping.respondedAt ?? ping.sentAt, now: now))"
        }
        return style.yellow("pending") + (ping.answerBy.map { ", answer by " + TimeText.both($0, now: now) } ?? "")
    }
}

/// `ping respond [PING_ID]`
struct PingRespond: CommandInput, Equatable {
    static let ping = Argument<String>("PING_ID", help: "The ping to answer (an ID prefix works), or the name of whoever sent it: all their pending pings.", isOptional: true,
                                       completion: .dynamic("pings"))

    static let spec = CommandSpec(
        "respond",
        summary: "Answer a ping you received (all pending ones without an ID)",
        arguments: [ping.spec],
        examples: [CommandExample("ping respond Ada", "answer every ping Ada sent you")],
        input: .running(PingRespond.self))

    /// nil answers every pending ping.
    let ping: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        ping = try parsed.value(Self.ping)
    }
}

extension PingRespond: RunnableCommand {
    /// Answers pings; answering is a check-in.
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        var (answer, account, names, outcome) = try c.writing { store, account in
            var account = account
            let answer = try PingService(store: store, env: try c.core()).respond(ping, owner: &account)
            var names: [EntityID: String] = [account.id: account.fullName]
            for sender in Set(answer.answered.map(\.senderID)) { names[sender] = (try? store.account(sender))?.fullName }
            return (answer, account, names, answer.checkIn.map { CheckInText.Outcome($0, in: store) })
        }
        var answered = answer.answered
        // Many senders waiting: the rest, a transaction's worth at a time
        // (the check-in was made with the first).
        while answer.remaining > 0 {
            let more: PingService.Answer
            (more, account) = try c.writing { store, account in
                var account = account
                let more = try PingService(store: store, env: try c.core()).respond(ping, owner: &account, checkingIn: false)
                for sender in Set(more.answered.map(\.senderID)) { names[sender] = (try? store.account(sender))?.fullName }
                return (more, account)
            }
            guard !more.answered.isEmpty else { break }
            answered += more.answered
            answer.remaining = more.remaining
        }
        if c.json {
            c.printJSON(.array(answered.map { JSONViews.ping($0, names: names) }))
        } else if answered.isEmpty {
            c.say("No pending pings.")
        } else if answer.checkIn == nil {
            c.say("Answered \(answered.count) ping\(answered.count == 1 ? "" : "s"). Not checked in: your check-ins need your code.")
            c.hint("lifesignal checkin")
        } else {
            c.say("Answered \(answered.count) ping\(answered.count == 1 ? "" : "s") and checked in. "
                  + "Next check-in due \(TimeText.both(account.nextCheckInDue, now: now)).")
        }
        if let outcome { try CheckInText.report(outcome, c) }
        return success
    }
}

extension JSONValue {
    /// The object with one more member, or with a new value for a member
    /// it has (in its place: a key appears once).
    func adding(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }
}
