import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

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
