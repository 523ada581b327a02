import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

extension Sessions: RunnableCommand {
    /// Lists the signed-in account's sessions, oldest first.
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let token = SHA256.hexDigest(try c.session().token)
        let sessions = try c.reading { store, account in
            try SessionText.service(store, c).list(of: account.id, currentTokenHash: token)
        }
        if c.json {
            c.printJSON(.array(sessions.map(SessionText.json)))
            return success
        }
        var table = TextTable(header: ["ID", "MACHINE", "SIGNED IN", "LAST USED"], columns: [.fixed, .fixed, .fixed, .flexible])
        for session in sessions {
            let used = session.endedAt.map { "ended " + RelativeTime.describe($0, now: now) }
                ?? RelativeTime.describe(session.lastUsedAt, now: now) + (session.isCurrent ? " (this session)" : "")
            table.add([session.id.short, TerminalText.line(session.machine), TimeText.both(session.createdAt, now: now), used])
        }
        c.print(table)
        if sessions.filter({ $0.endedAt == nil }).count > 1 {
            c.hint("lifesignal sessions end ID (or --others) ends what is not yours")
        }
        return success
    }
}

extension SessionsEnd: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let token = SHA256.hexDigest(try c.session().token)
        let ended = try c.writing { store, account -> [SessionService.Session] in
            let service = try SessionText.service(store, c)
            switch target {
            case .one(let query): return [try service.end(query, of: account.id, currentTokenHash: token)]
            case .others: return try service.endOthers(of: account.id, currentTokenHash: token)
            }
        }
        let endedThisOne = ended.contains(where: \.isCurrent)
        if endedThisOne { try c.sessionFile().clear() }
        if c.json {
            c.printJSON(.object([("ended", .array(ended.map(SessionText.json))), ("signedOut", .bool(endedThisOne))]))
        } else if endedThisOne {
            c.say("Ended this session; you are signed out here.")
        } else if ended.count == 1, let session = ended.first {
            c.say("Ended session \(session.id.short) on \(TerminalText.line(session.machine)).")
        } else {
            c.say(ended.isEmpty ? "No other sessions." : "Ended \(ended.count) other sessions.")
        }
        return success
    }
}

/// How sessions read.
enum SessionText {
    static func service(_ store: any StoreWriting, _ c: Context) throws -> SessionService {
        SessionService(store: store, env: try c.core())
    }

    static func json(_ session: SessionService.Session) -> JSONValue {
        .object([("id", .id(session.id)), ("machine", .string(session.machine)), ("createdAt", .date(session.createdAt)),
                 ("lastUsedAt", .date(session.lastUsedAt)), ("expiresAt", .date(session.expiresAt)),
                 ("isCurrent", .bool(session.isCurrent)), ("endedAt", session.endedAt.map(JSONValue.date) ?? .null)])
    }
}
