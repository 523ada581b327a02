import FoundationEssentials
import LifeSignalCore

/// `notifications [list] [--type TYPE] [--unread] [--limit N]`.
enum NotificationsListCommand {
    static func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let filter = try c.parsed.choice("type", as: NotificationFilter.self)
        let limit = try c.parsed.int("limit", in: 0...1_000_000)
        let unread = c.parsed.flag("unread")
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
            var rows = Columns()
            try service.visit(of: account.id, filter: filter, unreadOnly: unread, limit: limit) { item in
                rows.add(item.isRead ? " " : c.style.bold("•"), item.id.short, TimeText.local(item.timestamp, now: now),
                         NotificationText.label(item.type), item.isRead ? item.title : c.style.bold(item.title))
                shown += 1
            }
            rows.lines().forEach { c.out.line($0) }
        }
        if !c.json, shown == 0 { c.say(unread ? "No unread notifications." : "No notifications.") }
        if !c.json, shown > 0 { c.hint("lifesignal notifications show ID (the whole notification, note included)") }
        return success
    }
}

/// `notifications show ID`: the whole item, message and note included.
enum NotificationsShowCommand {
    static func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let query = c.parsed.string("ID") ?? ""
        let (item, about) = try c.reading { store, account in
            let item = try NotificationService(store: store).find(query, of: account.id)
            // Who it is about, when that account can still be read.
            let about = item.relatedContactID.flatMap { id in try? store.account(id) }
            return (item, about)
        }
        if c.json {
            c.printJSON(JSONViews.notification(item).adding("relatedContactName", .optional(about?.fullName)))
            return success
        }
        var rows = Columns()
        rows.add("Title", c.style.bold(item.title))
        rows.add("Type", NotificationText.label(item.type))
        rows.add("Time", TimeText.both(item.timestamp, now: now))
        if let about { rows.add("About", "\(about.fullName) (\(about.phoneNumber))") }
        else if let id = item.relatedContactID { rows.add("About", id.rawValue) }
        rows.add("Status", item.isRead ? "read" : "unread")
        rows.add("ID", item.id.rawValue)
        rows.lines().forEach { c.out.line($0) }
        c.out.line("")
        for line in item.message.split(separator: "\n", omittingEmptySubsequences: false) { c.out.line(String(line)) }
        if !item.isRead { c.hint("lifesignal notifications read \(item.id.short)") }
        return success
    }
}

/// `notifications read ID|--all`.
enum NotificationsReadCommand {
    static func run(_ c: Context) throws -> Int32 {
        let query = c.parsed.string("ID")
        let count = try c.writing { store, account in
            let id = try query.map { try NotificationService(store: store).find($0, of: account.id).id }
            return try NotificationEditor(store: store).markRead(id, of: account.id)
        }
        if c.json { c.printJSON(.object([("marked", .int(count))])) } else {
            c.say("Marked \(count) notification\(count == 1 ? "" : "s") as read.")
        }
        return success
    }
}

/// `notifications delete ID|--all [--yes]`.
enum NotificationsDeleteCommand {
    static func run(_ c: Context) throws -> Int32 {
        let query = c.parsed.string("ID")
        if query == nil {
            try c.requireConfirmation("Delete all your notifications?", yes: c.parsed.flag("yes"))
        }
        let count = try c.writing { store, account in
            let id = try query.map { try NotificationService(store: store).find($0, of: account.id).id }
            return try NotificationEditor(store: store).delete(id, of: account.id)
        }
        if c.json { c.printJSON(.object([("deleted", .int(count))])) } else {
            c.say("Deleted \(count) notification\(count == 1 ? "" : "s").")
        }
        return success
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
        }
    }
}
