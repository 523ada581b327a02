import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// An element of a check-in history segment, `checkins/<n>.json`.
extension CheckInRecord: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case command, timestamp
        @usableFromInline
        static let names = JSONNames(["command", "timestamp"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> CheckInRecord {
        let start = reader.valueStart()
        var timestamp: Date?, command: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .command: command = try reader.readOptionalString()
            case .timestamp: timestamp = try reader.readDate()
            }
        }
        return CheckInRecord(timestamp: try present(timestamp, StoreField.timestamp, start), command: command)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.command.name, ifPresent: command)
        writer.member(StoreField.timestamp.name, timestamp)
        writer.endObject()
    }
}

/// `wake.json` of an account: its entry in the schedule.
extension AccountWake: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case at, told, toldThrough, unreadable
        @usableFromInline
        static let names = JSONNames(["at", "told", "toldThrough", "unreadable"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> AccountWake {
        let start = reader.valueStart()
        var at: Date?, unreadable: String?, told: Int?, toldThrough: EntityID?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .at: at = try reader.readDate()
            case .told: told = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .toldThrough: toldThrough = try reader.readOptional { reader throws(JSONReadError) in try reader.readEntityID() }
            case .unreadable: unreadable = try reader.readOptionalString()
            }
        }
        return AccountWake(at: try present(at, StoreField.at, start), unreadable: unreadable, toldThrough: toldThrough, told: told)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.at.name, at)
        if let told { writer.member(StoreField.told.name, told) }
        writer.member(StoreField.toldThrough.name, ifPresent: toldThrough)
        writer.member(StoreField.unreadable.name, ifPresent: unreadable)
        writer.endObject()
    }
}

/// An entry of an hour bucket of an older lifesignal's schedule (read once, to convert it).
extension OlderScheduleEntry: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case accountID, at
        @usableFromInline
        static let names = JSONNames(["accountID", "at"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> OlderScheduleEntry {
        let start = reader.valueStart()
        var accountID: EntityID?, at: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .accountID: accountID = try reader.readEntityID()
            case .at: at = try reader.readDate()
            }
        }
        return OlderScheduleEntry(accountID: try present(accountID, StoreField.accountID, start),
                                  at: try present(at, StoreField.at, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.accountID.name, accountID)
        writer.member(StoreField.at.name, at)
        writer.endObject()
    }
}
