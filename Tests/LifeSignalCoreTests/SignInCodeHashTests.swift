import FoundationEssentials
@testable import LifeSignalCore
import Testing

/// A sign-in code's hash must cost whoever read it from the store more
/// time to search than the code lives: a million codes against one hash.
struct SignInCodeHashTests {
    @Test func tryingEveryCodeTakesLongerThanACodeLives() {
        let salt = "5f547124d894a417b57bfaa18fd08033", phone = "+15550000001"
        let started = ContinuousClock.now
        let tries = 3
        var hashes: Set<String> = []
        for code in 0..<tries {
            hashes.insert(AuthService.hash(code: ISO8601.pad(code, 6), salt: salt, phoneNumber: phone,
                                           iterations: AuthService.codeIterations))
        }
        let perTry = (ContinuousClock.now - started) / tries
        #expect(hashes.count == tries)
        #expect(perTry * 1_000_000 > .seconds(AuthService.codeLifetime),
                "a million tries take \(perTry * 1_000_000), a code lives \(AuthService.codeLifetime) s")
        // And still quick for the person signing in (each of the two steps hashes once).
        #expect(perTry < .milliseconds(500), "one hash takes \(perTry)")
    }

    /// The derivation is PBKDF2-HMAC-SHA256 over the code, salted with the
    /// salt and the number, so the same code for another number or under
    /// another salt is another hash.
    @Test func theHashIsPBKDF2SaltedWithSaltAndNumber() {
        let hash = AuthService.hash(code: "123456", salt: "ab", phoneNumber: "+15550000001", iterations: 2)
        #expect(hash == Hex.encode(PBKDF2.deriveKey(password: Array("123456".utf8), salt: Array("ab:+15550000001".utf8),
                                                    iterations: 2)))
        #expect(hash != AuthService.hash(code: "123456", salt: "ab", phoneNumber: "+15550000002", iterations: 2))
        #expect(hash != AuthService.hash(code: "123456", salt: "ac", phoneNumber: "+15550000001", iterations: 2))
    }
}
