import Foundation
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// Issue 32.4 through the binary: a responder for a whole care home, with a
/// ping pending with each contact, sees the same `status`, `ping list` and
/// `contacts list` on an etcd store as on a directory store, and on etcd the
/// contacts' files come in a few requests, not one each.
@Suite(.serialized, .ownThreads) struct ManyContactsOutputTests {
    /// Ana's contacts: every even one a dependent, every odd one a responder.
    static let contactCount = 100

    @Test(.enabled(if: TestStore.etcdAvailable, Comment(rawValue: EtcdBinary.skipNote)))
    func theSameIsShownOnEveryBackendInAFewRoundTrips() throws {
        var shown: [TestStore.Kind: [String]] = [:]
        for kind in [TestStore.Kind.directory, .etcd] {
            let sandbox = Sandbox("many-contacts", storeKind: kind)
            let ana = sandbox.person("ana")
            try ana.signUp(phone: "+15550000001", first: "Ana", last: "A")
            try #require(try ana.run("checkin").status == 0)
            let anaID = try #require(EntityID(validating: try ana.accountID()))
            let crowd = try Crowd(sandbox)
            try Self.circle(of: anaID, crowd)
            try crowd.copy(into: sandbox)
            var outputs: [String] = []
            for command in [["status"], ["status", "--json"], ["ping", "list"], ["ping", "list", "--json"], ["contacts", "list"]] {
                let run = try ana.run(command, extra: ["LIFESIGNAL_ETCD_TRAFFIC": "1"])
                #expect(run.status == 0, "\(command): \(run)")
                // Ana's ID and QR code are her sandbox's own; the rest must match.
                outputs.append(run.stdout.replacingOccurrences(of: anaID.rawValue, with: "ANA")
                    .split(separator: "\n").filter { !$0.contains("\"qrCodeID\"") }.joined(separator: "\n"))
                if kind == .etcd {
                    // Ana's own files, then her contacts' in batches: one request
                    // a contact would be over a hundred.
                    let trips = run.etcdRoundTrips ?? .max
                    #expect(trips <= 12, "\(command): \(trips) round trips")
                }
            }
            #expect(outputs[0].contains("by 50 responders") && outputs[0].contains("50 pending"), "\(outputs[0])")
            #expect(outputs[2].split(separator: "\n").count > Self.contactCount, "\(outputs[2])")
            shown[kind] = outputs
        }
        #expect(shown[.directory] == shown[.etcd])
    }

    /// Links `count` people to Ana both ways, each with a ping pending: she
    /// pings each dependent, each responder pings her. Written as files (no
    /// feed items: Ana's feed lives only in the sandbox's store).
    static func circle(of ana: EntityID, _ crowd: Crowd) throws {
        var links: [ContactLink] = [], pings: [Ping] = []
        _ = try crowd.add(contactCount) { store, account in
            let number = links.count
            let dependent = number % 2 == 0
            links.append(ContactLink(contactID: account.id, isResponder: !dependent, isDependent: dependent, addedAt: crowd.env.now))
            try store.saveContacts([ContactLink(contactID: ana, isResponder: dependent, isDependent: !dependent,
                                                addedAt: crowd.env.now)], of: account.id)
            var checkedIn = account
            try AccountService(store: store, env: crowd.env).checkIn(&checkedIn)
            let ping = Ping(id: crowd.env.newID(), senderID: dependent ? ana : account.id,
                            recipientID: dependent ? account.id : ana, sentAt: crowd.env.now)
            pings.append(ping)
            try store.savePings([ping], of: account.id)
        }
        try crowd.write { store in
            try store.saveContacts(links, of: ana)
            try store.savePings(pings, of: ana)
        }
    }
}
