import FoundationEssentials
import LifeSignalCore
import StoreBackends
import StoreCodecKit
import StrictJSON

/// `account.json`: the account with its alert, preferences and deadline marks.
extension Account: StoreFileData {
    /// The members, as `Codable` names them, in byte-wise order.
    enum StoreField: UInt8, StoreFieldSet {
        case alert, answerWindows, chainWatch, checkInCodes, checkInInterval, createdAt, dailySchedule, deadlineExtension, deadlines, drill
        case duressAlert
        case emergencyNote, fanOuts, firstName, graceInterval, id, invitationWake, jobs, lastCheckIn, lastName, pastAlarms
        case pause
        case phoneNumber, preferences, qrCodeID, quietHours, reminderInterval, repeatInterval, timeZone, trip, warnedUnwatchedAt
        @usableFromInline
        static let names = JSONNames(["alert", "answerWindows", "chainWatch", "checkInCodes", "checkInInterval", "createdAt",
                                    "dailySchedule", "deadlineExtension", "deadlines", "drill", "duressAlert", "emergencyNote",
                                    "fanOuts", "firstName", "graceInterval", "id", "invitationWake", "jobs", "lastCheckIn", "lastName",
                                    "pastAlarms", "pause", "phoneNumber", "preferences", "qrCodeID", "quietHours",
                                    "reminderInterval", "repeatInterval", "timeZone", "trip", "warnedUnwatchedAt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> Account {
        let start = reader.valueStart()
        var id: EntityID?, phoneNumber: String?, firstName: String?, lastName: String?, emergencyNote: String?
        var qrCodeID: String?, checkInInterval: Int?, reminderInterval: Int?, createdAt: Date?
        var preferences: NotificationPreferences?, deadlines: DeadlineMarks?
        var lastCheckIn: Date?, alert: ActiveAlert?, invitationWake: Date?, warnedUnwatchedAt: Date?
        var graceInterval: Int?, repeatInterval: Int?, pause: DeadlinePause?, deadlineExtension: DeadlineExtension?
        var checkInCodes: CheckInCodes?, duressAlert: ActiveAlert?, answerWindows: [AnswerWindow]?, drill: DrillRecord?
        var timeZone: String?, dailySchedule: DailySchedule?, trip: Trip?, quietHours: QuietHours?, pastAlarms: [PastAlarm]?
        var fanOuts: [FanOut]?, jobs: [Job]?, chainWatch: ChainWatch?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .answerWindows:
                answerWindows = try reader.readOptional { reader throws(JSONReadError) in try [AnswerWindow].read(from: &reader) }
            case .chainWatch: chainWatch = try reader.readOptional { reader throws(JSONReadError) in try ChainWatch.read(from: &reader) }
            case .checkInCodes: checkInCodes = try reader.readOptional { reader throws(JSONReadError) in try CheckInCodes.read(from: &reader) }
            case .deadlineExtension:
                deadlineExtension = try reader.readOptional { reader throws(JSONReadError) in try DeadlineExtension.read(from: &reader) }
            case .dailySchedule:
                dailySchedule = try reader.readOptional { reader throws(JSONReadError) in try DailySchedule.read(from: &reader) }
            case .drill: drill = try reader.readOptional { reader throws(JSONReadError) in try DrillRecord.read(from: &reader) }
            case .duressAlert: duressAlert = try reader.readOptional { reader throws(JSONReadError) in try ActiveAlert.read(from: &reader) }
            case .graceInterval: graceInterval = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .pastAlarms:
                pastAlarms = try reader.readOptional { reader throws(JSONReadError) in try [PastAlarm].read(from: &reader) }
            case .pause: pause = try reader.readOptional { reader throws(JSONReadError) in try DeadlinePause.read(from: &reader) }
            case .repeatInterval: repeatInterval = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .alert: alert = try reader.readOptional { reader throws(JSONReadError) in try ActiveAlert.read(from: &reader) }
            case .checkInInterval: checkInInterval = try reader.readInt()
            case .createdAt: createdAt = try reader.readDate()
            case .deadlines: deadlines = try DeadlineMarks.read(from: &reader)
            case .emergencyNote: emergencyNote = try reader.readString()
            case .fanOuts: fanOuts = try reader.readOptional { reader throws(JSONReadError) in try [FanOut].read(from: &reader) }
            case .firstName: firstName = try reader.readString()
            case .id: id = try reader.readEntityID()
            case .invitationWake: invitationWake = try reader.readOptionalDate()
            case .jobs: jobs = try reader.readOptional { reader throws(JSONReadError) in try [Job].read(from: &reader) }
            case .lastCheckIn: lastCheckIn = try reader.readOptionalDate()
            case .lastName: lastName = try reader.readString()
            case .phoneNumber: phoneNumber = try reader.readString()
            case .preferences: preferences = try NotificationPreferences.read(from: &reader)
            case .qrCodeID: qrCodeID = try reader.readString()
            case .quietHours:
                let at = reader.valueStart()
                if let text = try reader.readOptionalString() {
                    do throws(ScheduleInputError) { quietHours = try QuietHours(parsing: text) } catch {
                        throw JSONReadError(kind: .badValue(error.message), offset: at)
                    }
                }
            case .reminderInterval: reminderInterval = try reader.readInt()
            case .timeZone: timeZone = try reader.readOptionalString()
            case .trip: trip = try reader.readOptional { reader throws(JSONReadError) in try Trip.read(from: &reader) }
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
        account.graceInterval = graceInterval ?? 0
        account.repeatInterval = repeatInterval
        account.pause = pause
        account.deadlineExtension = deadlineExtension
        account.checkInCodes = checkInCodes
        account.duressAlert = duressAlert
        account.answerWindows = answerWindows ?? []
        account.drill = drill
        account.timeZone = timeZone
        account.dailySchedule = dailySchedule
        account.trip = trip
        account.quietHours = quietHours
        account.pastAlarms = pastAlarms ?? []
        account.fanOuts = fanOuts ?? []
        account.jobs = jobs ?? []
        account.chainWatch = chainWatch
        return account
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.alert.name, ifPresent: alert)
        writer.member(StoreField.answerWindows.name, answerWindows)
        writer.member(StoreField.chainWatch.name, ifPresent: chainWatch)
        writer.member(StoreField.checkInCodes.name, ifPresent: checkInCodes)
        writer.member(StoreField.checkInInterval.name, checkInInterval)
        writer.member(StoreField.createdAt.name, createdAt)
        writer.member(StoreField.dailySchedule.name, ifPresent: dailySchedule)
        writer.member(StoreField.deadlineExtension.name, ifPresent: deadlineExtension)
        writer.member(StoreField.deadlines.name, deadlines)
        writer.member(StoreField.drill.name, ifPresent: drill)
        writer.member(StoreField.duressAlert.name, ifPresent: duressAlert)
        writer.member(StoreField.emergencyNote.name, emergencyNote)
        writer.member(StoreField.fanOuts.name, fanOuts)
        writer.member(StoreField.firstName.name, firstName)
        writer.member(StoreField.graceInterval.name, graceInterval)
        writer.member(StoreField.id.name, id)
        writer.member(StoreField.invitationWake.name, ifPresent: invitationWake)
        writer.member(StoreField.jobs.name, jobs)
        writer.member(StoreField.lastCheckIn.name, ifPresent: lastCheckIn)
        writer.member(StoreField.lastName.name, lastName)
        writer.member(StoreField.pastAlarms.name, pastAlarms)
        writer.member(StoreField.pause.name, ifPresent: pause)
        writer.member(StoreField.phoneNumber.name, phoneNumber)
        writer.member(StoreField.preferences.name, preferences)
        writer.member(StoreField.qrCodeID.name, qrCodeID)
        writer.member(StoreField.quietHours.name, ifPresent: quietHours?.description)
        writer.member(StoreField.reminderInterval.name, reminderInterval)
        if let repeatInterval { writer.member(StoreField.repeatInterval.name, repeatInterval) }
        writer.member(StoreField.timeZone.name, ifPresent: timeZone)
        writer.member(StoreField.trip.name, ifPresent: trip)
        writer.member(StoreField.warnedUnwatchedAt.name, ifPresent: warnedUnwatchedAt)
        writer.endObject()
    }

