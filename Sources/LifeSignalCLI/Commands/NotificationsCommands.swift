import FoundationEssentials
import LifeSignalCore

extension NotificationsList: RunnableCommand {
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
            var table = TextTable(columns: [.fixed, .fixed, .fixed, .fixed, .flexible])
            try service.visit(of: account.id, filter: filter, unreadOnly: unread, limit: limit) { item in
                let title = TerminalText.line(HumanText.localTimes(in: item.title, now: now))
                table.add([item.isRead ? " " : c.style.bold("•"), item.id.short, TimeText.local(item.timestamp, now: now),
                           NotificationText.label(item.type), item.isRead ? title : c.style.bold(title)])
                shown += 1
            }
            c.print(table)
        }
        if !c.json, shown == 0 { c.say(unread ? "No unread notifications." : "No notifications.") }
        return success
    }
}

extension NotificationsRead: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let query: String?
        if case .one(let id) = target { query = id } else { query = nil }
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

extension NotificationsDelete: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let query: String?
        if case .one(let id) = target { query = id } else { query = nil }
        if query == nil {
            try c.requireConfirmation("Delete all your notifications?", yes: yes,
                                      declined: "Nothing deleted.")
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
        case .signIn: "sign-in"
        }
    }
}
