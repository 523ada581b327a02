import CommandEngine
import LifeSignalCore

/// Responders and dependents.
enum ContactCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("contacts") { ContactCommandTable.contacts },
    ]

    static let contacts = CommandSpec(
        "contacts",
        summary: "List, add, change and remove your responders and dependents",
        subcommandEntries: [
            SubcommandEntry("list") { ContactsList.spec },
            SubcommandEntry("add") { ContactsAdd.spec },
            SubcommandEntry("show") { ContactsShow.spec },
            SubcommandEntry("role") { ContactsRole.spec },
            SubcommandEntry("remove") { ContactsRemove.spec },
            SubcommandEntry("invitations") { ContactsInvitations.spec },
            SubcommandEntry("accept") { ContactsAccept.spec },
            SubcommandEntry("decline") { ContactsDecline.spec },
        ],
        defaultSubcommand: "list")
}

/// `contacts [list] [--responders|--dependents] [--sort time-left|name|added]`
struct ContactsList: CommandInput, Equatable {
    static let responders = Flag("responders", help: "Only the people who watch over you.")
    static let dependents = Flag("dependents", help: "Only the people you watch over.")
    static let sort = Option<ContactSort>(
        choice: "sort",
        help: "Order: time left until due (overdue and alerting first; the default), name, or date added.")

    static let spec = CommandSpec(
        "list",
        summary: "List your contacts (dependents show their check-in status)",
        options: [responders.spec, dependents.spec, sort.spec],
        exclusiveGroups: [ExclusiveGroup([responders.spec.long, dependents.spec.long])],
        examples: [CommandExample("contacts --dependents --sort name", "the people you watch over, by name")],
        input: .running(ContactsList.self))

    /// Which contacts to show.
    enum Selection: Equatable { case all, responders, dependents }

    let selection: Selection
    let sort: ContactSort

    init(from parsed: ParsedCommand) throws(UsageError) {
        selection = parsed[Self.responders] ? .responders : parsed[Self.dependents] ? .dependents : .all
        sort = try parsed.value(Self.sort) ?? .timeLeft
    }
}

/// `contacts add CODE|--image FILE|--phone NUMBER [--responder] [--dependent] [--first-name NAME] [--last-name NAME]`
struct ContactsAdd: CommandInput, Equatable {
    static let code = Argument<String>("CODE", help: "Their QR code ID, as 'lifesignal qr show' prints it.", isOptional: true)
    static let image = Option<String>(
        "image", valueName: "FILE", help: "Read the code from a picture of their QR code (PNG, JPEG, PBM, PGM, PPM; - for stdin).",
        completion: .file)
    static let phone = Option<String>(
        "phone", valueName: "NUMBER",
        help: "Invite them by phone number, in any form login takes; they are added once they accept.")
    static let responder = Flag("responder", help: "They watch over you.")
    static let dependent = Flag("dependent", help: "You watch over them.")
    static let firstName = Option<String>(
        "first-name", valueName: "NAME", help: "With --phone: their first name, as your lists show them until they accept.")
    static let lastName = Option<String>(
        "last-name", valueName: "NAME", help: "With --phone: their last name, as your lists show them until they accept.")

    static let spec = CommandSpec(
        "add",
        summary: "Add a contact by QR code, or invite one by phone number",
        discussion: [
            "--responder makes them your responder (they watch over you); --dependent makes them your dependent (you watch over them). At least one is required.",
            "With --phone nothing is linked yet: they are sent an invitation (whether or not the number has an account; a new account finds it at its first sign-in) and become your contact when they accept it. Until then neither of you sees anything of the other but your name and what you typed. An invitation expires after 30 days; you may send 10 a day and have 20 waiting.",
        ],
        arguments: [code.spec],
        options: [image.spec, phone.spec, responder.spec, dependent.spec, firstName.spec, lastName.spec],
        exclusiveGroups: [ExclusiveGroup([code.spec.name, image.spec.long, phone.spec.long], isRequired: true)],
        examples: [
            CommandExample("contacts add K7Q2M-9XHCV-3PD8R-TW6NA --responder", "make the code's owner your responder"),
            CommandExample("contacts add --image code.png --dependent", "add whoever's code is in the picture as a dependent"),
            CommandExample("contacts add --phone '+1 555-123-4567' --responder --first-name Sam --last-name Lee",
                           "invite Sam to watch over you"),
        ],
        input: .running(ContactsAdd.self))

    /// Whom to add.
    enum Source: Equatable {
        case code(String)
        /// A picture, or `-` for standard input.
        case image(String)
        /// An invitation to a phone number (as typed), with the names the inviter gives them.
        case phone(String, firstName: String?, lastName: String?)
    }

    let source: Source
    let asResponder: Bool
    let asDependent: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        let firstName = try parsed.value(Self.firstName)
        let lastName = try parsed.value(Self.lastName)
        if let phone = try parsed.value(Self.phone) {
            source = .phone(phone, firstName: firstName, lastName: lastName)
        } else {
            // Names are for an invitation; a code or picture names its owner itself.
            for name in [Self.firstName, Self.lastName] where parsed.isGiven(name.spec) {
                let other = parsed.isGiven(Self.image.spec) ? "--image" : Self.code.spec.name
                throw parsed.problem(.conflict("--" + name.spec.long, other))
            }
            if let code = try parsed.value(Self.code) {
                source = .code(code)
            } else {
                source = .image(try parsed.value(Self.image) ?? "-")
            }
        }
        asResponder = parsed[Self.responder]
        asDependent = parsed[Self.dependent]
    }
}

/// `contacts show CONTACT`
struct ContactsShow: CommandInput, Equatable {
    static let spec = CommandSpec(
        "show", summary: "Show one contact, or someone you invited", arguments: [SharedInputs.contact.spec],
        input: .running(ContactsShow.self))

    let contact: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.contact)
    }
}

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
