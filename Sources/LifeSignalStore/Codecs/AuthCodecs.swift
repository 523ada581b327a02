import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// `sessions/<hash>.json`: a signed-in session under the hash of its token.
extension SessionRecord: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case accountID, createdAt, id, lastUsedAt, machine
        @usableFromInline
        static let names = JSONNames(["accountID", "createdAt", "id", "lastUsedAt", "machine"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> SessionRecord {
        let start = reader.valueStart()
        var accountID: EntityID?, createdAt: Date?, id: EntityID?, lastUsedAt: Date?, machine: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .accountID: accountID = try reader.readEntityID()
            case .createdAt: createdAt = try reader.readDate()
            case .id: id = try reader.readOptionalEntityID()
            case .lastUsedAt: lastUsedAt = try reader.readOptionalDate()
            case .machine: machine = try reader.readOptionalString()
            }
        }
        return SessionRecord(accountID: try present(accountID, StoreField.accountID, start),
                             createdAt: try present(createdAt, StoreField.createdAt, start),
                             id: id, machine: machine, lastUsedAt: lastUsedAt)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.accountID.name, accountID)
        writer.member(StoreField.createdAt.name, createdAt)
        writer.member(StoreField.id.name, ifPresent: id)
        writer.member(StoreField.lastUsedAt.name, ifPresent: lastUsedAt)
        writer.member(StoreField.machine.name, ifPresent: machine)
        writer.endObject()
    }
}

/// `limits/signups.json`: how many accounts and first codes the current day has seen.
extension SignUpWindow: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case accounts, codes, start
        @usableFromInline
        static let names = JSONNames(["accounts", "codes", "start"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> SignUpWindow {
        let begin = reader.valueStart()
        var accounts: Int?, codes: Int?, start: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .accounts: accounts = try reader.readInt()
            case .codes: codes = try reader.readInt()
            case .start: start = try reader.readDate()
            }
        }
        return SignUpWindow(start: try present(start, StoreField.start, begin),
                            accounts: try present(accounts, StoreField.accounts, begin),
                            codes: try present(codes, StoreField.codes, begin))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.accounts.name, accounts)
        writer.member(StoreField.codes.name, codes)
        writer.member(StoreField.start.name, start)
        writer.endObject()
    }
}

/// An element of `accounts/<id>/ended-sessions.json`: a session that ended recently.
extension EndedSession: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case createdAt, endedAt, id, lastUsedAt, machine
        @usableFromInline
        static let names = JSONNames(["createdAt", "endedAt", "id", "lastUsedAt", "machine"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> EndedSession {
        let start = reader.valueStart()
        var createdAt: Date?, endedAt: Date?, id: EntityID?, lastUsedAt: Date?, machine: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .createdAt: createdAt = try reader.readDate()
            case .endedAt: endedAt = try reader.readDate()
            case .id: id = try reader.readEntityID()
            case .lastUsedAt: lastUsedAt = try reader.readDate()
            case .machine: machine = try reader.readString()
            }
        }
        return EndedSession(id: try present(id, StoreField.id, start), machine: try present(machine, StoreField.machine, start),
                            createdAt: try present(createdAt, StoreField.createdAt, start),
                            lastUsedAt: try present(lastUsedAt, StoreField.lastUsedAt, start),
                            endedAt: try present(endedAt, StoreField.endedAt, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.createdAt.name, createdAt)
        writer.member(StoreField.endedAt.name, endedAt)
        writer.member(StoreField.id.name, id)
        writer.member(StoreField.lastUsedAt.name, lastUsedAt)
        writer.member(StoreField.machine.name, machine)
        writer.endObject()
    }
}

/// An element of a list of names (`accounts/<id>/sessions.json`: the
/// hashes of the account's sessions).
extension String: StoreFileElement {
    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> String {
        try reader.readString()
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.string(self)
    }
}

