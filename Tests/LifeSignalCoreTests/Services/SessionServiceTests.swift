import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// Sessions inside a shared store: a sign-in to an existing account is a
/// notification naming the machine; the owner lists and ends sessions;
/// a session expires after 90 days unused and is renewed on use at most
/// once a day.
struct SessionServiceTests {
    static let phone = "+15550000001"

    /// Signs in to `phone` from `machine` and returns the token.
    func signIn(_ world: World, from machine: String?, phone: String = SessionServiceTests.phone,
                name: String? = "Ada") throws -> (Account, String, Bool) {
        let auth = AuthService(store: world.store, env: world.env)
        let issued = try auth.requestCode(phoneNumber: phone)
        guard case .signedIn(let account, let token, let isNew) = try auth.verify(
            phoneNumber: phone, code: issued.code, firstName: name, lastName: name.map { _ in "L" }, machine: machine) else {
            throw LifeSignalError.invalid("sign-in failed in the test world")
        }
        return (account, token, isNew)
    }

    func service(_ world: World) -> SessionService { SessionService(store: world.store, env: world.env) }

    @Test func aSignInToAnExistingAccountIsANotificationNamingTheMachine() throws {
        let world = World()
        let (ada, _, isNew) = try signIn(world, from: "ada-laptop")
        #expect(isNew)
        #expect(try world.feed(ada).isEmpty, "a brand-new account has nobody to warn")
        world.advance(3600)
        _ = try signIn(world, from: "mallory-desktop")
        let notice = try #require(try world.feed(ada).first)
        #expect(notice.type == .signIn && !notice.isCritical)
        #expect(notice.title == "New sign-in on mallory-desktop")
        #expect(notice.message.contains("mallory-desktop") && notice.message.contains("lifesignal sessions end "))
        #expect(try NotificationService(store: world.store).list(of: ada.id, filter: .signIns, unreadOnly: false, limit: nil).count == 1)
        #expect(ada.preferences.allows(.signIn), "a sign-in notice is always handed to the notify command")
    }

