import ByteKeyed
import FoundationEssentials
import LifeSignalCore
import StoreBackends
import StoreCodecKit
import StrictJSON

/// An account's deadline marks: every member may be absent (its own
/// `Codable` conformance says so); the lists and the counts are written
/// only when not empty, `fired` always.
extension DeadlineMarks: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case acknowledgedAt, acknowledgedBy, cycleDue, cycleStart, fired, heldDue, log, occurrences, owed, retryAt
        case standing, version
        @usableFromInline
        static let names = JSONNames(["acknowledgedAt", "acknowledgedBy", "cycleDue", "cycleStart", "fired",
                                    "heldDue", "log", "occurrences", "owed", "retryAt", "standing", "version"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DeadlineMarks {
        // `DeadlineMarks()` is a new account's marks (the current version);
        // a file without a version is from before versions.
        var marks = DeadlineMarks()
        marks.version = nil
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .acknowledgedAt: marks.acknowledgedAt = try reader.readOptionalDate()
            case .acknowledgedBy: marks.acknowledgedBy = try reader.readOptionalEntityID()
            case .cycleDue: marks.cycleDue = try reader.readOptionalDate()
            case .cycleStart: marks.cycleStart = try reader.readOptionalDate()
            case .fired: marks.fired = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() } ?? []
            case .heldDue: marks.heldDue = try reader.readOptionalDate()
            case .log: marks.log = try reader.readOptional { reader throws(JSONReadError) in try [FiredStep].read(from: &reader) } ?? []
            case .occurrences:
                marks.occurrences = try reader.readOptional { reader throws(JSONReadError) in
                    var counts = ByteKeyedTable<Int>()
                    try reader.readDictionary { reader, name throws(JSONReadError) in counts[name] = try reader.readInt() }
                    return counts
                } ?? ByteKeyedTable()
            case .owed: marks.owed = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() } ?? []
            case .retryAt: marks.retryAt = try reader.readOptionalDate()
            case .standing: marks.standing = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() } ?? []
            case .version: marks.version = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            }
        }
        return marks
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.acknowledgedAt.name, ifPresent: acknowledgedAt)
        writer.member(StoreField.acknowledgedBy.name, ifPresent: acknowledgedBy)
        writer.member(StoreField.cycleDue.name, ifPresent: cycleDue)
        writer.member(StoreField.cycleStart.name, ifPresent: cycleStart)
        writer.member(StoreField.fired.name, fired)
        writer.member(StoreField.heldDue.name, ifPresent: heldDue)
        if !log.isEmpty { writer.member(StoreField.log.name, log) }
        if !occurrences.isEmpty {
            writer.key(StoreField.occurrences.name)
            writer.beginObject()
            for (name, count) in occurrences { writer.member(name, count) }
            writer.endObject()
        }
        if !owed.isEmpty { writer.member(StoreField.owed.name, owed) }
        writer.member(StoreField.retryAt.name, ifPresent: retryAt)
        if !standing.isEmpty { writer.member(StoreField.standing.name, standing) }
        if let version { writer.member(StoreField.version.name, version) }
        writer.endObject()
    }
}

/// A step of the deadline timeline that fired, with who was told.
extension FiredStep: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case at, event, firedAt, key, notices
        @usableFromInline
        static let names = JSONNames(["at", "event", "firedAt", "key", "notices"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FiredStep {
        let start = reader.valueStart()
        var at: Date?, event: TimelineEvent?, firedAt: Date?, key: String?, notices: [NoticeRecord]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .at: at = try reader.readDate()
            case .event: event = try reader.readRawValue(TimelineEvent.self)
            case .firedAt: firedAt = try reader.readDate()
            case .key: key = try reader.readString()
            case .notices: notices = try [NoticeRecord].read(from: &reader)
            }
        }
        return FiredStep(key: try present(key, StoreField.key, start), event: try present(event, StoreField.event, start),
                         at: try present(at, StoreField.at, start), firedAt: try present(firedAt, StoreField.firedAt, start),
                         notices: try present(notices, StoreField.notices, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.at.name, at)
        writer.member(StoreField.event.name, event.rawValue)
        writer.member(StoreField.firedAt.name, firedAt)
        writer.member(StoreField.key.name, key)
        writer.member(StoreField.notices.name, notices)
        writer.endObject()
    }
}

/// Who a fired step told, when, and by which feed item.
extension NoticeRecord: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case item, recipient, toldAt
        @usableFromInline
        static let names = JSONNames(["item", "recipient", "toldAt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> NoticeRecord {
        let start = reader.valueStart()
        var item: Int?, recipient: EntityID?, toldAt: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .item: item = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .recipient: recipient = try reader.readEntityID()
            case .toldAt: toldAt = try reader.readOptionalDate()
            }
        }
        return NoticeRecord(recipient: try present(recipient, StoreField.recipient, start), toldAt: toldAt, item: item)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let item { writer.member(StoreField.item.name, item) }
        writer.member(StoreField.recipient.name, recipient)
        writer.member(StoreField.toldAt.name, ifPresent: toldAt)
        writer.endObject()
    }
}

