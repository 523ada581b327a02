import Foundation
import Testing
import TestSupport

/// `store copy FROM TO`, seen from outside: the copy answers every read
/// exactly as the original, with the same people signed in, and the
/// original is not touched.
@Suite(.serialized, .ownThreads) struct StoreCopyTests {
    /// Ada and Bob on one store with a bit of everything: links both ways,
    /// check-ins, a pending ping, an alert, read and unread notifications.
    static func story(_ sandbox: Sandbox) throws -> (Person, Person) {
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        try ada.linkBothWays(with: bob)
        for arguments in [["checkin"], ["profile", "set", "--note", "Key under the mat"], ["checkin", "interval", "2d"]] {
            #expect(try ada.run(arguments).succeeded, "\(arguments)")
        }
        #expect(try bob.run(["ping", "send", "Ada"]).succeeded)
        #expect(try bob.run(["checkin"]).succeeded)
        #expect(try bob.run(["alert", "on", "--yes"]).succeeded)
        #expect(try ada.run(["notifications", "read", "--all"]).succeeded)
        #expect(try bob.run(["settings", "set", "pings", "off"]).succeeded)
        return (ada, bob)
    }

    /// Every reading command, as each person runs it.
    static let reads: [[String]] = [
        ["status", "--json"], ["status"], ["profile", "--json"], ["contacts", "--json"], ["contacts"],
        ["contacts", "show", "Ada", "--json"], ["contacts", "show", "Bob", "--json"], ["notifications", "--json"],
        ["notifications"], ["checkin", "history", "--json"], ["ping", "list", "--json"], ["alert", "--json"],
        ["settings", "--json"], ["qr", "show", "--json"], ["status", "--check"],
    ]

    static func answers(_ person: Person, store: String) throws -> [String] {
        try reads.map { arguments in
            let result = try person.run(arguments, extra: ["LIFESIGNAL_STORE": store])
            return "\(arguments.joined(separator: " ")) → exit \(result.status)\n\(result.stdout)\(result.stderr)"
        }
    }

    /// Where a copy can go: a directory, and (where etcd runs) a fresh
    /// prefix of a cluster, so a store moves directory → etcd → directory.
    static var destinations: [TestStore.Kind] { TestStore.etcdAvailable ? [.directory, .etcd] : [.directory] }

    @Test(arguments: destinations)
    func aCopyAnswersEveryReadAsTheOriginalWithEveryoneStillSignedIn(_ destination: TestStore.Kind) throws {
        let sandbox = Sandbox("copy")
        let (ada, bob) = try Self.story(sandbox)
        let copy = Sandbox("copy-to", storeKind: destination)
        let before = try sandbox.storeContents()

        let copied = try ada.run(["store", "copy", sandbox.storeLocation, copy.storeLocation, "--json"])
        #expect(copied.succeeded, "\(copied)")
        #expect((try copied.object()["files"] as? Int ?? 0) > 10)
        #expect(try sandbox.storeContents() == before, "the copy changed the original")

        for person in [ada, bob] {
            let original = try Self.answers(person, store: sandbox.storeLocation)
            let onCopy = try Self.answers(person, store: copy.storeLocation)
            for (expected, seen) in zip(original, onCopy) {
                #expect(seen == expected, "\(person.name) sees the copy (\(destination)) differently")
            }
            #expect(!original.contains { $0.contains("not signed in") }, "\(person.name) was not signed in")
        }
        #expect(try ada.run(["doctor"], extra: ["LIFESIGNAL_STORE": copy.storeLocation]).succeeded)

        // And back: a copy of the copy, into a store of the original's kind, answers the same again.
        let back = Sandbox("copy-back", storeKind: sandbox.storeKind)
        #expect(try ada.run(["store", "copy", copy.storeLocation, back.storeLocation]).succeeded)
        #expect(try back.storeFiles() == (try sandbox.storeFiles()))
        #expect(try Self.answers(bob, store: back.storeLocation) == (try Self.answers(bob, store: sandbox.storeLocation)))

        // The copy is a store of its own from here: a change there is not in the original.
        #expect(try ada.run(["checkin"], extra: ["LIFESIGNAL_STORE": copy.storeLocation]).succeeded)
        #expect(try sandbox.storeContents() == before)
    }

