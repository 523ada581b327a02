import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

struct AuthServiceTests {
    let phone = "+15551234567"

    func allFileText(_ world: World) throws -> String {
        try world.files.contents.values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    @Test func aWrongCodeCountsAndFiveKillTheCode() throws {
        let world = World()
        let auth = AuthService(store: world.store, env: world.env)
        let issued = try auth.requestCode(phoneNumber: phone)
        let wrong = issued.code == "000000" ? "111111" : "000000"
        for left in (1...4).reversed() {
            guard case .rejected(let error) = try auth.verify(phoneNumber: phone, code: wrong, firstName: nil, lastName: nil) else {
                Issue.record("a wrong code was accepted")
                return
            }
            #expect(error.message == "wrong code (\(left) attempt\(left == 1 ? "" : "s") left)")
        }
        guard case .rejected = try auth.verify(phoneNumber: phone, code: wrong, firstName: nil, lastName: nil) else {
            Issue.record("the fifth wrong code was accepted")
            return
        }
        // Even the right code no longer works.
        guard case .rejected = try auth.verify(phoneNumber: phone, code: issued.code, firstName: nil, lastName: nil) else {
            Issue.record("a dead code was accepted")
            return
        }
    }

    @Test func codesExpireAfterTenMinutes() throws {
        let world = World()
        let issued = try AuthService(store: world.store, env: world.env).requestCode(phoneNumber: phone)
        world.advance(600)
        guard case .rejected(let error) = try AuthService(store: world.store, env: world.env)
            .verify(phoneNumber: phone, code: issued.code, firstName: nil, lastName: nil) else {
            Issue.record("an expired code was accepted")
            return
        }
        #expect(error.message == "the code has expired")
    }

    @Test func resendsAreRateLimited() throws {
        let world = World()
        _ = try AuthService(store: world.store, env: world.env).requestCode(phoneNumber: phone)
        world.advance(10)
        #expect(throws: LifeSignalError.self) { try AuthService(store: world.store, env: world.env).requestCode(phoneNumber: phone) }
        for _ in 0..<4 {
            world.advance(31)
            _ = try AuthService(store: world.store, env: world.env).requestCode(phoneNumber: phone)
        }
        world.advance(31)
        #expect(throws: LifeSignalError.refused("too many codes requested for \(phone); try again within the hour")) {
            try AuthService(store: world.store, env: world.env).requestCode(phoneNumber: phone)
        }
        world.advance(3600)
        _ = try AuthService(store: world.store, env: world.env).requestCode(phoneNumber: phone)
    }

    @Test func codesAndTokensAreStoredOnlyAsHashes() throws {
        let world = World()
        let auth = AuthService(store: world.store, env: world.env)
        let issued = try auth.requestCode(phoneNumber: phone)
        #expect(try !allFileText(world).contains(issued.code))
        guard case .signedIn(let account, let token, let isNew) = try auth.verify(phoneNumber: phone, code: issued.code,
                                                                              firstName: "Ada", lastName: "L") else {
            Issue.record("sign-in failed")
            return
        }
        #expect(isNew && account.firstName == "Ada")
        #expect(try !allFileText(world).contains(token))
        #expect(try AuthService.account(forToken: token, in: world.store, now: world.now).id == account.id)
        try auth.signOut(token: token)
        #expect(throws: LifeSignalError.sessionExpired) { try AuthService.account(forToken: token, in: world.store, now: world.now) }
    }

    @Test func aKnownNumberSignsIntoTheSameAccount() throws {
        let world = World()
        let first = try world.person("Ada", phone: phone)
        world.advance(60)
        let again = try world.person("Ada", phone: phone)
        #expect(first.id == again.id)
    }
}
