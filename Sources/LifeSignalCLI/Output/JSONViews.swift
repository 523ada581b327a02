import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// The JSON shapes of CLI.md, in one place.
enum JSONViews {
    static func profile(_ account: Account) -> JSONValue {
        .object([
            ("id", .id(account.id)),
            ("phoneNumber", .string(account.phoneNumber)),
            ("firstName", .string(account.firstName)),
            ("lastName", .string(account.lastName)),
            ("emergencyNote", .string(account.emergencyNote)),
            ("qrCodeID", .string(account.qrCodeID)),
            ("checkInInterval", .int(account.checkInInterval)),
            ("reminderInterval", .int(account.reminderInterval)),
            ("lastCheckIn", .date(account.lastCheckIn)),
            ("nextCheckInDue", .date(account.nextCheckInDue)),
            ("isAlertActive", .bool(account.isAlertActive)),
            ("alertActivatedAt", .date(account.alert?.activatedAt)),
            ("needsOnboarding", .bool(account.needsOnboarding)),
        ])
    }

    static func contact(_ contact: ContactView, now: Date) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .id(contact.id)),
            ("firstName", .string(contact.account.firstName)),
            ("lastName", .string(contact.account.lastName)),
            ("phoneNumber", .string(contact.account.phoneNumber)),
            ("isResponder", .bool(contact.link.isResponder)),
            ("isDependent", .bool(contact.link.isDependent)),
            ("addedAt", .date(contact.link.addedAt)),
        ]
        if contact.link.isResponder { members.append(("delay", .int(contact.link.responderDelay))) }
        if contact.link.isDependent {
            let account = contact.account
            let alert = account.alertSeenByResponders
            members += [
                ("lastCheckIn", .date(account.lastCheckIn)),
                ("nextCheckInDue", .date(account.nextCheckInDue)),
                // Responders hear of a missed check-in once the grace period ends.
                ("overdue", .bool(account.isPastGrace(at: now))),
                ("isAlertActive", .bool(alert != nil)),
                ("emergencyNote", .string(account.emergencyNote)),
                ("graceEndsAt", .date(account.graceEndsAt)),
                ("pausedUntil", .date(account.isPaused(at: now) ? account.pause?.until : nil)),
                ("acknowledgedBy", contact.handlerID.map { handler(id: $0, account: contact.handler) } ?? .null),
            ]
            if alert != nil, account.alert == nil { members.append(("duress", .bool(true))) }
        }
        return .object(members)
    }

    /// Someone handling a dependent's alarm, as another responder sees them:
    /// a contact object with their name (their number is theirs to share),
    /// or their ID alone when their account cannot be read.
    static func handler(id: EntityID, account: Account?) -> JSONValue {
        guard let account else { return .object([("id", .id(id))]) }
        return .object([("id", .id(id)), ("firstName", .string(account.firstName)), ("lastName", .string(account.lastName))])
    }

    /// A contact whose account cannot be read: what the link says, and why.
    static func unreadableContact(_ link: ContactLink, _ failure: any UserFacingError) -> JSONValue {
        .object([("id", .id(link.contactID)), ("isResponder", .bool(link.isResponder)),
                 ("isDependent", .bool(link.isDependent)), ("addedAt", .date(link.addedAt)),
                 ("cannotBeChecked", .string(failure.message))])
    }

    static func ping(_ ping: Ping, names: [EntityID: String] = [:]) -> JSONValue {
        .object([
            ("id", .id(ping.id)),
            ("senderID", .id(ping.senderID)),
            ("recipientID", .id(ping.recipientID)),
            ("senderName", .optional(names[ping.senderID])),
            ("recipientName", .optional(names[ping.recipientID])),
            ("sentAt", .date(ping.sentAt)),
            ("status", .string(ping.status.rawValue)),
            ("respondedAt", .date(ping.respondedAt)),
            ("answerBy", .date(ping.answerBy)),
            ("escalate", .bool(ping.escalate)),
        ])
    }

    static func notification(_ item: FeedItem) -> JSONValue {
        .object([
            ("id", .id(item.id)),
            ("type", .string(item.type.rawValue)),
            ("title", .string(item.title)),
            ("message", .string(item.message)),
            ("timestamp", .date(item.timestamp)),
            ("isRead", .bool(item.isRead)),
            ("relatedContactID", .id(item.relatedContactID)),
            ("relatedPingID", .id(item.relatedPingID)),
            ("relatedAlertID", .id(item.relatedAlertID)),
        ] + extras(item))
    }

    /// Issue 14's fields, only on the items they concern (`NotificationJSONWriter` writes the same).
    static func extras(_ item: FeedItem) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if item.duress { members.append(("duress", .bool(true))) }
        if item.allClear { members.append(("allClear", .bool(true))) }
        if let by = item.acknowledgedBy { members.append(("acknowledgedBy", .id(by))) }
        if item.type == .test { members.append(("test", .bool(true))) }
        if let job = item.job { members.append(("job", .string(job))) }
        if let status = item.exitStatus { members.append(("exitStatus", .int(status))) }
        return members
    }

    static func settings(_ preferences: NotificationPreferences, _ local: LocalSettings, zone: AccountZone) -> JSONValue {
        .object([
            ("alerts", .bool(preferences.alerts)),
            ("pings", .bool(preferences.pings)),
            ("checkIns", .bool(preferences.checkIns)),
            ("contacts", .bool(preferences.contacts)),
            ("dependentNews", .bool(preferences.dependentNews)),
            ("notifyCommand", .optional(local.notifyCommand)),
            ("smsCommand", .optional(local.smsCommand)),
            ("etcdCACert", .optional(local.etcdCACert)),
            ("etcdCert", .optional(local.etcdCert)),
            ("etcdKey", .optional(local.etcdKey)),
            ("timeZone", .optional(zone.timeZone)),
            ("quietHours", .optional(zone.quietHours)),
        ])
    }
}