extension DeadlinePause: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case endedEarly, reason, startedAt, until
        @usableFromInline
        static let names = JSONNames(["endedEarly", "reason", "startedAt", "until"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DeadlinePause {
        let start = reader.valueStart()
        var endedEarly: Bool?, reason: String?, startedAt: Date?, until: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .endedEarly: endedEarly = try reader.readOptionalBool()
            case .reason: reason = try reader.readOptionalString()
            case .startedAt: startedAt = try reader.readDate()
            case .until: until = try reader.readDate()
            }
        }
        var pause = DeadlinePause(startedAt: try present(startedAt, StoreField.startedAt, start),
                                  until: try present(until, StoreField.until, start), reason: reason)
        pause.endedEarly = endedEarly
        return pause
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.endedEarly.name, ifPresent: endedEarly)
        writer.member(StoreField.reason.name, ifPresent: reason)
        writer.member(StoreField.startedAt.name, startedAt)
        writer.member(StoreField.until.name, until)
        writer.endObject()
    }
}

extension DeadlineExtension: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case cycleStart, seconds
        @usableFromInline
        static let names = JSONNames(["cycleStart", "seconds"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DeadlineExtension {
        let start = reader.valueStart()
        var cycleStart: Date?, seconds: Int?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .cycleStart: cycleStart = try reader.readDate()
            case .seconds: seconds = try reader.readInt()
            }
        }
        return DeadlineExtension(cycleStart: try present(cycleStart, StoreField.cycleStart, start),
                                 seconds: try present(seconds, StoreField.seconds, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.cycleStart.name, cycleStart)
        writer.member(StoreField.seconds.name, seconds)
        writer.endObject()
    }
}

/// The hashes of an account's check-in code and duress code.
extension CheckInCodes: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case codeHash, duressHash, failures, iterations, lockedUntil, salt
        @usableFromInline
        static let names = JSONNames(["codeHash", "duressHash", "failures", "iterations", "lockedUntil", "salt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> CheckInCodes {
        let start = reader.valueStart()
        var codeHash: String?, duressHash: String?, failures: Int?, iterations: Int?, lockedUntil: Date?, salt: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .codeHash: codeHash = try reader.readString()
            case .duressHash: duressHash = try reader.readString()
            case .failures: failures = try reader.readInt()
            case .iterations: iterations = try reader.readInt()
            case .lockedUntil: lockedUntil = try reader.readOptionalDate()
            case .salt: salt = try reader.readString()
            }
        }
        var codes = CheckInCodes(salt: try present(salt, StoreField.salt, start),
                                 iterations: try present(iterations, StoreField.iterations, start),
                                 codeHash: try present(codeHash, StoreField.codeHash, start),
                                 duressHash: try present(duressHash, StoreField.duressHash, start))
        codes.failures = try present(failures, StoreField.failures, start)
        codes.lockedUntil = lockedUntil
        return codes
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.codeHash.name, codeHash)
        writer.member(StoreField.duressHash.name, duressHash)
        writer.member(StoreField.failures.name, failures)
        writer.member(StoreField.iterations.name, iterations)
        writer.member(StoreField.lockedUntil.name, ifPresent: lockedUntil)
        writer.member(StoreField.salt.name, salt)
        writer.endObject()
    }
}

/// A ping waiting for this account's answer.
extension AnswerWindow: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case answerBy, escalate, pingID, senderID, senderName, sentAt
        @usableFromInline
        static let names = JSONNames(["answerBy", "escalate", "pingID", "senderID", "senderName", "sentAt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> AnswerWindow {
        let start = reader.valueStart()
        var answerBy: Date?, escalate: Bool?, pingID: EntityID?, senderID: EntityID?, senderName: String?, sentAt: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .answerBy: answerBy = try reader.readDate()
            case .escalate: escalate = try reader.readBool()
            case .pingID: pingID = try reader.readEntityID()
            case .senderID: senderID = try reader.readEntityID()
            case .senderName: senderName = try reader.readString()
            case .sentAt: sentAt = try reader.readDate()
            }
        }
        return AnswerWindow(pingID: try present(pingID, StoreField.pingID, start),
                            senderID: try present(senderID, StoreField.senderID, start),
                            senderName: try present(senderName, StoreField.senderName, start),
                            sentAt: try present(sentAt, StoreField.sentAt, start),
                            answerBy: try present(answerBy, StoreField.answerBy, start),
                            escalate: try present(escalate, StoreField.escalate, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.answerBy.name, answerBy)
        writer.member(StoreField.escalate.name, escalate)
        writer.member(StoreField.pingID.name, pingID)
        writer.member(StoreField.senderID.name, senderID)
        writer.member(StoreField.senderName.name, senderName)
        writer.member(StoreField.sentAt.name, sentAt)
        writer.endObject()
    }
}
