import Foundation
import Testing
import TestSupport

/// Three people watching over each other, for damage to one account's
/// files: Bob and Cy are Ada's responders, Cy is Bob's; Bob pinged Ada; all
/// checked in at 10:00, so Ada's and Bob's deadlines pass together at 10:00
/// the next day. A pristine copy of the store is kept to restore.
final class ContainmentWorld {
    let sandbox = Sandbox("containment", inMemory: true, storeKind: .directory)
    let ada: Person, bob: Person, cy: Person
    let adaID: String
    private var pristine: URL { sandbox.root.appendingPathComponent("pristine-store") }

    static let start = "2026-03-01T10:00:00Z"
    /// An hour after Ada's and Bob's deadlines.
    static let late = "2026-03-02T11:00:00Z"
    /// The look after `late`.
    static let later = "2026-03-02T11:30:00Z"

    init() throws {
        ada = sandbox.person("ada", now: Self.start)
        bob = sandbox.person("bob", now: Self.start)
        cy = sandbox.person("cy", now: Self.start)
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        try cy.signUp(phone: "+15550000003", first: "Cy")
        adaID = try ada.accountID()
        try Self.require(ada.run(["contacts", "add", try bob.qrCode(), "--responder"]))
        try Self.require(ada.run(["contacts", "add", try cy.qrCode(), "--responder"]))
        try Self.require(bob.run(["contacts", "add", try cy.qrCode(), "--responder"]))
        try Self.require(bob.run(["ping", "send", "Ada"]))
        for person in [ada, bob, cy] { try Self.require(person.run(["checkin"])) }
        // Ada's delivery set-up (accounts/<ada>/delivery.json).
        try Self.require(ada.run(["settings", "set", "notify-command", "true"]))
        try FileManager.default.copyItem(at: sandbox.store, to: pristine)
    }

    private static func require(_ result: RunResult) throws {
        guard result.succeeded else { throw HarnessFailure("setting up the containment store failed: \(result)") }
    }

    func restore() throws {
        try FileManager.default.removeItem(at: sandbox.store)
        try FileManager.default.copyItem(at: pristine, to: sandbox.store)
    }

    /// Ada's file of a per-account kind.
    func file(_ kind: StoreFileKind) throws -> URL {
        let account = sandbox.store.appendingPathComponent("accounts/\(adaID)")
        switch kind {
        case .account: return account.appendingPathComponent("account.json")
        case .contacts: return account.appendingPathComponent("contacts.json")
        case .pings: return account.appendingPathComponent("pings.json")
        case .checkIns: return account.appendingPathComponent("checkins/0.json")
        case .accountWake: return account.appendingPathComponent("wake.json")
        case .feedSummary: return account.appendingPathComponent("feed/summary.json")
        case .feedTypes: return account.appendingPathComponent("feed/types.json")
        case .feedSegment: return account.appendingPathComponent("feed/0.json")
        case .deliverySetup: return account.appendingPathComponent("delivery.json")
        default: throw HarnessFailure("\(kind) is not a per-account file")
        }
    }

    /// The kinds of file each account has of its own.
    static let perAccountKinds: [StoreFileKind] = [.account, .contacts, .pings, .checkIns, .accountWake, .feedSummary, .feedTypes,
                                                   .feedSegment, .deliverySetup]

    /// What containment promises of everyone but Ada while a file of hers
    /// cannot be used (damaged, or refused as planted), checked for `label`:
    /// everyone else's commands work, twice over, and Bob's own missed
    /// deadline still reaches Cy; with `told`, each of Ada's responders got
    /// that notice exactly once. `meanwhile` runs at the later look, before
    /// Bob's and Cy's clocks go back to the start.
    func expectEveryoneElseWatched(_ label: String, told: String?, meanwhile: () throws -> Void = {}) throws {
        let late = ["LIFESIGNAL_NOW": Self.late], later = ["LIFESIGNAL_NOW": Self.later]
        for (person, arguments, extra) in [(cy, ["tick"], late), (bob, ["status"], late), (bob, ["checkin"], late),
                                           (cy, ["tick"], later), (bob, ["notifications"], later)] {
            let result = try person.run(arguments, extra: extra)
            #expect(result.succeeded, "\(label): \(person.name) \(arguments): \(result)")
        }
        cy.environment.merge(later) { $1 }
        bob.environment.merge(later) { $1 }
        defer {
            cy.environment.merge(["LIFESIGNAL_NOW": Self.start]) { $1 }
            bob.environment.merge(["LIFESIGNAL_NOW": Self.start]) { $1 }
        }
        let cyTitles = try titles(cy)
        #expect(cyTitles.filter { $0 == "Bob Test missed a check-in" }.count == 1, "\(label): \(cyTitles)")
        if let told {
            for responder in [bob, cy] {
                let titles = try titles(responder)
                #expect(titles.filter { $0 == told }.count == 1, "\(label): \(responder.name) was not told once: \(titles)")
            }
        }
        try meanwhile()
    }

    /// Titles in `person`'s feed, newest first.
    func titles(_ person: Person) throws -> [String] {
        let feed = try person.run(["notifications", "--limit", "1000", "--json"])
        guard let items = feed.jsonArray else { throw HarnessFailure("\(person.name)'s feed: \(feed)") }
        return items.compactMap { $0["title"] as? String }
    }
}
