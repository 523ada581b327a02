import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Which notifications `read` and `delete` act on.
enum NotificationTarget: Equatable {
    case one(String)
    case all

    init(from parsed: ParsedCommand) throws(UsageError) {
        self = try parsed.value(NotificationCommandTable.id).map(NotificationTarget.one) ?? .all
    }
}

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
        "ID", help: "The notification (an ID prefix of 4 or more characters works).", isOptional: true,
        completion: .dynamic("notifications"))
    static let every = Flag("all", help: "Every notification.")
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

extension NotificationsList: RunnableCommand {
    /// Rows of the human listing held before they are printed.
    static let pageSize = 200

    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let unread = unreadOnly
        var shown = 0
        try c.reading { store, account in
            let service = NotificationService(store: store)
            if c.json {
                // Streamed item by item so the whole feed never sits in memory.
                c.out.write("[")
                try service.visit(of: account.id, filter: filter, unreadOnly: unread, limit: limit) { item in
                    c.out.append { out in
                        if shown > 0 { out.append(UInt8(ascii: ",")) }
                        out.append(contentsOf: "\n  ".utf8)
                        NotificationJSONWriter.append(item, to: &out)
                    }
                    shown += 1
                }
                c.out.line(shown == 0 ? "]" : "\n]")
                return
            }
            // Printed a page at a time, as --json streams: memory stays flat
            // however long the feed, and columns keep the widths of the pages before.
            var table = TextTable(columns: [.fixed, .fixed, .fixed, .fixed, .flexible])
            let times = LocalTimes(now: now)
            let unreadMark = c.style.bold("•")
            try service.visit(of: account.id, filter: filter, unreadOnly: unread, limit: limit) { item in
                let title = TerminalText.line(HumanText.localTimes(in: item.title, now: now))
                table.add([item.isRead ? " " : unreadMark, item.id.short, times.text(item.timestamp),
                           NotificationText.label(item.type), item.isRead ? title : c.style.bold(title)])
                shown += 1
                if table.rowCount == Self.pageSize {
                    c.print(table)
                    table.startNextPage()
                }
            }
            c.print(table)
        }
        if !c.json, shown == 0 { c.say(unread ? "No unread notifications." : "No notifications.") }
        if !c.json, shown > 0 { c.hint("lifesignal notifications show ID (the whole notification, note included)") }
        return success
    }
}

