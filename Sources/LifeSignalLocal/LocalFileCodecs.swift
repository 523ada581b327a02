import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// `session-<identity>.json`, read by hand like the store's files (see
/// `StoreFileData`): every command reads it; so are the other files kept
/// outside the store (settings, the identity hint, the etcd token).
extension SessionData: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case accountID, codeKey, store, token
        @usableFromInline
        static let names = JSONNames(["accountID", "codeKey", "store", "token"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> SessionData {
        let start = reader.valueStart()
        var store: String?, accountID: EntityID?, token: String?, codeKey: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .accountID: accountID = try reader.readEntityID()
            case .codeKey: codeKey = try reader.readOptionalString()
            case .store: store = try reader.readString()
            case .token: token = try reader.readString()
            }
        }
        return SessionData(store: try present(store, StoreField.store, start),
                           accountID: try present(accountID, StoreField.accountID, start),
                           token: try present(token, StoreField.token, start), codeKey: codeKey)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.accountID.name, accountID)
        writer.member(StoreField.codeKey.name, ifPresent: codeKey)
        writer.member(StoreField.store.name, store)
        writer.member(StoreField.token.name, token)
        writer.endObject()
    }
}

/// `settings.json`: every member may be absent.
extension LocalSettings: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case etcdCACert, etcdCert, etcdKey, notifyCommand, notifyCommandSince, smsCommand
        @usableFromInline
        static let names = JSONNames(["etcdCACert", "etcdCert", "etcdKey", "notifyCommand", "notifyCommandSince",
                                    "smsCommand"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> LocalSettings {
        var settings = LocalSettings()
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
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

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.etcdCACert.name, ifPresent: etcdCACert)
        writer.member(StoreField.etcdCert.name, ifPresent: etcdCert)
        writer.member(StoreField.etcdKey.name, ifPresent: etcdKey)
        writer.member(StoreField.notifyCommand.name, ifPresent: notifyCommand)
        writer.member(StoreField.notifyCommandSince.name, ifPresent: notifyCommandSince)
        writer.member(StoreField.smsCommand.name, ifPresent: smsCommand)
        writer.endObject()
    }
}

/// `identity-<digest>.json` in the cache: a store's identity when last
/// seen, the files recent commands read on their own, and which of those
/// did not exist when last seen (each list absent or null when empty, left
/// out when nil).
extension StoreIdentityHint.Hint: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case absent, files, identity, member
        @usableFromInline
        static let names = JSONNames(["absent", "files", "identity", "member"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> StoreIdentityHint.Hint {
        let start = reader.valueStart()
        var identity: String?, files: [String]?, absent: [String]?, member: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .absent: absent = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() }
            case .files: files = try reader.readOptional { reader throws(JSONReadError) in try reader.readStrings() }
            case .identity: identity = try reader.readString()
            case .member: member = try reader.readOptionalString()
            }
        }
        return StoreIdentityHint.Hint(identity: try present(identity, StoreField.identity, start), files: files, absent: absent,
                                      member: member)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let absent { writer.member(StoreField.absent.name, absent) }
        if let files { writer.member(StoreField.files.name, files) }
        writer.member(StoreField.identity.name, identity)
        writer.member(StoreField.member.name, ifPresent: member)
        writer.endObject()
    }
}

/// `etcd-token-<digest>.json`: an etcd user's kept sign-in token.
extension EtcdTokenFile.Token: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case token
        @usableFromInline
        static let names = JSONNames(["token"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> EtcdTokenFile.Token {
        let start = reader.valueStart()
        var token: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .token: token = try reader.readString()
            }
        }
        return EtcdTokenFile.Token(token: try present(token, StoreField.token, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.token.name, token)
        writer.endObject()
    }
}
