import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// An element of a check-in history segment, `checkins/<n>.json`.
extension CheckInRecord: StoreFileElement {
    enum StoreField: String, CaseIterable {
        case command, timestamp
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> CheckInRecord {
        let start = reader.valueStart()
        var timestamp: Date?, command: String?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .command: command = try reader.readOptionalString()
            case .timestamp: timestamp = try reader.readDate()
            }
        }
        return CheckInRecord(timestamp: try present(timestamp, StoreField.timestamp, start), command: command)
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.command.rawValue, ifPresent: command)
        writer.member(StoreField.timestamp.rawValue, timestamp)
        writer.endObject()
    }
}

/// `wake.json` of an account: its entry in the schedule.
extension AccountWake: StoreFileData {
    enum StoreField: String, CaseIterable {
        case at, unreadable
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> AccountWake {
        let start = reader.valueStart()
        var at: Date?, unreadable: String?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .at: at = try reader.readDate()
            case .unreadable: unreadable = try reader.readOptionalString()
            }
        }
        return AccountWake(at: try present(at, StoreField.at, start), unreadable: unreadable)
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.at.rawValue, at)
        writer.member(StoreField.unreadable.rawValue, ifPresent: unreadable)
        writer.endObject()
    }
}

/// An entry of an hour bucket of an older lifesignal's schedule (read once, to convert it).
extension OlderScheduleEntry: StoreFileElement {
    enum StoreField: String, CaseIterable {
        case accountID, at
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> OlderScheduleEntry {
        let start = reader.valueStart()
        var accountID: EntityID?, at: Date?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .accountID: accountID = try reader.readEntityID()
            case .at: at = try reader.readDate()
            }
        }
        return OlderScheduleEntry(accountID: try present(accountID, StoreField.accountID, start),
                                  at: try present(at, StoreField.at, start))
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.accountID.rawValue, accountID)
        writer.member(StoreField.at.rawValue, at)
        writer.endObject()
    }
}
