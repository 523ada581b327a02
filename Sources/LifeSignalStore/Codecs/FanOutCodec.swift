import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// A notice to many people still being handed out, inside `account.json`.
extension FanOut: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case allClear, duress, exitStatus, isCritical, job, key, message, owed, relatedAlertID, relatedContactID, since, title
        case told, type, unreachable, zone, zonedTimes
        @usableFromInline
        static let names = JSONNames(["allClear", "duress", "exitStatus", "isCritical", "job", "key", "message", "owed", "relatedAlertID", "relatedContactID",
                                      "since", "title", "told", "type", "unreachable", "zone", "zonedTimes"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> FanOut {
        let start = reader.valueStart()
        var key: String?, since: Date?, type: NotificationType?, title: String?, message: String?
        var relatedContactID: EntityID?, relatedAlertID: EntityID?, isCritical: Bool?, duress: Bool?
        var owed: [EntityID]?, told: Int?, unreachable: [EntityID]?, job: String?, exitStatus: Int?, allClear: Bool?
        var zone: String?, zonedTimes: [Date]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .allClear: allClear = try reader.readBool()
            case .duress: duress = try reader.readBool()
            case .exitStatus: exitStatus = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .job: job = try reader.readOptionalString()
            case .isCritical: isCritical = try reader.readBool()
            case .key: key = try reader.readString()
            case .message: message = try reader.readString()
            case .owed: owed = try reader.readEntityIDs()
            case .relatedAlertID: relatedAlertID = try reader.readOptionalEntityID()
            case .relatedContactID: relatedContactID = try reader.readOptionalEntityID()
            case .since: since = try reader.readDate()
            case .title: title = try reader.readString()
            case .told: told = try reader.readInt()
            case .type: type = try reader.readNotificationType()
            case .unreachable: unreachable = try reader.readEntityIDs()
            case .zone: zone = try reader.readString()
            case .zonedTimes: zonedTimes = try reader.readDates()
            }
        }
        var draft = FeedDraft(type: try present(type, StoreField.type, start), title: try present(title, StoreField.title, start),
                              message: try present(message, StoreField.message, start), relatedContactID: relatedContactID,
                              relatedAlertID: relatedAlertID, isCritical: try present(isCritical, StoreField.isCritical, start),
                              duress: try present(duress, StoreField.duress, start), job: job, exitStatus: exitStatus,
                              allClear: allClear ?? false)
        if let zone, let zonedTimes { draft.zonedDue = ZonedDeadline(times: zonedTimes, zone: zone) }
        return FanOut(key: try present(key, StoreField.key, start), since: try present(since, StoreField.since, start),
                      draft: draft, owed: try present(owed, StoreField.owed, start),
                      told: try present(told, StoreField.told, start),
                      unreachable: try present(unreachable, StoreField.unreachable, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if allClear { writer.member(StoreField.allClear.name, allClear) }
        writer.member(StoreField.duress.name, duress)
        if let exitStatus { writer.member(StoreField.exitStatus.name, exitStatus) }
        writer.member(StoreField.isCritical.name, isCritical)
        writer.member(StoreField.job.name, ifPresent: job)
        writer.member(StoreField.key.name, key)
        writer.member(StoreField.message.name, message)
        writer.member(StoreField.owed.name, owed.map(\.rawValue))
        writer.member(StoreField.relatedAlertID.name, ifPresent: relatedAlertID)
        writer.member(StoreField.relatedContactID.name, ifPresent: relatedContactID)
        writer.member(StoreField.since.name, since)
        writer.member(StoreField.title.name, title)
        writer.member(StoreField.told.name, told)
        writer.member(StoreField.type.name, type.rawValue)
        writer.member(StoreField.unreachable.name, unreachable.map(\.rawValue))
        writer.member(StoreField.zone.name, ifPresent: zone)
        if let zonedTimes { writer.member(StoreField.zonedTimes.name, zonedTimes) }
        writer.endObject()
    }

    @usableFromInline
    package var validationProblem: String? {
        guard owed.count + unreachable.count <= Self.maximumRecipients, (0...Self.maximumRecipients).contains(told) else {
            return "its notice to many people lists impossibly many recipients"
        }
        guard (zonedTimes?.count ?? 0) <= Self.maximumZonedTimes else {
            return "its notice to many people names impossibly many times"
        }
        return nil
    }
}

extension JSONReader {
    /// An array of IDs, each checked as `readEntityID` checks it.
    package mutating func readEntityIDs() throws(JSONReadError) -> [EntityID] {
        var ids: [EntityID] = []
        try readArray { reader, _ throws(JSONReadError) in ids.append(try reader.readEntityID()) }
        return ids
    }
}