    /// A directory moved with `mv` (an etcd store moves with `store copy`).
    @Test func aStoreMovedElsewhereKeepsEveryoneSignedIn() throws {
        let sandbox = Sandbox("move", storeKind: .directory)
        let (ada, bob) = try Self.story(sandbox)
        let original = try Self.answers(bob, store: sandbox.store.path)
        let moved = sandbox.root.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: sandbox.store, to: moved)
        #expect(try Self.answers(bob, store: moved.path) == original)
        #expect(try ada.run(["status"], extra: ["LIFESIGNAL_STORE": moved.path]).succeeded)
    }

    @Test func aCopyIsRefusedWhereItWouldLoseOrMixAnything() throws {
        let sandbox = Sandbox("refuse")
        let (ada, _) = try Self.story(sandbox)
        let elsewhere = sandbox.root.appendingPathComponent("elsewhere")
        let before = try sandbox.everything()
        let store = sandbox.storeLocation
        // The same store named differently: a directory through "..", a
        // cluster with its members listed the other way round.
        let otherName = sandbox.etcd.map { etcd in
            "etcd://" + etcd.cluster.endpoints.reversed().map(\.description).joined(separator: ",") + "/" + etcd.prefix
        } ?? sandbox.store.path + "/../store/"
        let cases: [(id: String, from: String, to: String, status: Int32, message: String)] = [
            ("into a store in use", store, store, 5, "same store"),
            ("into itself by another name", store, otherName, 5, "is not empty"),
            ("from nothing", elsewhere.path, elsewhere.path + "-to", 8, "no store at"),
            ("an unknown kind of store", "https://example.com/store", elsewhere.path, 2, "not a store location"),
            ("to an unknown kind of store", store, "ftp:" + elsewhere.path, 2, "not a store location"),
            ("into an etcd store nobody serves", store, "etcd://127.0.0.1:1/family", 12, "store unavailable"),
        ]
        for item in cases {
            let result = try ada.run(["store", "copy", item.from, item.to])
            #expect(result.status == item.status, "\(item.id): \(result)")
            #expect(result.stderr.contains(item.message), "\(item.id): \(result)")
            #expect(try sandbox.everything() == before, "\(item.id) changed something")
        }
        // A non-empty destination: refused, and left as it was.
        let other = sandbox.person("cy")
        other.environment["LIFESIGNAL_STORE"] = elsewhere.path
        try other.signUp(phone: "+15550000003", first: "Cy")
        let occupied = sandbox.snapshot(elsewhere)
        let result = try ada.run(["store", "copy", store, elsewhere.path])
        #expect(result.status == 5 && result.stderr.contains("is not empty"), "\(result)")
        #expect(sandbox.snapshot(elsewhere) == occupied)
    }

    @Test func anUnknownStoreSchemeIsAUsageErrorThatCreatesNothing() throws {
        let sandbox = Sandbox("scheme")
        let ada = sandbox.person("ada")
        let before = try sandbox.everything()
        for store in ["etcd:family", "http://host/store", "EtcD:/x", "s3://bucket/x"] {
            for arguments in [["status"], ["login", "--phone", "+15550000001"], ["--store", store, "checkin"]] {
                let result = try ada.run(arguments, extra: ["LIFESIGNAL_STORE": store])
                #expect(result.status == 2, "\(store) \(arguments): \(result)")
                #expect(result.stderr.contains("not a store location"), "\(result)")
            }
        }
        #expect(try sandbox.everything() == before, "something was created")
        let etcd = try ada.run(["status"], extra: ["LIFESIGNAL_STORE": "etcd://127.0.0.1:2379/family"])
        #expect(etcd.status == 12 && etcd.stderr.hasPrefix("error: store unavailable:"), "\(etcd)")
        let relative = try ada.run(["status"], extra: ["LIFESIGNAL_STORE": "./etcd:family"])
        #expect(relative.status == 3, "a directory written ./NAME is a directory: \(relative)")
    }

    /// A large store shows how far the copy has come, on a terminal only.
    @Test func aLargeCopyShowsItsProgressOnATerminal() throws {
        let sandbox = Sandbox("progress")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        // Files of no meaning to lifesignal are copied like any other.
        if sandbox.storeKind == .directory {
            let extra = sandbox.store.appendingPathComponent("extra")
            try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for number in 0..<250 {
                #expect(FileManager.default.createFile(atPath: extra.appendingPathComponent("\(number)").path,
                                                       contents: Data("file \(number)".utf8), attributes: [.posixPermissions: 0o600]))
            }
        } else {
            for number in 0..<250 { try sandbox.setStoreFile("extra/\(number)", Data("file \(number)".utf8)) }
        }
        let copy = sandbox.root.appendingPathComponent("copy")
        let terminal = try Terminal(ada, ["store", "copy", sandbox.storeLocation, copy.path])
        try terminal.expect("Copying: ")
        try terminal.expect("Copied ")
        #expect(try terminal.finish() == 0)
        let piped = try ada.run(["store", "copy", sandbox.storeLocation, copy.path + "-piped"])
        #expect(piped.succeeded && !piped.stderr.contains("Copying"), "\(piped)")
        #expect(sandbox.snapshot(copy).count == sandbox.snapshot(copy.deletingLastPathComponent().appendingPathComponent("copy-piped")).count)
    }
}
