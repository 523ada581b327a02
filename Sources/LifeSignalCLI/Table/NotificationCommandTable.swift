import CommandEngine

/// The notification feed.
enum NotificationCommandTable {
    static let all = [notifications]

    static let types = ["alerts", "pings", "roles", "added", "removed", "contacts", "check-ins"]

    static let notifications = CommandSpec(
        "notifications",
        summary: "Read, mark, delete and follow your notifications",
        subcommands: [list, show, read, delete, follow],
        defaultSubcommand: "list")

    static let list = CommandSpec(
        "list",
        summary: "List notifications, newest first",
        options: [
            .choice("type", valueName: "TYPE", choices: types,
                    help: "Only this type: alerts, pings, roles, added, removed, contacts (added and removed) or check-ins."),
            .flag("unread", help: "Only unread notifications."),
            .value("limit", valueName: "N", help: "Show at most N notifications."),
        ],
        examples: [CommandExample("notifications --unread --type alerts", "unread alerts only")])

    static let show = CommandSpec(
        "show",
        summary: "Show one notification whole: its message, with any emergency note, and who it is about",
        arguments: [ArgumentSpec("ID", help: "The notification (an ID prefix of 4 or more characters works).")],
        examples: [CommandExample("notifications show 8bc5", "read the whole notification whose ID starts with 8bc5")])

    static let read = CommandSpec(
        "read",
        summary: "Mark a notification (or all) as read",
        arguments: [ArgumentSpec("ID", help: "The notification (an ID prefix of 4 or more characters works).", isOptional: true)],
        options: [.flag("all", help: "Mark every notification as read.")],
        exclusiveGroups: [ExclusiveGroup(["ID", "all"], isRequired: true)])

    static let delete = CommandSpec(
        "delete",
        summary: "Delete a notification (or all)",
        discussion: ["Deleting all asks for confirmation on a terminal; elsewhere --yes is required."],
        arguments: [ArgumentSpec("ID", help: "The notification (an ID prefix of 4 or more characters works).", isOptional: true)],
        options: [
            .flag("all", help: "Delete every notification."),
            .flag("yes", short: "y", help: "Delete without asking."),
        ],
        exclusiveGroups: [ExclusiveGroup(["ID", "all"], isRequired: true)])

    static let follow = CommandSpec(
        "follow",
        summary: "Print new notifications as they arrive, until interrupted",
        discussion: [
            "With --json, one JSON object per line. New items of the types enabled in settings are also handed to the notify-command.",
        ])
}