    @Test func theOwnerListsSessionsAndEndsOneByItsID() throws {
        let world = World()
        let (ada, mine, _) = try signIn(world, from: "ada-laptop")
        world.advance(60)
        let (_, theirs, _) = try signIn(world, from: "mallory-desktop")
        let current = SHA256.hexDigest(mine)
        let sessions = try service(world).list(of: ada.id, currentTokenHash: current)
        #expect(sessions.map(\.machine) == ["ada-laptop", "mallory-desktop"])
        #expect(sessions.map(\.isCurrent) == [true, false])
        #expect(sessions[0].expiresAt == sessions[0].lastUsedAt.addingTimeInterval(90 * 86_400))
        let other = try #require(sessions.last)
        let ended = try service(world).end(String(other.id.rawValue.prefix(6)), of: ada.id, currentTokenHash: current)
        #expect(ended.id == other.id)
        #expect(throws: LifeSignalError.sessionExpired) { try AuthService.account(forToken: theirs, in: world.store, now: world.now) }
        #expect(try AuthService.account(forToken: mine, in: world.store, now: world.now).id == ada.id)
        // The ended one is still listed, ended, and cannot be ended again.
        let after = try service(world).list(of: ada.id, currentTokenHash: current)
        #expect(after.map(\.endedAt) == [nil, world.now], "\(after)")
        #expect(after.last?.id == other.id && after.last?.machine == "mallory-desktop")
        #expect(throws: LifeSignalError.self) {
            try service(world).end(String(other.id.rawValue.prefix(6)), of: ada.id, currentTokenHash: current)
        }
        #expect(throws: LifeSignalError.self) { try service(world).end("ffffffff", of: ada.id, currentTokenHash: current) }
        #expect(throws: LifeSignalError.self) { try service(world).end("ab", of: ada.id, currentTokenHash: current) }
    }

    @Test func endingTheOthersKeepsThisOne() throws {
        let world = World()
        let (ada, mine, _) = try signIn(world, from: "a")
        var others: [String] = []
        for machine in ["b", "c", "d"] { others.append(try signIn(world, from: machine).1) }
        let ended = try service(world).endOthers(of: ada.id, currentTokenHash: SHA256.hexDigest(mine))
        #expect(ended.map(\.machine).sorted() == ["b", "c", "d"])
        for token in others {
            #expect(throws: LifeSignalError.sessionExpired) { try AuthService.account(forToken: token, in: world.store, now: world.now) }
        }
        #expect(try world.store.sessionIndex(of: ada.id) == [SHA256.hexDigest(mine)])
    }

    @Test func aSessionExpiresAfterNinetyDaysUnusedAndUseRenewsIt() throws {
        let world = World()
        let (ada, token, _) = try signIn(world, from: "a")
        let hash = SHA256.hexDigest(token)
        world.advance(89 * 86_400)
        let (record, _) = try AuthService.session(forToken: token, in: world.store, now: world.now)
        #expect(SessionService.needsRenewal(record, at: world.now))
        try service(world).renew(tokenHash: hash)
        world.advance(89 * 86_400)
        #expect(try AuthService.account(forToken: token, in: world.store, now: world.now).id == ada.id, "renewed at day 89")
        world.advance(86_400)
        #expect(throws: LifeSignalError.sessionUnused) { try AuthService.account(forToken: token, in: world.store, now: world.now) }
        #expect(try service(world).list(of: ada.id, currentTokenHash: hash).isEmpty)
    }

    @Test func useIsWrittenDownAtMostOnceADay() throws {
        let world = World()
        let (_, token, _) = try signIn(world, from: "a")
        world.advance(23 * 3600)
        let (record, _) = try AuthService.session(forToken: token, in: world.store, now: world.now)
        #expect(!SessionService.needsRenewal(record, at: world.now))
        world.advance(3600)
        #expect(SessionService.needsRenewal(record, at: world.now))
    }

    @Test func expiredSessionsLeaveTheAccountsListAtTheNextSignIn() throws {
        let world = World()
        let (ada, first, _) = try signIn(world, from: "a")
        world.advance(91 * 86_400)
        let (_, second, _) = try signIn(world, from: "b")
        #expect(try world.store.sessionIndex(of: ada.id) == [SHA256.hexDigest(second)])
        #expect(try world.store.session(tokenHash: SHA256.hexDigest(first)) == nil)
    }

    /// A session recorded before sessions were listed: it is listed (by a
    /// stand-in ID from its hash), and its first renewal gives it an ID of
    /// its own and a place in the account's list.
    @Test func aSessionFromBeforeIsListedAndTakenInOnUse() throws {
        let world = World()
        let (ada, _, _) = try signIn(world, from: "a")
        let oldToken = String(repeating: "7", count: 64)
        let oldHash = SHA256.hexDigest(oldToken)
        try world.store.setSession(tokenHash: oldHash, to: SessionRecord(accountID: ada.id, createdAt: world.now))
        let listed = try service(world).list(of: ada.id, currentTokenHash: oldHash)
        let old = try #require(listed.first { $0.isCurrent })
        #expect(old.id.rawValue.replacingOccurrences(of: "-", with: "") == String(oldHash.prefix(32)))
        #expect(old.machine == "an unnamed machine")
        try service(world).renew(tokenHash: oldHash)
        #expect(try world.store.sessionIndex(of: ada.id).contains(oldHash))
        #expect(try world.store.session(tokenHash: oldHash)?.id != nil)
    }

    @Test(arguments: [(nil, "an unnamed machine"), ("  ", "an unnamed machine"), ("laptop", "laptop"),
                      (String(repeating: "é", count: 120), String(repeating: "é", count: 100))])
    func machineNamesAreBoundedInBytes(name: String?, kept: String) {
        #expect(SessionService.machineName(name) == kept)
    }
}
