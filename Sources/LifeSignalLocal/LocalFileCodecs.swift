import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StrictJSON

/// `session-<identity>.json`, read by hand like the store's files (see
/// `StoreFileData`): every command reads it.
extension SessionData: StoreFileData {
    enum StoreField: String, CaseIterable {
        case accountID, store, token
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> SessionData {
        let start = reader.valueStart()
        var store: String?, accountID: EntityID?, token: String?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .accountID: accountID = try reader.readEntityID()
            case .store: store = try reader.readString()
            case .token: token = try reader.readString()
            }
        }
        return SessionData(store: try present(store, StoreField.store, start),
                           accountID: try present(accountID, StoreField.accountID, start),
                           token: try present(token, StoreField.token, start))
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.accountID.rawValue, accountID)
        writer.member(StoreField.store.rawValue, store)
        writer.member(StoreField.token.rawValue, token)
        writer.endObject()
    }
}

/// `settings.json`: every member may be absent.
extension LocalSettings: StoreFileData {
    enum StoreField: String, CaseIterable {
        case notifyCommand, notifyCommandSince, smsCommand
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> LocalSettings {
        var settings = LocalSettings()
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .notifyCommand: settings.notifyCommand = try reader.readOptionalString()
            case .notifyCommandSince: settings.notifyCommandSince = try reader.readOptionalDate()
            case .smsCommand: settings.smsCommand = try reader.readOptionalString()
            }
        }
        return settings
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.notifyCommand.rawValue, ifPresent: notifyCommand)
        writer.member(StoreField.notifyCommandSince.rawValue, ifPresent: notifyCommandSince)
        writer.member(StoreField.smsCommand.rawValue, ifPresent: smsCommand)
        writer.endObject()
    }
}
