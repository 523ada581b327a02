import CommandEngine

/// Responders and dependents.
enum ContactCommandTable {
    static let all = [contacts]

    static let contacts = CommandSpec(
        "contacts",
        summary: "List, add, change and remove your responders and dependents",
        subcommands: [list, add, show, role, remove],
        defaultSubcommand: "list")

    static let list = CommandSpec(
        "list",
        summary: "List your contacts (dependents show their check-in status)",
        options: [
            .flag("responders", help: "Only the people who watch over you."),
            .flag("dependents", help: "Only the people you watch over."),
            .choice("sort", choices: ["time-left", "name", "added"],
                    help: "Order: time left until due (overdue and alerting first; the default), name, or date added."),
        ],
        exclusiveGroups: [ExclusiveGroup(["responders", "dependents"])])

    static let add = CommandSpec(
        "add",
        summary: "Add a contact by their QR code ID, or by a picture of their code",
        discussion: [
            "--responder makes them your responder (they watch over you); --dependent makes them your dependent (you watch over them). At least one is required.",
        ],
        arguments: [ArgumentSpec("CODE", help: "Their QR code ID, as 'lifesignal qr show' prints it.", isOptional: true)],
        options: [
            .value("image", valueName: "FILE", help: "Read the code from a picture of their QR code (PNG, JPEG, PBM, PGM, PPM; - for stdin).",
                   completion: .file),
            .flag("responder", help: "They watch over you."),
            .flag("dependent", help: "You watch over them."),
        ],
        exclusiveGroups: [ExclusiveGroup(["CODE", "image"], isRequired: true)],
        examples: [
            CommandExample("contacts add K7Q2M-9XHCV-3PD8R-TW6NA --responder", "make the code's owner your responder"),
            CommandExample("contacts add --image code.png --dependent", "add whoever's code is in the picture as a dependent"),
        ])

    static let show = CommandSpec(
        "show",
        summary: "Show one contact",
        arguments: [LifeSignalTable.contactArgument()])

    static let role = CommandSpec(
        "role",
        summary: "Change a contact's roles (the other side sees the change)",
        arguments: [LifeSignalTable.contactArgument()],
        options: [
            .negatable("responder", help: "Make them your responder, or (--no-responder) stop."),
            .negatable("dependent", help: "Make them your dependent, or (--no-dependent) stop."),
        ],
        examples: [CommandExample("contacts role Ada --dependent --no-responder", "watch over Ada, no longer the reverse")])

    static let remove = CommandSpec(
        "remove",
        summary: "Remove a contact on both sides",
        discussion: ["Asks for confirmation on a terminal; elsewhere --yes is required."],
        arguments: [LifeSignalTable.contactArgument()],
        options: [.flag("yes", short: "y", help: "Remove without asking.")])
}
