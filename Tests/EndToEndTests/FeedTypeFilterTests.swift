import Foundation
import Testing
import TestSupport

/// `notifications --type` through the binary: it answers as the whole feed
/// filtered, from the type lists kept in `feed/types.json`, without them
/// (a feed from before they were kept, which the next item of a type new
/// to its segment mends), and `doctor` names lists that are wrong.
@Suite(.serialized, .ownThreads) struct FeedTypeFilterTests {
    static let filters = ["alerts", "pings", "roles", "added", "removed", "contacts", "check-ins", "sign-ins"]
    static let types: [String: Set<String>] = [
        "alerts": ["alert"], "pings": ["ping"], "roles": ["role"], "added": ["added"], "removed": ["removed"],
        "contacts": ["added", "removed"], "check-ins": ["checkIn"], "sign-ins": ["signIn"],
    ]

    /// Every `--type` listing, alone and with `--unread`, against the whole feed filtered.
    func expectFilteredListingsMatch(_ person: Person, _ context: String) throws {
        let all = try person.run("notifications --json").array()
        for filter in Self.filters {
            let wanted = Self.types[filter] ?? []
            let expected = all.filter { wanted.contains($0["type"] as? String ?? "") }.map { $0["id"] as? String }
            let listed = try person.run("notifications --type \(filter) --json").array().map { $0["id"] as? String }
            #expect(listed == expected, "\(context): --type \(filter)")
            let unread = try person.run("notifications --type \(filter) --unread --json").array().map { $0["id"] as? String }
            let expectedUnread = all.filter { wanted.contains($0["type"] as? String ?? "") && $0["isRead"] as? Bool == false }
            #expect(unread == expectedUnread.map { $0["id"] as? String }, "\(context): --type \(filter) --unread")
        }
    }

    func data(_ sandbox: Sandbox, _ path: String) throws -> [String: Any] {
        let bytes = try #require(try sandbox.storeFile(path))
        let file = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        return try #require(file["data"] as? [String: Any])
    }

    func setData(_ sandbox: Sandbox, _ path: String, _ data: [String: Any]) throws {
        let bytes = try JSONSerialization.data(withJSONObject: ["schemaVersion": 1, "data": data], options: [.sortedKeys])
        try sandbox.setStoreFile(path, bytes)
    }

    @Test func typeListingsFromKeptMissingAndWrongLists() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "B")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder", "--dependent"]).status == 0)
        for _ in 0..<2 {
            #expect(try ada.run("ping Bob").status == 0)
            #expect(try bob.run("ping respond").status == 0)
        }
        let first = try #require(try bob.run("notifications --type pings --limit 1 --json").array().first?["id"] as? String)
        #expect(try bob.run(["notifications", "read", first]).status == 0)
        let bobID = try #require(try bob.run("profile --json").object()["id"] as? String)
        let path = "accounts/\(bobID)/feed/types.json"
        let summaryPath = "accounts/\(bobID)/feed/summary.json"

        #expect(try data(sandbox, path)["segments"] as? [String: Any] != nil)
        #expect(try data(sandbox, summaryPath)["typeSegments"] == nil, "the summary that status reads holds no type lists")
        try expectFilteredListingsMatch(bob, "kept")

        // As a feed from before the lists were kept: every segment is read.
        try sandbox.setStoreFile(path, nil)
        try expectFilteredListingsMatch(bob, "without types")
        #expect(try bob.run("doctor").status == 0)
        #expect(try ada.run("ping Bob").status == 0)
        #expect(try sandbox.storeFile(path) == nil, "a ping in a segment that holds pings changes no list")
        try expectFilteredListingsMatch(bob, "still without types")
        #expect(try ada.run("contacts role Bob --no-dependent").status == 0)
        #expect(try data(sandbox, path)["segments"] as? [String: Any] != nil, "the first role item counts them")
        try expectFilteredListingsMatch(bob, "counted again")
        #expect(try bob.run("doctor").status == 0)

        // Lists that put pings where there are none, and none where they are.
        var wrong = try data(sandbox, path)
        wrong["segments"] = ["ping": [3, 3]]
        try setData(sandbox, path, wrong)
        let before = try sandbox.everything()
        let report = try bob.run("doctor")
        #expect(report.status == 7, "\(report)")
        #expect(report.stdout.contains(sandbox.storeName(of: path) + ": lists ping notifications in segments [3, 3]"), "\(report)")
        #expect(try sandbox.everything() == before)

        // Ranges out of order are damage, named as such, and nothing changes.
        wrong["segments"] = ["ping": [2, 1]]
        try setData(sandbox, path, wrong)
        let beforeDamaged = try sandbox.everything()
        let damaged = try bob.run("notifications --type pings")
        #expect(damaged.status != 0 && damaged.stderr.contains("segments of ping items have ranges out of order"), "\(damaged)")
        #expect(try sandbox.everything() == beforeDamaged)
    }
}
