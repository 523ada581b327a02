import CommandEngine
import LifeSignalCore

/// The notification feed.
enum NotificationCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("notifications") { NotificationCommandTable.notifications },
    ]

    static let notifications = CommandSpec(
        "notifications",
        summary: "Read, mark, delete and follow your notifications",
        subcommandEntries: [
            SubcommandEntry("list") { NotificationsList.spec },
            SubcommandEntry("show") { NotificationsShow.spec },
            SubcommandEntry("read") { NotificationsRead.spec },
            SubcommandEntry("delete") { NotificationsDelete.spec },
            SubcommandEntry("follow") { NotificationsFollow.spec },
        ],
        defaultSubcommand: "list")

    /// A notification, or every one with `--all`.
    static let id = Argument<String>(
        "ID", help: "The notification (an ID prefix of 4 or more characters works).", isOptional: true)
    static let every = Flag("all", help: "Every notification.")
}

/// Which notifications `read` and `delete` act on.
enum NotificationTarget: Equatable {
    case one(String)
    case all

    init(from parsed: ParsedCommand) throws(UsageError) {
        self = try parsed.value(NotificationCommandTable.id).map(NotificationTarget.one) ?? .all
    }
}

/// `notifications [list] [--type TYPE] [--unread] [--limit N]`
struct NotificationsList: CommandInput, Equatable {
    static let type = Option<FeedTypeChoice>(
        "type", valueName: "TYPE",
        help: "Only this type: alert, ping, role, added, removed, contact (added or removed), check-in, sign-in, "
            + "test (drills) or all; in any case, singular or plural.",
        expected: "one of " + FeedTypeChoice.shown.joined(separator: ", "),
        completion: .choices(FeedTypeChoice.shown), convert: FeedTypeChoice.init(typed:))
    static let unread = Flag("unread", help: "Only unread notifications.")
    static let limit = Option<Int>.integer("limit", short: "n", in: 0...1_000_000, help: "Show at most N notifications.")

    static let spec = CommandSpec(
        "list",
        summary: "List notifications, newest first",
        options: [type.spec, unread.spec, limit.spec],
        examples: [CommandExample("notifications --unread --type alerts", "unread alerts only")],
        input: .running(NotificationsList.self))

    let filter: NotificationFilter?
    let unreadOnly: Bool
    let limit: Int?

    init(from parsed: ParsedCommand) throws(UsageError) {
        filter = try parsed.value(Self.type)?.filter
        unreadOnly = parsed[Self.unread]
        limit = try parsed.value(Self.limit)
    }
}

/// `notifications show ID`
struct NotificationsShow: CommandInput, Equatable {
    static let id = Argument<String>("ID", help: "The notification (an ID prefix of 4 or more characters works).")

    static let spec = CommandSpec(
        "show",
        summary: "Show one notification whole: its message, with any emergency note, and who it is about",
        discussion: ["Showing an unread notification marks it read, with the time: the receipts of whoever sent it (their status and timeline) say when you read it."],
        arguments: [id.spec],
        examples: [CommandExample("notifications show 8bc5", "read the whole notification whose ID starts with 8bc5")],
        input: .running(NotificationsShow.self))

    let id: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        id = try parsed.required(Self.id)
    }
}

/// `notifications read ID|--all`
struct NotificationsRead: CommandInput, Equatable {
    static let spec = CommandSpec(
        "read",
        summary: "Mark a notification (or all) as read",
        arguments: [NotificationCommandTable.id.spec],
        options: [NotificationCommandTable.every.spec],
        exclusiveGroups: [ExclusiveGroup([NotificationCommandTable.id.spec.name, NotificationCommandTable.every.spec.long],
                                         isRequired: true)],
        input: .running(NotificationsRead.self))

    let target: NotificationTarget

    init(from parsed: ParsedCommand) throws(UsageError) {
        target = try NotificationTarget(from: parsed)
    }
}

/// `notifications delete ID|--all [--yes]`
struct NotificationsDelete: CommandInput, Equatable {
    static let yes = Flag("yes", short: "y", help: "Delete without asking.")

    static let spec = CommandSpec(
        "delete",
        summary: "Delete a notification (or all)",
        discussion: ["Deleting all asks for confirmation on a terminal (declining exits 14); elsewhere --yes is required."],
        arguments: [NotificationCommandTable.id.spec],
        options: [NotificationCommandTable.every.spec, yes.spec],
        exclusiveGroups: [ExclusiveGroup([NotificationCommandTable.id.spec.name, NotificationCommandTable.every.spec.long],
                                         isRequired: true)],
        input: .running(NotificationsDelete.self))

    let target: NotificationTarget
    let yes: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        target = try NotificationTarget(from: parsed)
        yes = parsed[Self.yes]
    }
}

/// `notifications follow`
struct NotificationsFollow: CommandInput, Equatable {
    static let spec = CommandSpec(
        "follow",
        summary: "Print new notifications as they arrive, until interrupted",
        discussion: [
            "With --json, one JSON object per line. New items of the types enabled in settings are also handed to the notify-command.",
        ],
        input: .running(NotificationsFollow.self))

    init(from parsed: ParsedCommand) {}
}
