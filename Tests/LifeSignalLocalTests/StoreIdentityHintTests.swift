import FoundationEssentials
import LifeSignalCore
import LifeSignalLocal
import Testing

/// The cached guess of a store's identity and of the other accounts recent
/// commands read there: most recent first, bounded, kept per identity.
struct StoreIdentityHintTests {
    static func account(_ byte: UInt8) -> EntityID { EntityID(randomBytes: Array(repeating: byte, count: 16)) }

    @Test func accountsAreKeptMostRecentFirstBoundedAndPerIdentity() throws {
        let home = SessionFileTests.Home()
        let hint = StoreIdentityHint(paths: try home.paths(store: "etcd://127.0.0.1:2379/family"))
        hint.remember(accounts: [Self.account(1)])
        #expect(hint.accounts().isEmpty, "no identity yet: nothing to keep the accounts with")
        hint.save("one")
        hint.remember(accounts: [Self.account(1), Self.account(2)])
        hint.remember(accounts: [Self.account(3), Self.account(2)])
        #expect(hint.accounts() == [Self.account(3), Self.account(2), Self.account(1)])
        hint.save("one")
        #expect(hint.accounts().count == 3, "the same identity keeps its accounts")
        hint.remember(accounts: (10..<60).map { Self.account(UInt8($0)) })
        #expect(hint.accounts().count == StoreIdentityHint.maximumAccounts)
        #expect(hint.accounts().first == Self.account(10))
        hint.save("two")
        #expect(hint.load() == "two")
        #expect(hint.accounts().isEmpty, "another store's accounts are not this one's")
    }
}
