import Foundation
import Testing
import TestSupport

/// An account acts only where it has a link: a stranger's name, phone, ID,
/// ping or notification is "not found" to it, hostile IDs are refused, and
/// nothing anywhere changes.
@Suite(.ownThreads) struct IsolationTests {
    /// Ada and Bob are linked; Cy is a stranger to Ada, linked to Bob, with
    /// a notification and a pending ping of her own.
    final class World {
        let sandbox = Sandbox("isolation", inMemory: true, storeKind: .directory)
        let ada: Person, bob: Person, cy: Person
        let cyID: String, cyNotification: String, cyPing: String

        init() throws {
            ada = sandbox.person("ada")
            bob = sandbox.person("bob")
            cy = sandbox.person("cy")
            try ada.signUp(phone: "+15550000001", first: "Ada")
            try bob.signUp(phone: "+15550000002", first: "Bob")
            try cy.signUp(phone: "+15550000003", first: "Cy")
            try ada.linkBothWays(with: bob)
            try bob.linkBothWays(with: cy)
            let pinged = try bob.run(["ping", "send", "Cy", "--json"])
            cyID = try cy.accountID()
            cyPing = try #require(pinged.jsonObject?["id"] as? String, "\(pinged)")
            let feed = try cy.run(["notifications", "--json"])
            cyNotification = try #require(feed.jsonArray?.first?["id"] as? String, "\(feed)")
        }

        /// The store and everyone's local files.
        func snapshot() -> [String: Data?] {
            var all: [String: Data?] = [:]
            for (path, data) in sandbox.snapshot(sandbox.root) where !path.hasPrefix("ls-out-") { all[path] = data }
            return all
        }
    }

    static let tenKilobytes = String(repeating: "a", count: 10_240)

    /// Each command with a stranger's handle or a hostile ID, run as Ada.
    static func attempts(_ world: World) -> [[String]] {
        let handles = ["Cy", "+15550000003", world.cyID, String(world.cyID.prefix(8)), "../x",
                       "../../accounts/\(world.cyID)", "..", "/etc/passwd", "%2e%2e%2fx", "*", "", " ", "\n",
                       tenKilobytes, "Cy\u{0007}", "ＣＹ"]
        var attempts: [[String]] = []
        for handle in handles {
            attempts += [
                ["ping", "send", handle], ["contacts", "show", handle], ["contacts", "role", handle, "--responder"],
                ["contacts", "remove", handle, "--yes"],
            ]
        }
        let ids = [world.cyNotification, String(world.cyNotification.prefix(8)), world.cyPing,
                   String(world.cyPing.prefix(8)), "../x", "../../\(world.cyID)/feed/0", tenKilobytes, "", "-"]
        for id in ids {
            attempts += [
                ["notifications", "read", id], ["notifications", "delete", id, "--yes"], ["ping", "respond", id],
            ]
        }
        return attempts
    }

    @Test func strangersAndHostileIDsAreRefusedAndNothingChanges() throws {
        let world = try World()
        let before = world.snapshot()
        var outcomes: [Int32: Int] = [:]
        for arguments in Self.attempts(world) {
            let result = try world.ada.run(arguments, timeout: 20)
            let shown = arguments.map { $0.count > 40 ? "<\($0.count) characters>" : $0 }
            outcomes[result.status, default: 0] += 1
            #expect(!result.signalled && [2, 4, 5].contains(result.status), "\(shown): \(result)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.first?.hasPrefix("error: ") == true, "\(shown): \(result)")
            #expect(result.stdout.isEmpty, "\(shown) printed: \(result.stdout.prefix(200))")
            #expect(result.stderr.count < 2_000 || arguments.contains { $0.count > 1000 }, "\(shown): a long error")
        }
        let changed = DamageWorld.changes(before, world.snapshot())
        #expect(changed.isEmpty, "refused commands changed files: \(changed)")
        print("isolation: \(Self.attempts(world).count) attempts, exits \(outcomes.sorted { $0.key < $1.key })")

        let cyFeed = try world.cy.run(["notifications", "--json"]).jsonArray ?? []
        #expect(cyFeed.first { $0["id"] as? String == world.cyNotification }?["isRead"] as? Bool == false)
        let cyPings = try world.cy.run(["ping", "list", "--json"]).jsonObject?["received"] as? [[String: Any]] ?? []
        #expect(cyPings.first { $0["id"] as? String == world.cyPing }?["status"] as? String == "pending")
    }

    /// A stranger's QR code may be added (that is how links start), but the
    /// code of a removed link or garbage never reaches a path.
    @Test func hostileCodesAreRefused() throws {
        let world = try World()
        let before = world.snapshot()
        for code in ["../x", "../../sessions/x", Self.tenKilobytes, "AAAAA-AAAAA-AAAAA-AAAA/", "", "FD92G-PHC2Z-XC43H-Q9EBP"] {
            let result = try world.ada.run(["contacts", "add", code, "--responder"])
            #expect(!result.signalled && [2, 4, 5].contains(result.status), "\(code.prefix(40)): \(result)")
        }
        #expect(DamageWorld.changes(before, world.snapshot()).isEmpty)
    }
}
