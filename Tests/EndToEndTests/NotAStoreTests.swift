import Foundation
import Testing
import TestSupport

/// A store location that holds no store (issue 27, item 13):
/// `LIFESIGNAL_STORE=/ lifesignal status` made `/lock` and `/gate`. A
/// command that only looks makes nothing anywhere; a location holding
/// something that is no store is refused by every command, which changes
/// nothing there; a store is made only where nothing is.
@Suite(.serialized, .ownThreads) struct NotAStoreTests {
    /// What a look at a store location runs, signed in or not.
    static let looks: [[String]] = [["status"], ["status", "--check"], ["notifications"], ["contacts"], ["tick"],
                                    ["checkin", "history"], ["doctor"], ["completions", "bash"]]

    /// Every name under `directory`, the store's own lock files included.
    static func everything(_ directory: URL) -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func aLookAtAMissingOrEmptyDirectoryMakesNothing() throws {
        let sandbox = Sandbox("look", storeKind: .directory)
        let ada = sandbox.person("ada")
        let empty = sandbox.root.appendingPathComponent("empty"), missing = sandbox.root.appendingPathComponent("missing")
        Sandbox.makePrivateDirectory(empty)
        chmod(empty.path, 0o700)
        for store in [empty, missing] {
            for arguments in Self.looks {
                let result = try ada.run(arguments, extra: ["LIFESIGNAL_STORE": store.path])
                #expect(!result.signalled && [0, 3, 8].contains(result.status), "\(store.lastPathComponent) \(arguments): \(result)")
            }
        }
        #expect(Self.everything(empty).isEmpty, "a look made \(Self.everything(empty))")
        #expect(!FileManager.default.fileExists(atPath: missing.path), "a look made the store's directory")
        // Signing up makes the store there, and only then.
        try ada.signUp(phone: "+15550000001", first: "Ada")
        #expect(Self.everything(sandbox.store).contains("store.json"))
        ada.environment["LIFESIGNAL_STORE"] = empty.path
        try ada.signUp(phone: "+15550000001", first: "Ada")
        #expect(try ada.run(["status"]).succeeded)
    }

    /// A directory like `/`: other people's files, and no store.json.
    @Test func aDirectoryOfOtherThingsIsRefusedByEveryCommandAndLeftAsItWas() throws {
        let sandbox = Sandbox("other", storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let other = sandbox.root.appendingPathComponent("other")
        Sandbox.makePrivateDirectory(other)
        for name in ["etc", "home"] { Sandbox.makePrivateDirectory(other.appendingPathComponent(name)) }
        #expect(FileManager.default.createFile(atPath: other.appendingPathComponent("etc/passwd").path,
                                               contents: Data("root:x:0:0::/root:/bin/sh\n".utf8)))
        let before = Self.everything(other)
        for arguments in Self.looks.filter({ $0 != ["doctor"] && $0 != ["completions", "bash"] })
            + [["login", "--phone", "+15550000001"], ["login", "--phone", "+15550000002"], ["checkin"],
               ["alert", "on", "--yes"]] {
            let result = try ada.run(arguments, extra: ["LIFESIGNAL_STORE": other.path])
            #expect(result.status == 5 && result.stderr.hasPrefix("error: \(other.path) is no lifesignal store"),
                    "\(arguments): \(result)")
        }
        let doctor = try ada.run(["doctor", "--json"], extra: ["LIFESIGNAL_STORE": other.path])
        let findings = doctor.jsonObject?["findings"] as? [[String: Any]] ?? []
        #expect(doctor.status == 7 && findings.count == 1 && findings.first?["path"] as? String == other.path, "\(doctor)")
        #expect(Self.everything(other) == before, "something was made among the other files")
        // Nor is a store copied into it.
        let copy = try ada.run(["store", "copy", sandbox.store.path, other.path])
        #expect(copy.status == 5 && copy.stderr.contains("is not empty"), "\(copy)")
        #expect(Self.everything(other) == before)
    }

    /// The same on etcd: a prefix with keys of something else is no store.
    @Test(.enabled(if: TestStore.etcdAvailable, Comment(rawValue: EtcdBinary.skipNote)))
    func anEtcdPrefixOfOtherKeysIsRefusedAndLeftAsItWas() throws {
        let sandbox = Sandbox("other-etcd", storeKind: .etcd)
        let ada = sandbox.person("ada")
        try sandbox.setStoreFile("config/app.yaml", Data("x: 1\n".utf8))
        let before = try sandbox.storeContents()
        for arguments in [["status"], ["tick"], ["login", "--phone", "+15550000001"], ["notifications"]] {
            let result = try ada.run(arguments)
            #expect(result.status == 5 && result.stderr.hasPrefix("error: \(sandbox.storeLocation) is no lifesignal store"),
                    "\(arguments): \(result)")
        }
        #expect(try sandbox.storeContents() == before)
        // An empty prefix is looked at without a store being made there.
        let empty = Sandbox("empty-etcd", storeKind: .etcd)
        let bob = empty.person("bob")
        for arguments in [["status"], ["tick"], ["notifications"]] { _ = try bob.run(arguments) }
        let made = try empty.storeContents().keys.sorted()
        #expect(made.isEmpty, "a look made \(made)")
    }
}
