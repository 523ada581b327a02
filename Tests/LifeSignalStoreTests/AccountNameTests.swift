import Foundation
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// `LayoutStore.accountName`: the names `ping list` shows, read without
/// decoding the rest of each account, agree with the whole account's and
/// refuse what is not an account file.
@Suite struct AccountNameTests {
    @Test func namesAreTheAccountsOwnAndFollowARename() throws {
        let world = World()
        var ada = try world.person("Ada", "Lovelace", phone: "+15550000001")
        #expect(try world.store.accountName(ada.id) == AccountName(ada))
        #expect(try world.store.accountName(ada.id)?.fullName == "Ada Lovelace")
        try world.command { store in
            try AccountService(store: store, env: world.env).updateProfile(&ada, firstName: "Augusta", lastName: nil, note: nil)
            // Within the transaction, the change not yet committed is what it names.
            #expect(try store.accountName(ada.id)?.fullName == "Augusta Lovelace")
        }
        #expect(try world.store.accountName(ada.id)?.fullName == "Augusta Lovelace")
        let nobody = try #require(EntityID(validating: "00000000-0000-4000-8000-000000000000"))
        #expect(try world.store.accountName(nobody) == nil)
    }

    @Test func aFileThatIsNoAccountIsRefusedAsTheWholeReadRefusesIt() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let path = "accounts/\(ada.id)/account.json"
        for damaged in ["{", #"{"data":{"lastName":"Test","phoneNumber":"+15550000001"},"schemaVersion":1}"#,
                        #"{"data":{"firstName":"Ada","lastName":"Test","phoneNumber":"+15550000001"},"schemaVersion":99}"#] {
            try world.files.write(path, Array(damaged.utf8))
            let store = LayoutStore(world.files, name: world.backend.name)
            #expect(throws: StoreError.self, "\(damaged)") { try store.accountName(ada.id) }
            #expect(throws: StoreError.self, "\(damaged)") { try store.account(ada.id) }
        }
    }

    @Test func damageBesideTheNamesDoesNotHideThem() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let path = "accounts/\(ada.id)/account.json"
        let bytes = try #require(try world.files.read(path))
        let interval = #""reminderInterval":\#(ada.reminderInterval)"#
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(interval))
        let damaged = text.replacingOccurrences(of: interval, with: #""reminderInterval":"soon""#)
        try world.files.write(path, Array(damaged.utf8))
        let store = LayoutStore(world.files, name: world.backend.name)
        // The whole account is refused (its status, its deadlines); its name is still shown.
        #expect(throws: StoreError.self) { try store.account(ada.id) }
        #expect(try store.accountName(ada.id)?.fullName == "Ada Test")
    }
}
