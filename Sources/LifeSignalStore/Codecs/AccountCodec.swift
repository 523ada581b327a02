import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// `account.json`: the account with its alert, preferences and deadline marks.
extension Account: StoreFileData {
    /// The members, as `Codable` names them, in byte-wise order.
    enum StoreField: String, CaseIterable {
        case alert, checkInInterval, createdAt, deadlines, emergencyNote, firstName, id, invitationWake
        case lastCheckIn, lastName, phoneNumber, preferences, qrCodeID, reminderInterval, warnedUnwatchedAt
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> Account {
        let start = reader.valueStart()
        var id: EntityID?, phoneNumber: String?, firstName: String?, lastName: String?, emergencyNote: String?
        var qrCodeID: String?, checkInInterval: Int?, reminderInterval: Int?, createdAt: Date?
        var preferences: NotificationPreferences?, deadlines: DeadlineMarks?
        var lastCheckIn: Date?, alert: ActiveAlert?, invitationWake: Date?, warnedUnwatchedAt: Date?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .alert: alert = try reader.readOptional { reader throws(JSONReadError) in try ActiveAlert.read(from: &reader) }
            case .checkInInterval: checkInInterval = try reader.readInt()
            case .createdAt: createdAt = try reader.readDate()
            case .deadlines: deadlines = try DeadlineMarks.read(from: &reader)
            case .emergencyNote: emergencyNote = try reader.readString()
            case .firstName: firstName = try reader.readString()
            case .id: id = try reader.readEntityID()
            case .invitationWake: invitationWake = try reader.readOptionalDate()
            case .lastCheckIn: lastCheckIn = try reader.readOptionalDate()
            case .lastName: lastName = try reader.readString()
            case .phoneNumber: phoneNumber = try reader.readString()
            case .preferences: preferences = try NotificationPreferences.read(from: &reader)
            case .qrCodeID: qrCodeID = try reader.readString()
            case .reminderInterval: reminderInterval = try reader.readInt()
            case .warnedUnwatchedAt: warnedUnwatchedAt = try reader.readOptionalDate()
            }
        }
        var account = Account(id: try present(id, StoreField.id, start),
                              phoneNumber: try present(phoneNumber, StoreField.phoneNumber, start),
                              qrCodeID: try present(qrCodeID, StoreField.qrCodeID, start),
                              createdAt: try present(createdAt, StoreField.createdAt, start))
        account.firstName = try present(firstName, StoreField.firstName, start)
        account.lastName = try present(lastName, StoreField.lastName, start)
        account.emergencyNote = try present(emergencyNote, StoreField.emergencyNote, start)
        account.checkInInterval = try present(checkInInterval, StoreField.checkInInterval, start)
        account.reminderInterval = try present(reminderInterval, StoreField.reminderInterval, start)
        account.preferences = try present(preferences, StoreField.preferences, start)
        account.deadlines = try present(deadlines, StoreField.deadlines, start)
        account.lastCheckIn = lastCheckIn
        account.alert = alert
        account.invitationWake = invitationWake
        account.warnedUnwatchedAt = warnedUnwatchedAt
        return account
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.alert.rawValue, ifPresent: alert)
        writer.member(StoreField.checkInInterval.rawValue, checkInInterval)
        writer.member(StoreField.createdAt.rawValue, createdAt)
        writer.member(StoreField.deadlines.rawValue, deadlines)
        writer.member(StoreField.emergencyNote.rawValue, emergencyNote)
        writer.member(StoreField.firstName.rawValue, firstName)
        writer.member(StoreField.id.rawValue, id)
        writer.member(StoreField.invitationWake.rawValue, ifPresent: invitationWake)
        writer.member(StoreField.lastCheckIn.rawValue, ifPresent: lastCheckIn)
        writer.member(StoreField.lastName.rawValue, lastName)
        writer.member(StoreField.phoneNumber.rawValue, phoneNumber)
        writer.member(StoreField.preferences.rawValue, preferences)
        writer.member(StoreField.qrCodeID.rawValue, qrCodeID)
        writer.member(StoreField.reminderInterval.rawValue, reminderInterval)
        writer.member(StoreField.warnedUnwatchedAt.rawValue, ifPresent: warnedUnwatchedAt)
        writer.endObject()
    }

    package var validationProblem: String? {
        guard IntervalRules.checkInBounds.contains(checkInInterval) else { return "checkInInterval \(checkInInterval) is out of range" }
        guard IntervalRules.reminderBounds.contains(reminderInterval), reminderInterval < checkInInterval else {
            return "reminderInterval \(reminderInterval) is out of range"
        }
        // One deadline has a handful of milestones and a notice per responder.
        guard deadlines.fired.count <= 10_000, deadlines.owed.count <= 10_000 else {
            return "its deadline marks are impossibly long"
        }
        return nil
    }
}

