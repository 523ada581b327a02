import Foundation
import Testing
import TestSupport

/// Every account has a time zone: the machine's when it first signs in
/// (an account made before accounts had one takes it at its next sign-in),
/// and `settings set time-zone ZONE` changes it.
@Suite(.serialized, .ownThreads, .enabled(if: SystemTimeZones.isAvailable)) struct AccountTimeZoneTests {
    /// Signs `person` in to the account of `phone` from a machine whose `TZ` is `zone`.
    static func signIn(_ person: Person, phone: String, zone: String) throws {
        let sent = try person.run(["login", "--phone", phone, "--json"], extra: ["TZ": zone])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        let done = try person.run(["login", "--phone", phone, "--code", code, "--first-name", "Ada", "--last-name", "L"],
                                  extra: ["TZ": zone])
        #expect(done.status == 0, "\(done)")
    }

    static func zone(of person: Person) throws -> String {
        try person.run(["settings", "get", "time-zone"]).stdout.trimmingCharacters(in: .newlines)
    }

    @Test func aNewAccountTakesTheMachinesZone() throws {
        let sandbox = Sandbox("zone")
        let ada = sandbox.person("ada")
        try Self.signIn(ada, phone: "+15550000001", zone: "Europe/Madrid")
        #expect(try Self.zone(of: ada) == "Europe/Madrid")
        #expect(try ada.run("settings --json").jsonObject?["timeZone"] as? String == "Europe/Madrid")
        #expect(try ada.run("settings").stdout.contains("Europe/Madrid"))
        #expect(try ada.run("status --json").jsonObject?["timeZone"] as? String == "Europe/Madrid")
        // Signing in again from elsewhere keeps the account's zone.
        let laptop = sandbox.person("laptop")
        try Self.signIn(laptop, phone: "+15550000001", zone: "Asia/Jerusalem")
        #expect(try Self.zone(of: laptop) == "Europe/Madrid")
    }

    @Test func aMachineZoneWithoutANameLeavesTheAccountWithoutOne() throws {
        let sandbox = Sandbox("zone")
        let ada = sandbox.person("ada")
        try Self.signIn(ada, phone: "+15550000001", zone: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(try Self.zone(of: ada) == "")
        #expect(try ada.run("settings --json").jsonObject?["timeZone"] is NSNull)
        #expect(try ada.run("status --json").jsonObject?["timeZone"] is NSNull)
        #expect(try ada.run(["settings", "set", "time-zone", "Europe/Madrid"]).status == 0)
        #expect(try Self.zone(of: ada) == "Europe/Madrid")
    }

    @Test func settingsSetTimeZoneChangesItAndRefusesWhatIsNoZone() throws {
        let sandbox = Sandbox("zone")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        #expect(try Self.zone(of: ada) == "UTC")
        let set = try ada.run(["settings", "set", "time-zone", "America/New_York", "--json"])
        #expect(set.status == 0, "\(set)")
        #expect(set.jsonObject?["time-zone"] as? String == "America/New_York")
        #expect(try Self.zone(of: ada) == "America/New_York")
        let before = try sandbox.storeContents()
        for bad in ["Mars/Olympus_Mons", "../../etc/passwd", "/etc/localtime", "", "europe/madrid"] {
            let refused = try ada.run(["settings", "set", "time-zone", bad])
            #expect(refused.status == 2, "\(bad): \(refused)")
            #expect(refused.stderr.hasPrefix("error: "), "\(bad): \(refused)")
        }
        #expect(try sandbox.storeContents() == before)
    }

    /// An account file written before accounts had a zone reads as before,
    /// and takes the machine's zone at its next sign-in.
    @Test func anAccountWithoutAZoneMigratesAtItsNextSignIn() throws {
        let sandbox = Sandbox("zone")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        #expect(try ada.run("checkin").status == 0)
        let path = "accounts/\(try ada.accountID())/account.json"
        let bytes = try #require(try sandbox.storeFile(path))
        var envelope = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        var account = try #require(envelope["data"] as? [String: Any])
        #expect(account.removeValue(forKey: "timeZone") as? String == "UTC")
        envelope["data"] = account
        try sandbox.setStoreFile(path, try JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys]))
        #expect(try Self.zone(of: ada) == "")
        #expect(try ada.run("status").status == 0)
        try Self.signIn(ada, phone: "+15550000001", zone: "Australia/Sydney")
        #expect(try Self.zone(of: ada) == "Australia/Sydney")
    }
}
