import Foundation
import Testing
import TestSupport

/// What someone else who could write Ada's store (or her settings) might
/// plant there: every command refuses it in one line with exit 8, the thing
/// it points at and the store stay exactly as they were, and `doctor`
/// reports it.
@Suite(.serialized, .ownThreads) struct PlantedStoreTests {
    struct Plant: Sendable, CustomTestStringConvertible {
        let id: String
        /// Relative to the store (or to Ada's config directory, with
        /// `local`, or to her state directory, where her session is, with
        /// `state`; a `*` in it matches her session file's name).
        let path: String
        var local = false
        var state = false
        let plant: @Sendable (_ path: String, _ victim: String) throws -> Void
        var testDescription: String { id }
    }

    static let strangerID: uid_t = 54_321

    static func relink(_ path: String, to target: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    static let plants: [Plant] = [
        Plant(id: "lock → someone's file", path: "lock") { path, victim in try relink(path, to: victim) },
        Plant(id: "gate → someone's file", path: "gate") { path, victim in try relink(path, to: victim) },
        Plant(id: "journal → someone's file", path: "journal") { path, victim in try relink(path, to: victim) },
        Plant(id: "an account file → someone's file", path: "accounts/ADA/account.json") { path, victim in
            try relink(path, to: victim)
        },
        Plant(id: "the accounts directory → elsewhere", path: "accounts") { path, victim in
            try FileManager.default.moveItem(atPath: path, toPath: (victim as NSString).deletingLastPathComponent + "/moved")
            try relink(path, to: (victim as NSString).deletingLastPathComponent + "/moved")
        },
        Plant(id: "a world-readable journal", path: "journal") { path, _ in #expect(chmod(path, 0o644) == 0) },
        Plant(id: "the store open to everyone", path: "") { path, _ in #expect(chmod(path, 0o777) == 0) },
        Plant(id: "the store open to its group", path: "") { path, _ in #expect(chmod(path, 0o770) == 0) },
        Plant(id: "settings.json → someone's file", path: "settings.json", local: true) { path, victim in
            try relink(path, to: victim)
        },
        Plant(id: "the settings directory open to everyone", path: "", local: true) { path, _ in
            #expect(chmod(path, 0o777) == 0)
        },
        Plant(id: "the session file → someone's file", path: "session-*", state: true) { path, victim in
            try relink(path, to: victim)
        },
        Plant(id: "a readable session file", path: "session-*", state: true) { path, _ in
            #expect(chmod(path, 0o640) == 0)
        },
        Plant(id: "the state directory open to its group", path: "", state: true) { path, _ in
            #expect(chmod(path, 0o770) == 0)
        },
    ]

    static let rootPlants: [Plant] = [
        Plant(id: "the store belongs to someone else", path: "") { path, _ in
            #expect(chown(path, strangerID, strangerID) == 0)
        },
        Plant(id: "an account file belongs to someone else", path: "accounts/ADA/account.json") { path, _ in
            #expect(chown(path, strangerID, strangerID) == 0)
        },
        Plant(id: "settings.json belongs to someone else", path: "settings.json", local: true) { path, _ in
            #expect(chown(path, strangerID, strangerID) == 0)
        },
    ]

    @Test(arguments: plants)
    func aPlantIsRefusedInOneLineAndReported(_ plant: Plant) throws {
        try check(plant)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"), arguments: rootPlants)
    func aForeignOwnerIsRefusedInOneLineAndReported(_ plant: Plant) throws {
        try check(plant)
    }

    private func check(_ plant: Plant) throws {
        // What is planted is the file system's: a directory store's.
        let sandbox = Sandbox("planted", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run(["settings", "set", "notify-command", "true"]).status == 0)
        let victims = sandbox.root.appendingPathComponent("victim")
        Sandbox.makePrivateDirectory(victims)
        let victim = victims.appendingPathComponent("authorized_keys").path
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("ssh-ed25519 AAAA precious\n".utf8),
                                               attributes: [.posixPermissions: 0o600]))
        let base = plant.local ? ada.configDirectory.path : plant.state ? ada.stateDirectory.path : sandbox.store.path
        var relative = plant.path.replacingOccurrences(of: "ADA", with: try ada.accountID())
        if relative == "session-*" {
            let names = try FileManager.default.contentsOfDirectory(atPath: base)
            relative = try #require(names.first { $0.hasPrefix("session-") }, "no session file in \(names)")
        }
        let path = relative.isEmpty ? base : base + "/" + relative
        try plant.plant(path, victim)
        let before = sandbox.snapshot(sandbox.root)

        let commands = plant.local ? [["settings"], ["settings", "set", "notify-command", "cat"]] : [["status"], ["checkin"]]
        for arguments in commands {
            let result = try ada.run(arguments)
            #expect(result.status == 8, "\(plant.id): \(arguments): \(result)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("error: refusing to use /") && lines[1].hasPrefix("hint: "),
                    "\(plant.id): \(arguments): \(result.stderr)")
        }
        #expect(sandbox.snapshot(sandbox.root) == before, "\(plant.id): something changed")

        let doctor = try ada.run(["doctor"])
        #expect(doctor.status == 8, "\(plant.id): \(doctor)")
        #expect(doctor.stdout.contains("unsafe  \(path): "), "\(plant.id): \(doctor.stdout)")
        let report = try ada.run(["doctor", "--json"]).object()
        let findings = report["findings"] as? [[String: Any]] ?? []
        #expect(findings.contains { $0["severity"] as? String == "unsafe" && $0["path"] as? String == path },
                "\(plant.id): \(findings)")
        #expect(sandbox.snapshot(sandbox.root) == before, "\(plant.id): doctor changed something")
    }
}
