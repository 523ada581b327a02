import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// A store takes only so many sign-ups a day: new accounts, and codes for
/// numbers without one. Existing accounts sign in as often as the code
/// rules let them.
struct SignUpLimitTests {
    static func phone(_ number: Int) -> String { "+1555" + String(String(number + 10_000_000).suffix(7)) }

    /// Requests and verifies a code for a new number; the outcome.
    func signUp(_ world: World, _ number: Int, limits: SignUpLimits) throws -> AuthService.Verification {
        var auth = AuthService(store: world.store, env: world.env)
        auth.signUpLimits = limits
        let issued = try auth.requestCode(phoneNumber: Self.phone(number))
        return try auth.verify(phoneNumber: Self.phone(number), code: issued.code, firstName: "P\(number)", lastName: "L")
    }

    @Test func accountsBeyondTheDaysAllowanceWaitForTheNextDay() throws {
        let world = World()
        let limits = SignUpLimits(accountsPerDay: 3, newNumberCodesPerDay: 100)
        for number in 0..<3 {
            guard case .signedIn = try signUp(world, number, limits: limits) else { Issue.record("sign-up \(number) refused"); return }
        }
        var auth = AuthService(store: world.store, env: world.env)
        auth.signUpLimits = limits
        let issued = try auth.requestCode(phoneNumber: Self.phone(3))
        guard case .rejected(let error) = try auth.verify(phoneNumber: Self.phone(3), code: issued.code,
                                                         firstName: "P", lastName: "L") else {
            Issue.record("a fourth account was made")
            return
        }
        #expect(error.kind == .refused && error.message.contains("3 new accounts today") && error.message.contains("2026-03-02T09:00:00Z"),
                "\(error.message)")
        #expect(try world.store.accountID(phoneNumber: Self.phone(3)) == nil)
        // The code is still good; the next day takes the account.
        world.advance(86_400)
        auth = AuthService(store: world.store, env: world.env)
        auth.signUpLimits = limits
        guard case .rejected = try auth.verify(phoneNumber: Self.phone(3), code: issued.code, firstName: "P", lastName: "L") else {
            Issue.record("an expired code signed in")
            return
        }
        guard case .signedIn = try signUp(world, 4, limits: limits) else { Issue.record("a new day refused"); return }
        // Existing accounts are not counted.
        guard case .signedIn(_, _, let isNew) = try signUp(world, 0, limits: limits), !isNew else {
            Issue.record("an existing account could not sign in")
            return
        }
    }

    @Test func codesForNumbersWithoutAnAccountAreLimitedTooResendsAside() throws {
        let world = World()
        var auth = AuthService(store: world.store, env: world.env)
        auth.signUpLimits = SignUpLimits(accountsPerDay: 100, newNumberCodesPerDay: 2)
        _ = try auth.requestCode(phoneNumber: Self.phone(0))
        _ = try auth.requestCode(phoneNumber: Self.phone(1))
        #expect(throws: LifeSignalError.self) { try auth.requestCode(phoneNumber: Self.phone(2)) }
        world.advance(60)
        auth = AuthService(store: world.store, env: world.env)
        auth.signUpLimits = SignUpLimits(accountsPerDay: 100, newNumberCodesPerDay: 2)
        _ = try auth.requestCode(phoneNumber: Self.phone(0))  // a resend to a number waiting already
        #expect(try world.store.pendingLogin(phoneNumber: Self.phone(2)) == nil)
    }

    @Test func theStandardAllowance() {
        #expect(SignUpLimits.standard == SignUpLimits(accountsPerDay: 20, newNumberCodesPerDay: 60))
        #expect(AuthService(store: World().store, env: World().env).signUpLimits == .standard)
    }
}
