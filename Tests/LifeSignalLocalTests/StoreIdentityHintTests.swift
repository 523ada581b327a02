import FoundationEssentials
import LifeSignalCore
import LifeSignalLocal
import Testing

/// The cached guess of a store's identity and of the files recent commands
/// had to read there on their own: most recent first, bounded, kept per
/// identity.
struct StoreIdentityHintTests {
    static func file(_ number: Int) -> String { "accounts/\(number)/account.json" }

    @Test func filesAreKeptMostRecentFirstBoundedAndPerIdentity() throws {
        let home = SessionFileTests.Home()
        let hint = StoreIdentityHint(paths: try home.paths(store: "etcd://127.0.0.1:2379/family"))
        hint.remember(files: [Self.file(1)])
        #expect(hint.files().isEmpty, "no identity yet: nothing to keep the files with")
        hint.save("one")
        hint.remember(files: [Self.file(1), Self.file(2)])
        hint.remember(files: [Self.file(3), Self.file(2)])
        #expect(hint.files() == [Self.file(3), Self.file(2), Self.file(1)])
        hint.save("one")
        #expect(hint.files().count == 3, "the same identity keeps its files")
        hint.remember(files: (10..<100).map(Self.file))
        #expect(hint.files().count == StoreIdentityHint.maximumFiles)
        #expect(hint.files().first == Self.file(10))
        hint.save("two")
        #expect(hint.load() == "two")
        #expect(hint.files().isEmpty, "another store's files are not this one's")
    }

    @Test func filesBroughtAnywayAreForgotten() throws {
        let home = SessionFileTests.Home()
        let hint = StoreIdentityHint(paths: try home.paths(store: "etcd://127.0.0.1:2379/family"))
        hint.save("one")
        hint.remember(files: [Self.file(1), Self.file(2), Self.file(3)])
        hint.remember(files: [], forgetting: [Self.file(2)])
        #expect(hint.files() == [Self.file(1), Self.file(3)])
        hint.remember(files: [Self.file(4)], forgetting: [Self.file(1), Self.file(9)])
        #expect(hint.files() == [Self.file(4), Self.file(3)])
        #expect(hint.loadAll()?.identity == "one" && hint.loadAll()?.files == [Self.file(4), Self.file(3)])
    }
}