    @usableFromInline
    package var validationProblem: String? {
        if let timeZone, (try? ZoneName(validating: timeZone)) == nil { return "timeZone is not a zone's name" }
        if let zone = dailySchedule?.zone, (try? ZoneName(validating: zone)) == nil {
            return "dailySchedule.zone is not a zone's name"
        }
        guard IntervalRules.checkInBounds.contains(checkInInterval) else { return "checkInInterval \(checkInInterval) is out of range" }
        guard IntervalRules.reminderBounds.contains(reminderInterval), reminderInterval < checkInInterval else {
            return "reminderInterval \(reminderInterval) is out of range"
        }
        // One deadline has a handful of milestones and a notice per responder.
        let marks = deadlines
        guard marks.fired.count <= 10_000, marks.owed.count <= 10_000, marks.log.count <= 10_000,
              marks.occurrences.count <= 10_000, marks.standing.count <= 10_000 else {
            return "its deadline marks are impossibly long"
        }
        guard marks.occurrences.values.allSatisfy({ (0...10_000_000).contains($0) }) else {
            return "its deadline marks count impossible repeats"
        }
        guard DeadlineBounds.grace.contains(graceInterval) else { return "graceInterval \(graceInterval) is out of range" }
        if let repeats = repeatInterval, !DeadlineBounds.repeats.contains(repeats) {
            return "repeatInterval \(repeats) is out of range"
        }
        guard answerWindows.count <= 10_000 else { return "it holds impossibly many answer windows" }
        guard pastAlarms.count <= 10_000, pastAlarms.allSatisfy({ $0.notices.count <= 100_000 }) else {
            return "it holds impossibly many past alarms"
        }
        guard (alert?.notices.count ?? 0) <= FanOut.maximumRecipients else { return "its alert holds impossibly many notices" }
        if let codes = checkInCodes {
            guard (1...10_000_000).contains(codes.iterations), codes.failures >= 0,
                  Hex.decode(codes.salt) != nil else { return "its check-in codes are impossible" }
        }
        if let extra = deadlineExtension, !(0...(365 * 86_400)).contains(extra.seconds) {
            return "its deadline extension is out of range"
        }
        if let note = trip?.note, note.utf8.count > 4 * AccountService.maxTripNoteBytes { return "its trip's note is too long" }
        guard fanOuts.count <= FanOut.maximumKept else { return "it holds impossibly many notices to many people" }
        if let problem = fanOuts.lazy.compactMap(\.validationProblem).first { return problem }
        guard jobs.count <= JobRules.maximumJobs else { return "it holds impossibly many jobs" }
        if let problem = jobs.lazy.compactMap(\.validationProblem).first { return problem }
        return drill?.validationProblem
    }
}

extension ActiveAlert: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case acknowledgedAt, acknowledgedBy, activatedAt, id, notices
        @usableFromInline
        static let names = JSONNames(["acknowledgedAt", "acknowledgedBy", "activatedAt", "id", "notices"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> ActiveAlert {
        let start = reader.valueStart()
        var id: EntityID?, activatedAt: Date?, acknowledgedBy: EntityID?, acknowledgedAt: Date?, notices: [PastNotice]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .acknowledgedAt: acknowledgedAt = try reader.readOptionalDate()
            case .acknowledgedBy: acknowledgedBy = try reader.readOptionalEntityID()
            case .activatedAt: activatedAt = try reader.readDate()
            case .id: id = try reader.readEntityID()
            case .notices: notices = try reader.readOptional { reader throws(JSONReadError) in try [PastNotice].read(from: &reader) }
            }
        }
        var alert = ActiveAlert(id: try present(id, StoreField.id, start),
                                activatedAt: try present(activatedAt, StoreField.activatedAt, start))
        alert.acknowledgedBy = acknowledgedBy
        alert.acknowledgedAt = acknowledgedAt
        alert.notices = notices ?? []
        return alert
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.acknowledgedAt.name, ifPresent: acknowledgedAt)
        writer.member(StoreField.acknowledgedBy.name, ifPresent: acknowledgedBy)
        writer.member(StoreField.activatedAt.name, activatedAt)
        writer.member(StoreField.id.name, id)
        if !notices.isEmpty { writer.member(StoreField.notices.name, notices) }
        writer.endObject()
    }
}