/// `logins/<number>.json`: a verification code waiting to be entered.
extension PendingLogin: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case codeHash, expiresAt, failedAttempts, iterations, phoneNumber, salt, sendsInWindow, sentAt, windowStart
        @usableFromInline
        static let names = JSONNames(["codeHash", "expiresAt", "failedAttempts", "iterations", "phoneNumber", "salt",
                                    "sendsInWindow", "sentAt", "windowStart"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> PendingLogin {
        let start = reader.valueStart()
        var phoneNumber: String?, salt: String?, codeHash: String?, sentAt: Date?, expiresAt: Date?
        var failedAttempts: Int?, sendsInWindow: Int?, windowStart: Date?, iterations: Int?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .codeHash: codeHash = try reader.readString()
            case .iterations: iterations = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .expiresAt: expiresAt = try reader.readDate()
            case .failedAttempts: failedAttempts = try reader.readInt()
            case .phoneNumber: phoneNumber = try reader.readString()
            case .salt: salt = try reader.readString()
            case .sendsInWindow: sendsInWindow = try reader.readInt()
            case .sentAt: sentAt = try reader.readDate()
            case .windowStart: windowStart = try reader.readDate()
            }
        }
        var login = PendingLogin(phoneNumber: try present(phoneNumber, StoreField.phoneNumber, start),
                                 salt: try present(salt, StoreField.salt, start),
                                 codeHash: try present(codeHash, StoreField.codeHash, start),
                                 iterations: iterations,
                                 sentAt: try present(sentAt, StoreField.sentAt, start),
                                 expiresAt: try present(expiresAt, StoreField.expiresAt, start),
                                 sendsInWindow: try present(sendsInWindow, StoreField.sendsInWindow, start),
                                 windowStart: try present(windowStart, StoreField.windowStart, start))
        login.failedAttempts = try present(failedAttempts, StoreField.failedAttempts, start)
        return login
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.codeHash.name, codeHash)
        writer.member(StoreField.expiresAt.name, expiresAt)
        writer.member(StoreField.failedAttempts.name, failedAttempts)
        if let iterations { writer.member(StoreField.iterations.name, iterations) }
        writer.member(StoreField.phoneNumber.name, phoneNumber)
        writer.member(StoreField.salt.name, salt)
        writer.member(StoreField.sendsInWindow.name, sendsInWindow)
        writer.member(StoreField.sentAt.name, sentAt)
        writer.member(StoreField.windowStart.name, windowStart)
        writer.endObject()
    }

    /// Rounds lifesignal never writes would make checking a code take no
    /// time (0) or for ever (a planted billion).
    @usableFromInline
    package var validationProblem: String? {
        guard let iterations, !(1...10_000_000).contains(iterations) else { return nil }
        return "its iterations \(iterations) are out of range"
    }
}

/// `phones/<number>.json` and `codes/<code>.json`: which account a number or code is.
extension IndexEntry: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case accountID
        @usableFromInline
        static let names = JSONNames(["accountID"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> IndexEntry {
        let start = reader.valueStart()
        var accountID: EntityID?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .accountID: accountID = try reader.readEntityID()
            }
        }
        return IndexEntry(accountID: try present(accountID, StoreField.accountID, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.accountID.name, accountID)
        writer.endObject()
    }
}

/// `store.json`: the store's identity card.
///
/// Its schema is version 2 since the code index has keyed names: a
/// lifesignal that reads only version 1 refuses such a store as written by
/// a newer one, and never writes a code's name in plain sight into it.
extension StoreMeta: StoreFileData {
    package static var schemaVersion: Int { 2 }

    enum StoreField: UInt8, StoreFieldSet {
        case codeKey, codesToRename, createdAt, id, simulatedTime
        @usableFromInline
        static let names = JSONNames(["codeKey", "codesToRename", "createdAt", "id", "simulatedTime"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> StoreMeta {
        let start = reader.valueStart()
        var createdAt: String?, id: String?, simulatedTime: Bool?, codeKey: String?, codesToRename: Bool?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .codeKey: codeKey = try reader.readOptionalString()
            case .codesToRename: codesToRename = try reader.readOptionalBool()
            case .createdAt: createdAt = try reader.readString()
            case .id: id = try reader.readOptionalString()
            case .simulatedTime: simulatedTime = try reader.readOptionalBool()
            }
        }
        var meta = StoreMeta(createdAt: try present(createdAt, StoreField.createdAt, start), id: id)
        meta.simulatedTime = simulatedTime
        meta.codeKey = codeKey
        meta.codesToRename = codesToRename
        return meta
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.codeKey.name, ifPresent: codeKey)
        writer.member(StoreField.codesToRename.name, ifPresent: codesToRename)
        writer.member(StoreField.createdAt.name, createdAt)
        writer.member(StoreField.id.name, ifPresent: id)
        writer.member(StoreField.simulatedTime.name, ifPresent: simulatedTime)
        writer.endObject()
    }

    @usableFromInline
    package var validationProblem: String? {
        if let id, !Self.isIdentity(id) { return "its id \(quoted(id)) is not 32 hexadecimal digits" }
        if let codeKey, !CodeIndexName.isKey(codeKey) { return "its codeKey is not 64 hexadecimal digits" }
        return nil
    }
}
