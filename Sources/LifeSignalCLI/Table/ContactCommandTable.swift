import CommandEngine
import LifeSignalCore

/// Responders and dependents.
enum ContactCommandTable {
    static let all = [contacts]

    static let contacts = CommandSpec(
        "contacts",
        summary: "List, add, change and remove your responders and dependents",
        subcommands: [ContactsList.spec, ContactsAdd.spec, ContactsShow.spec, ContactsRole.spec, ContactsRemove.spec],
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

/// `contacts add CODE|--image FILE [--responder] [--dependent]`
struct ContactsAdd: CommandInput, Equatable {
    static let code = Argument<String>("CODE", help: "Their QR code ID, as 'lifesignal qr show' prints it.", isOptional: true)
    static let image = Option<String>(
        "image", valueName: "FILE", help: "Read the code from a picture of their QR code (PNG, PBM, PGM, PPM; - for stdin).",
        completion: .file)
    static let responder = Flag("responder", help: "They watch over you.")
    static let dependent = Flag("dependent", help: "You watch over them.")

    static let spec = CommandSpec(
        "add",
        summary: "Add a contact by their QR code ID, or by a picture of their code",
        discussion: [
            "--responder makes them your responder (they watch over you); --dependent makes them your dependent (you watch over them). At least one is required.",
        ],
        arguments: [code.spec],
        options: [image.spec, responder.spec, dependent.spec],
        exclusiveGroups: [ExclusiveGroup([code.spec.name, image.spec.long], isRequired: true)],
        examples: [
            CommandExample("contacts add K7Q2M-9XHCV-3PD8R-TW6NA --responder", "make the code's owner your responder"),
            CommandExample("contacts add --image code.png --dependent", "add whoever's code is in the picture as a dependent"),
        ],
        input: .running(ContactsAdd.self))

    /// Where the code comes from.
    enum Source: Equatable {
        case code(String)
        /// A picture, or `-` for standard input.
        case image(String)
    }

    let source: Source
    let asResponder: Bool
    let asDependent: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        if let code = try parsed.value(Self.code) {
            source = .code(code)
        } else {
            source = .image(try parsed.value(Self.image) ?? "-")
        }
        asResponder = parsed[Self.responder]
        asDependent = parsed[Self.dependent]
    }
}

/// `contacts show CONTACT`
struct ContactsShow: CommandInput, Equatable {
    static let spec = CommandSpec(
        "show", summary: "Show one contact", arguments: [SharedInputs.contact.spec], input: .running(ContactsShow.self))

    let contact: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.contact)
    }
}

/// `contacts role CONTACT [--[no-]responder] [--[no-]dependent]`
struct ContactsRole: CommandInput, Equatable {
    static let responder = Toggle("responder", help: "Make them your responder, or (--no-responder) stop.")
    static let dependent = Toggle("dependent", help: "Make them your dependent, or (--no-dependent) stop.")

    static let spec = CommandSpec(
        "role",
        summary: "Change a contact's roles (the other side sees the change)",
        arguments: [SharedInputs.contact.spec],
        options: [responder.spec, dependent.spec],
        examples: [CommandExample("contacts role Ada --dependent --no-responder", "watch over Ada, no longer the reverse")],
        input: .running(ContactsRole.self))

    let contact: String
    /// nil leaves the role as it is.
    let responder: Bool?
    let dependent: Bool?

    init(from parsed: ParsedCommand) throws(UsageError) {
        contact = try parsed.required(SharedInputs.contact)
        try parsed.requireOne(of: [Self.responder.spec, Self.dependent.spec])
        responder = parsed[Self.responder]
        dependent = parsed[Self.dependent]
    }
}

/// `contacts remove CONTACT [--yes]`
struct ContactsRemove: CommandInput, Equatable {
    static let yes = Flag("yes", short: "y", help: "Remove without asking.")

    static let spec = CommandSpec(
        "remove",
        summary: "Remove a contact on both sides",
        discussion: ["Asks for confirmation on a terminal (declining exits 14); elsewhere --yes is required."],
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