/// `notifications show ID`
struct NotificationsShow: CommandInput, Equatable {
    static let id = Argument<String>("ID", help: "The notification (an ID prefix of 4 or more characters works).",
                                     completion: .dynamic("notifications"))

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

/// The whole item, message and note included, and who it is about; an
/// unread item is marked read, with the time, since it has been read (the
/// receipts its sender sees say so).
extension NotificationsShow: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        var (item, about) = try c.reading { store, account in
            let item = try NotificationService(store: store).find(id, of: account.id)
            // Who it is about, when that account can still be read.
            let about = item.relatedContactID.flatMap { id in try? store.account(id) }
            return (item, about)
        }
        if !item.isRead {
            try c.writing { store, account in
                _ = try NotificationEditor(store: store).markRead(item.id, of: account.id, at: now)
            }
            item.isRead = true
            item.readAt = now
        }
        if c.json {
            c.printJSON(JSONViews.notification(item).adding("relatedContactName", .optional(about?.fullName))
                .adding("readAt", .date(item.readAt)))
            return success
        }
        var rows = TextTable(columns: [.fixed, .flexible])
        rows.add(["Title", c.style.bold(TerminalText.line(HumanText.localTimes(in: item.title, now: now)))])
        rows.add(["Type", NotificationText.label(item.type)])
        rows.add(["Time", TimeText.both(item.timestamp, now: now)])
        if let about {
            rows.add(["About", TerminalText.line(about.fullName) + (about.hasName ? " (\(about.phoneNumber))" : "")])
        }
        else if let id = item.relatedContactID { rows.add(["About", id.rawValue]) }
        rows.add(["Status", item.readAt.map { "read " + TimeText.both($0, now: now) } ?? "read"])
        rows.add(["ID", item.id.rawValue])
        // A multi-line message (a note) stays indented under its label.
        rows.add(["Message", TerminalText.block(HumanText.localTimes(in: item.message, now: now))])
        c.print(rows)
        return success
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

extension NotificationsRead: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let query: String?
        if case .one(let id) = target { query = id } else { query = nil }
        let now = try c.now()
        let count = try c.writing { store, account in
            let id = try query.map { try NotificationService(store: store).find($0, of: account.id).id }
            return try NotificationEditor(store: store).markRead(id, of: account.id, at: now)
        }
        if c.json { c.printJSON(.object([("marked", .int(count))])) } else {
            c.say("Marked \(count) notification\(count == 1 ? "" : "s") as read.")
        }
        return success
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

extension NotificationsDelete {
    /// Every notification there was when the command began, in steps of a
    /// bounded size (`SharedStore.feedDeletionStep`), each its own
    /// transaction: a feed of any size goes without one commit too large.
    /// Sign-in notices the session may not delete stay (`SignInNoticeRules`);
    /// returns how many went, how many stayed, and how many unread alerts went.
    func deleteAll(_ c: Context, token: String) throws -> (deleted: Int, kept: Int, unreadAlerts: Int) {
        let step = try c.store().feedDeletionStep
        var end: Int?
        var count = 0, alerts = 0
        var kept = Set<EntityID>()
        while true {
            let (deleted, stayed, alerted, boundary) = try c.writing { store, account in
                guard let session = try store.session(tokenHash: token) else { throw LifeSignalError.sessionExpired }
                let boundary = try end ?? store.feedSummary(of: account.id).nextIndex
                // Counted afresh each time the transaction runs.
                var alerted = 0
                let (deleted, stayed) = try NotificationEditor(store: store).deleteStep(
                    of: account.id, below: boundary, limit: step) { item in
                    guard SignInNoticeRules.mayDelete(item, from: session) else { return true }
                    if item.type == .alert, !item.isRead { alerted += 1 }
                    return false
                }
                return (deleted, stayed, alerted, boundary)
            }
            end = boundary
            count += deleted
            alerts += alerted
            kept.formUnion(stayed)
            if deleted < step { return (count, kept.count, alerts) }
        }
    }
}

extension NotificationsDelete: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let query: String?
        if case .one(let id) = target { query = id } else { query = nil }
        if query == nil, !yes, !c.input.isTerminal {
            try c.requireConfirmation("Delete all your notifications?", yes: yes, declined: "Nothing deleted.")
        } else if query == nil, !yes {
            // On a terminal, what would go is read first, so the question can say.
            let items = try c.reading { store, account in
                try NotificationService(store: store).list(of: account.id, filter: nil, unreadOnly: false, limit: nil)
            }
            let alerts = items.filter { $0.type == .alert && !$0.isRead }.count
            try c.requireConfirmation("Delete all \(items.count) of your notifications"
                                      + (alerts > 0 ? ", \(Self.unreadAlerts(alerts)) among them?" : "?"),
                                      yes: yes, declined: "Nothing deleted.")
        }
        let token = SHA256.hexDigest(try c.session().token)
        let (count, kept, alerts) = try query.map { query in
            let (count, alerts) = try c.writing { store, account in
                // The session this runs in: a sign-in notice it may not delete stays (`SignInNoticeRules`).
                guard let session = try store.session(tokenHash: token) else { throw LifeSignalError.sessionExpired }
                let item = try NotificationService(store: store).find(query, of: account.id)
                guard SignInNoticeRules.mayDelete(item, from: session) else { throw SignInNoticeRules.refusal }
                let alert = item.type == .alert && !item.isRead ? 1 : 0
                return (try NotificationEditor(store: store).delete(item.id, of: account.id), alert)
            }
            return (count, 0, alerts)
        } ?? deleteAll(c, token: token)
        if c.json {
            c.printJSON(.object([("deleted", .int(count)), ("unreadAlertsDeleted", .int(alerts))]
                                + (query == nil ? [("keptSignIns", .int(kept))] : [])))
        } else {
            c.say("Deleted \(count) notification\(count == 1 ? "" : "s")"
                  + (alerts > 0 ? ", \(Self.unreadAlerts(alerts)) among them." : "."))
            if kept > 0 {
                c.say("Kept \(kept) sign-in notice\(kept == 1 ? "" : "s") of this session or later ones: "
                      + "only a session that began before a sign-in can delete its notice.")
            }
        }
        return success
    }

    private static func unreadAlerts(_ count: Int) -> String {
        count == 1 ? "1 unread alert" : "\(count) unread alerts"
    }
}

/// How notification types read in human output.
enum NotificationText {
    static func label(_ type: NotificationType) -> String {
        switch type {
        case .alert: "alert"
        case .ping: "ping"
        case .role: "role"
        case .added: "added"
        case .removed: "removed"
        case .checkIn: "check-in"
        case .signIn: "sign-in"
        case .test: "test"
        }
    }
}