extension NotificationPreferences: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case alerts, checkIns, contacts, dependentNews, pings
        @usableFromInline
        static let names = JSONNames(["alerts", "checkIns", "contacts", "dependentNews", "pings"])
    }

    /// Preferences written before `dependentNews` existed have none: on.
    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> NotificationPreferences {
        let start = reader.valueStart()
        var alerts: Bool?, checkIns: Bool?, contacts: Bool?, dependentNews: Bool?, pings: Bool?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .alerts: alerts = try reader.readBool()
            case .checkIns: checkIns = try reader.readBool()
            case .contacts: contacts = try reader.readBool()
            case .dependentNews: dependentNews = try reader.readBool()
            case .pings: pings = try reader.readBool()
            }
        }
        var preferences = NotificationPreferences()
        preferences.alerts = try present(alerts, StoreField.alerts, start)
        preferences.checkIns = try present(checkIns, StoreField.checkIns, start)
        preferences.contacts = try present(contacts, StoreField.contacts, start)
        preferences.dependentNews = dependentNews ?? true
        preferences.pings = try present(pings, StoreField.pings, start)
        return preferences
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.alerts.name, alerts)
        writer.member(StoreField.checkIns.name, checkIns)
        writer.member(StoreField.contacts.name, contacts)
        writer.member(StoreField.dependentNews.name, dependentNews)
        writer.member(StoreField.pings.name, pings)
        writer.endObject()
    }
}

