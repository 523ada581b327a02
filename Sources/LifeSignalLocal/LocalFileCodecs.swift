import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StrictJSON

/// `session-<identity>.json`, read by hand like the store's files (see
/// `StoreFileData`): every command reads it; so are the other files kept
/// outside the store (settings, the identity hint, the etcd token).
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
        case etcdCACert, etcdCert, etcdKey, notifyCommand, notifyCommandSince, smsCommand
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> LocalSettings {
        var settings = LocalSettings()
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .etcdCACert: settings.etcdCACert = try reader.readOptionalString()
            case .etcdCert: settings.etcdCert = try reader.readOptionalString()
            case .etcdKey: settings.etcdKey = try reader.readOptionalString()
            case .notifyCommand: settings.notifyCommand = try reader.readOptionalString()
            case .notifyCommandSince: settings.notifyCommandSince = try reader.readOptionalDate()
            case .smsCommand: settings.smsCommand = try reader.readOptionalString()
            }
        }
        return settings
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.etcdCACert.rawValue, ifPresent: etcdCACert)
        writer.member(StoreField.etcdCert.rawValue, ifPresent: etcdCert)
        writer.member(StoreField.etcdKey.rawValue, ifPresent: etcdKey)
        writer.member(StoreField.notifyCommand.rawValue, ifPresent: notifyCommand)
        writer.member(StoreField.notifyCommandSince.rawValue, ifPresent: notifyCommandSince)
        writer.member(StoreField.smsCommand.rawValue, ifPresent: smsCommand)
        writer.endObject()
    }
}

/// `identity-<digest>.json` in the cache: a store's identity when last
/// seen, the files recent commands read on their own, and which of those
/// did not exist when last seen (each list absent or null when empty, left
/// out when nil).
extension StoreIdentityHint.Hint: StoreFileData {
    enum StoreField: String, CaseIterable {
        case absent, files, identity
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> StoreIdentityHint.Hint {
        let start = reader.valueStart()
        var identity: String?, files: [String]?, absent: [String]?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .absent: absent = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() }
            case .files: files = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() }
            case .identity: identity = try reader.readString()
            }
        }
        return StoreIdentityHint.Hint(identity: try present(identity, StoreField.identity, start), files: files, absent: absent)
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let absent { writer.member(StoreField.absent.rawValue, absent) }
        if let files { writer.member(StoreField.files.rawValue, files) }
        writer.member(StoreField.identity.rawValue, identity)
        writer.endObject()
    }
}

/// `etcd-token-<digest>.json`: an etcd user's kept sign-in token.
extension EtcdTokenFile.Token: StoreFileData {
    enum StoreField: String, CaseIterable {
        case token
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> EtcdTokenFile.Token {
        let start = reader.valueStart()
        var token: String?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
            switch field {
            case .token: token = try reader.readString()
            }
        }
        return EtcdTokenFile.Token(token: try present(token, StoreField.token, start))
    }

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.token.rawValue, token)
        writer.endObject()
    }
}