extension ActiveAlert: StoreFileData {
    enum StoreField: String, CaseIterable {
        case activatedAt, id
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> ActiveAlert {
        let start = reader.valueStart()
        var id: EntityID?, activatedAt: Date?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .activatedAt: activatedAt = try reader.readDate()
            case .id: id = try reader.readEntityID()
            }
        }
        return ActiveAlert(id: try present(id, StoreField.id, start),
                           activatedAt: try present(activatedAt, StoreField.activatedAt, start))
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.activatedAt.rawValue, activatedAt)
        writer.member(StoreField.id.rawValue, id)
        writer.endObject()
    }
}

extension NotificationPreferences: StoreFileData {
    enum StoreField: String, CaseIterable {
        case alerts, checkIns, contacts, pings
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> NotificationPreferences {
        let start = reader.valueStart()
        var alerts: Bool?, checkIns: Bool?, contacts: Bool?, pings: Bool?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .alerts: alerts = try reader.readBool()
            case .checkIns: checkIns = try reader.readBool()
            case .contacts: contacts = try reader.readBool()
            case .pings: pings = try reader.readBool()
            }
        }
        var preferences = NotificationPreferences()
        preferences.alerts = try present(alerts, StoreField.alerts, start)
        preferences.checkIns = try present(checkIns, StoreField.checkIns, start)
        preferences.contacts = try present(contacts, StoreField.contacts, start)
        preferences.pings = try present(pings, StoreField.pings, start)
        return preferences
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.alerts.rawValue, alerts)
        writer.member(StoreField.checkIns.rawValue, checkIns)
        writer.member(StoreField.contacts.rawValue, contacts)
        writer.member(StoreField.pings.rawValue, pings)
        writer.endObject()
    }
}

/// Every member may be absent (its own `Codable` conformance says so);
/// `owed` is written only when not empty.
extension DeadlineMarks: StoreFileData {
    enum StoreField: String, CaseIterable {
        case cycleDue, cycleStart, fired, heldDue, owed, retryAt
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DeadlineMarks {
        var marks = DeadlineMarks()
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .cycleDue: marks.cycleDue = try reader.readOptionalDate()
            case .cycleStart: marks.cycleStart = try reader.readOptionalDate()
            case .fired: marks.fired = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() } ?? []
            case .heldDue: marks.heldDue = try reader.readOptionalDate()
            case .owed: marks.owed = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() } ?? []
            case .retryAt: marks.retryAt = try reader.readOptionalDate()
            }
        }
        return marks
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.cycleDue.rawValue, ifPresent: cycleDue)
        writer.member(StoreField.cycleStart.rawValue, ifPresent: cycleStart)
        writer.member(StoreField.fired.rawValue, fired)
        writer.member(StoreField.heldDue.rawValue, ifPresent: heldDue)
        if !owed.isEmpty { writer.member(StoreField.owed.rawValue, owed) }
        writer.member(StoreField.retryAt.rawValue, ifPresent: retryAt)
        writer.endObject()
    }
}
