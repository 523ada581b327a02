import Foundation
import LifeSignalCore
import Testing
import TestSupport
import SystemFiles

/// A store where every kind of file exists, built through the binary, with
/// a pristine copy of the store and of Ada's state and config directories.
final class DamageWorld {
    let sandbox = Sandbox("damage", inMemory: true, storeKind: .directory)
    let ada: Person, bob: Person, cy: Person
    let ids: [String: String]
    let cyCode: String
    private var pristine: [(live: URL, copy: URL)] = []

    /// "Now" for every command: the story's last minute.
    static let now = "2026-03-01T10:00:00Z"

    init() throws {
        ada = sandbox.person("ada", now: Self.now)
        bob = sandbox.person("bob", now: Self.now)
        cy = sandbox.person("cy", now: Self.now)
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        try cy.signUp(phone: "+15550000003", first: "Cy")
        cyCode = try cy.qrCode()
        ids = ["ada": try ada.accountID(), "bob": try bob.accountID()]
        try require(ada.run(["contacts", "add", try bob.qrCode(), "--responder", "--dependent"]))
        try require(ada.run(["checkin"]))
        try require(bob.run(["ping", "send", "Ada"]))
        try require(ada.run(["settings", "set", "notify-command", "true"]))
        // An invitation to a number without an account: accounts/<ada>/invitations.json, invitations/15550000005.json.
        try require(ada.run(["contacts", "add", "--phone", "+15550000005", "--responder"]))
        // A code waiting for a fourth number: logins/15550000004.json.
        try require(sandbox.person("dee", now: Self.now).run(["login", "--phone", "+15550000004"]))
        // Bob's tick: the store's last look (looked.json); Ada's notify command made her delivery.json.
        try require(bob.run(["tick"]))
        for live in [sandbox.store, ada.stateDirectory, ada.configDirectory] {
            let copy = sandbox.root.appendingPathComponent("pristine-\(pristine.count)")
            try FileManager.default.copyItem(at: live, to: copy)
            pristine.append((live, copy))
        }
    }

    private func require(_ result: RunResult) throws {
        guard result.succeeded else { throw HarnessFailure("setting up the damaged-file store failed: \(result)") }
    }

    func restore() throws {
        for (live, copy) in pristine {
            try FileManager.default.removeItem(at: live)
            try FileManager.default.copyItem(at: copy, to: live)
        }
    }

    /// The paths whose presence or bytes differ between two snapshots.
    static func changes(_ before: [String: Data?], _ after: [String: Data?]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// Everything a damaged file must leave alone: the store and Ada's local files.
    func snapshot() -> [String: Data?] {
        var all: [String: Data?] = [:]
        for (index, (live, _)) in pristine.enumerated() {
            for (path, data) in sandbox.snapshot(live) { all["\(index)/\(path)"] = data }
        }
        return all
    }

    /// The one file of a kind (relative to the store unless absolute).
    func file(_ kind: StoreFileKind) throws -> URL {
        let store = sandbox.store
        let ada = ids["ada"] ?? ""
        switch kind {
        case .meta: return store.appendingPathComponent("store.json")
        case .account: return store.appendingPathComponent("accounts/\(ada)/account.json")
        case .contacts: return store.appendingPathComponent("accounts/\(ada)/contacts.json")
        case .pings: return store.appendingPathComponent("accounts/\(ada)/pings.json")
        case .checkIns: return store.appendingPathComponent("accounts/\(ada)/checkins/0.json")
        case .accountWake: return store.appendingPathComponent("accounts/\(ada)/wake.json")
        case .feedSummary: return store.appendingPathComponent("accounts/\(ada)/feed/summary.json")
        case .feedTypes: return store.appendingPathComponent("accounts/\(ada)/feed/types.json")
        case .feedSegment: return store.appendingPathComponent("accounts/\(ada)/feed/0.json")
        case .phoneIndex: return store.appendingPathComponent("phones/15550000001.json")
        case .codeIndex:
            // Named by the code's HMAC under the store's key (`CodeIndexName`).
            let meta = try JSONSerialization.jsonObject(with: Data(contentsOf: store.appendingPathComponent("store.json")))
            let key = try #require(((meta as? [String: Any])?["data"] as? [String: Any])?["codeKey"] as? String)
            let name = Hex.encode(PBKDF2.hmac(key: Array(key.utf8), message: Array(cyCode.utf8)))
            return store.appendingPathComponent("codes/\(name).json")
        case .session:
            let token = try #require(try sessionToken(), "Ada has no session token")
            return store.appendingPathComponent("sessions/\(SHA256.hexDigest(token)).json")
        case .pendingLogin: return store.appendingPathComponent("logins/15550000004.json")
        case .localSession:
            let names = try FileManager.default.contentsOfDirectory(atPath: self.ada.stateDirectory.path)
            let name = try #require(names.first { $0.hasPrefix("session-") }, "no session file")
            return self.ada.stateDirectory.appendingPathComponent(name)
        case .settings: return self.ada.configDirectory.appendingPathComponent("settings.json")
        case .journal: return store.appendingPathComponent("journal")
        case .invitations: return store.appendingPathComponent("accounts/\(ada)/invitations.json")
        case .waitingInvitations: return store.appendingPathComponent("invitations/15550000005.json")
        case .deliverySetup: return store.appendingPathComponent("accounts/\(ada)/delivery.json")
        case .lastLook: return store.appendingPathComponent("looked.json")
        }
    }

    /// The store's lock file, which holds the journal's applied mark.
    var storeLock: URL { sandbox.store.appendingPathComponent("lock") }

    /// Ada's session token, from her session file.
    func sessionToken() throws -> String? {
        let names = try FileManager.default.contentsOfDirectory(atPath: ada.stateDirectory.path)
        guard let name = names.first(where: { $0.hasPrefix("session-") }),
              let data = FileManager.default.contents(atPath: ada.stateDirectory.appendingPathComponent(name).path),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let inner = object["data"] as? [String: Any] else { return nil }
        return inner["token"] as? String
    }
}
