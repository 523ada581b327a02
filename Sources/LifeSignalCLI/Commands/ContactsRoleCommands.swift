import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `contacts role CONTACT [--[no-]responder] [--[no-]dependent] [--delay DURATION]`
struct ContactsRole: CommandInput, Equatable {
    static let responder = Toggle("responder", help: "Make them your responder, or (--no-responder) stop.")
    static let dependent = Toggle("dependent", help: "Make them your dependent, or (--no-dependent) stop.")
    static let delay = Option<Int>(
        "delay", valueName: "DURATION",
        help: "As your responder, tell them of a missed check-in this long after the grace period (0: at once; at most 7d).",
        expected: SharedInputs.durationExpected, completion: .choices(["0", "1h", "2h", "4h"]),
        convert: SharedInputs.duration)
    static let yes = Flag("yes", short: "y", help: "Change without asking, even when it leaves you no responder.")

    static let spec = CommandSpec(
        "role",
        summary: "Change a contact's roles, or a responder's delay (the other side sees the change)",
        discussion: [
            "--delay staggers who hears of a missed check-in: a partner at once, a neighbour two hours later. Alerts still reach every responder at once.",
            "--no-responder on your only responder leaves nobody watching you: on a terminal you are asked first (declining exits 14; --yes asks nothing), and it is said on stderr afterwards.",
        ],
        arguments: [SharedInputs.contact.spec],
        options: [responder.spec, dependent.spec, delay.spec, yes.spec],
        examples: [
            CommandExample("contacts role Ada --dependent --no-responder", "watch over Ada, no longer the reverse"),
            CommandExample("contacts role Sam --responder --delay 2h", "Sam hears of a missed check-in two hours after the others"),
        ],
        input: .running(ContactsRole.self))

    let contact: String
    /// nil leaves the role (or the delay) as it is.
    let responder: Bool?
    let dependent: Bool?
    let delay: Int?
    let yes: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        yes = parsed[Self.yes]
        contact = try parsed.required(SharedInputs.contact)
        try parsed.requireOne(of: [Self.responder.spec, Self.dependent.spec, Self.delay.spec])
        responder = parsed[Self.responder]
        dependent = parsed[Self.dependent]
        delay = try parsed.value(Self.delay)
        if delay != nil, responder == false { throw parsed.problem(.conflict("--delay", "--no-responder")) }
    }
}

extension ContactsRole: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        if responder == false {
            // Asked only on a terminal: a script gets the change, and the warning.
            let last = try c.reading { store, account in
                try UnwatchedText.lastResponder(contact, store: store, owner: account.id)
            }
            if let last, !yes, c.input.isTerminal {
                try c.requireConfirmation(UnwatchedText.onlyResponder(last) + " Stop them being your responder?", yes: false,
                                          declined: "Not changed; \(last) stays your responder.")
            }
        }
        let (before, after, leftUnwatched) = try c.writing { store, account in
            let found = try ContactDirectory(store: store).resolve(contact, owner: account.id)
            let changed = try ContactService(store: store, env: try c.core()).setRoles(
                of: found, responder: responder, dependent: dependent, delay: delay, owner: account)
            return (found, changed, try UnwatchedText.leftUnwatched(by: found, store: store, owner: account.id))
        }
        if leftUnwatched { UnwatchedText.warn(c) }
        let unchanged = before.link == after.link
        if c.json {
            c.printJSON(JSONViews.contact(after, now: now).adding("changed", .bool(!unchanged)))
        } else if unchanged {
            c.say("\(ContactText.name(after)) is already your \(ContactText.roles(after.link)); nothing changed.")
        } else {
            let delay = after.link.isResponder && after.link.responderDelay > 0
                ? " They are told of a missed check-in \(DurationText.format(seconds: after.link.responderDelay)) after your grace period."
                : ""
            c.say("\(ContactText.name(after)) is now your \(ContactText.roles(after.link)).\(delay)")
        }
        return success
    }
}

/// `contacts remove CONTACT [--yes]`
struct ContactsRemove: CommandInput, Equatable {
    static let yes = Flag("yes", short: "y", help: "Remove without asking.")

    static let spec = CommandSpec(
        "remove",
        summary: "Remove a contact on both sides, or withdraw an invitation",
        discussion: [
            "Asks for confirmation on a terminal (declining exits 14); elsewhere --yes is required. Removing your only responder says that nobody would be told of a missed check-in, in the question and afterwards.",
            "Naming someone you invited who has not answered yet withdraws the invitation; they are not told.",
        ],
        arguments: [SharedInputs.contact.spec],
        options: [yes.spec],
        input: .running(ContactsRemove.self))

    let contact: String
    let yes: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.contact)
        yes = parsed[Self.yes]
    }
}

extension ContactsRemove: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        // Resolve first so the question names the right person.
        let now = try c.now()
        let name: String
        switch try c.reading({ store, account in try ContactOrInvitation.resolve(contact, store: store, owner: account.id, now: now) }) {
        case .contact(let shown): name = ContactText.name(shown)
        case .invitation(let invitation):
            try InvitationText.withdraw(invitation, c, yes: yes)
            return success
        }
        let last = try c.reading { store, account in try UnwatchedText.lastResponder(contact, store: store, owner: account.id) }
        let warning = last.map { UnwatchedText.onlyResponder($0) + " " } ?? ""
        try c.requireConfirmation(warning + "Remove \(name) from your contacts (on both sides)?", yes: yes,
                                  declined: "Not removed; \(name) stays in your contacts.")
        let (removed, leftUnwatched) = try c.writing { store, account in
            let found = try ContactDirectory(store: store).resolve(contact, owner: account.id)
            try ContactService(store: store, env: try c.core()).remove(found, owner: account)
            return (found, try UnwatchedText.leftUnwatched(by: found, store: store, owner: account.id))
        }
        if leftUnwatched { UnwatchedText.warn(c) }
        if c.json { c.printJSON(.object([("removed", .id(removed.id)), ("name", .string(removed.name))])) } else {
            c.say("Removed \(ContactText.name(removed)).")
        }
        return success
    }
}
