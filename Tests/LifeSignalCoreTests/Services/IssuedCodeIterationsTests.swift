import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// Codes are hashed with the product's rounds unless a seeder lowers them
/// for codes it enters itself (`AuthService.issuedCodeIterations`); either
/// way `verify` hashes with the rounds the pending code names, and the
/// sign-up leaves the same account behind.
struct IssuedCodeIterationsTests {
    static let phone = "+15550000042"

    @Test func aServiceIssuesCodesWithTheProductsRoundsUnlessToldOtherwise() throws {
        let world = World()
        let auth = AuthService(store: world.store, env: world.env)
        #expect(auth.issuedCodeIterations == AuthService.codeIterations)
        _ = try auth.requestCode(phoneNumber: Self.phone)
        #expect(try world.store.pendingLogin(phoneNumber: Self.phone)?.iterations == AuthService.codeIterations)
    }

    @Test(arguments: [1, 2])
    func aCodeIssuedWithFewerRoundsSignsUpAsAnyOther(_ rounds: Int) throws {
        let world = World()
        var auth = AuthService(store: world.store, env: world.env)
        auth.issuedCodeIterations = rounds
        let issued = try auth.requestCode(phoneNumber: Self.phone)
        let pending = try #require(try world.store.pendingLogin(phoneNumber: Self.phone))
        #expect(pending.iterations == rounds)
        #expect(pending.codeHash.count == 64)

        // A wrong code is still wrong, and counted.
        let wrong = issued.code == "000000" ? "000001" : "000000"
        guard case .rejected(let error) = try auth.verify(phoneNumber: Self.phone, code: wrong, firstName: "Ada", lastName: "L") else {
            Issue.record("a wrong code signed in")
            return
        }
        #expect(error.message.contains("wrong code"), "\(error.message)")

        guard case .signedIn(let account, let token, let isNew) = try auth.verify(
            phoneNumber: Self.phone, code: issued.code, firstName: "Ada", lastName: "L") else {
            Issue.record("the right code was refused")
            return
        }
        #expect(isNew && account.firstName == "Ada")
        #expect(try world.store.pendingLogin(phoneNumber: Self.phone) == nil, "the cheap hash outlived its code")
        #expect(try world.store.accountID(phoneNumber: Self.phone) == account.id)
        #expect(try AuthService.account(forToken: token, in: world.store, now: world.env.now).id == account.id)
    }
}