/// `chainWatch` in `account.json`: the conditions of the alarm chain the
/// account was told of (`ChainWatchRules`).
extension ChainWatch: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case notifyFailing, unreached
        @usableFromInline
        static let names = JSONNames(["notifyFailing", "unreached"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> ChainWatch {
        var watch = ChainWatch()
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            let condition = try reader.readOptional { reader throws(JSONReadError) in try WatchedCondition.read(from: &reader) }
            switch field {
            case .notifyFailing: watch.notifyFailing = condition
            case .unreached: watch.unreached = condition
            }
        }
        return watch
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.notifyFailing.name, ifPresent: notifyFailing)
        writer.member(StoreField.unreached.name, ifPresent: unreached)
        writer.endObject()
    }
}

extension WatchedCondition: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case shownAt, since, spellTold, toldAt
        @usableFromInline
        static let names = JSONNames(["shownAt", "since", "spellTold", "toldAt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> WatchedCondition {
        let start = reader.valueStart()
        var condition = WatchedCondition(), spellTold: Bool?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .shownAt: condition.shownAt = try reader.readOptionalDate()
            case .since: condition.since = try reader.readOptionalDate()
            case .spellTold: spellTold = try reader.readBool()
            case .toldAt: condition.toldAt = try reader.readOptionalDate()
            }
        }
        condition.spellTold = try present(spellTold, StoreField.spellTold, start)
        return condition
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.shownAt.name, ifPresent: shownAt)
        writer.member(StoreField.since.name, ifPresent: since)
        writer.member(StoreField.spellTold.name, spellTold)
        writer.member(StoreField.toldAt.name, ifPresent: toldAt)
        writer.endObject()
    }
}
