import LifeSignalCore
import Testing

/// HMAC-SHA256 and PBKDF2-HMAC-SHA256 against published vectors (RFC 4231,
/// RFC 7914 §11 and the PBKDF2-SHA256 vectors that follow RFC 6070's), and
/// the check-in code rules built on them.
struct CheckInCodeCryptoTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        ("RFC 4231 case 1", [UInt8](repeating: 0x0b, count: 20), bytes("Hi There"),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        ("RFC 4231 case 2", bytes("Jefe"), bytes("what do ya want for nothing?"),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        ("RFC 4231 case 6: a key longer than a block", [UInt8](repeating: 0xaa, count: 131),
         bytes("Test Using Larger Than Block-Size Key - Hash Key First"),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    ])
    func hmac(id: String, key: [UInt8], message: [UInt8], expected: String) {
        #expect(Hex.encode(PBKDF2.hmac(key: key, message: message)) == expected, "\(id)")
    }

    @Test(arguments: [
        ("c=1", "password", "salt", 1, 32, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        ("c=2", "password", "salt", 2, 32, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        ("c=4096", "password", "salt", 4096, 32, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        ("two blocks, cut", "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 40,
         "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
        ("RFC 7914 §11", "passwd", "salt", 1, 64,
         "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
    ])
    func pbkdf2(id: String, password: String, salt: String, iterations: Int, length: Int, expected: String) {
        let key = PBKDF2.deriveKey(password: Self.bytes(password), salt: Self.bytes(salt), iterations: iterations, length: length)
        #expect(Hex.encode(key) == expected, "\(id)")
    }

    @Test func newCodesAreSaltedSlowHashesThatMatchOnlyThemselves() throws {
        let codes = try CheckInCodeRules.make(code: "4821-blue", duress: "4821-red", random: .seeded(7))
        #expect(codes.iterations == CheckInCodeRules.iterations && codes.salt.utf8.count == 2 * CheckInCodeRules.saltBytes)
        #expect(![codes.codeHash, codes.duressHash, codes.salt].contains { $0.contains("4821") })
        #expect(CheckInCodeRules.match("4821-red", against: codes) == .duress)
    }

    /// Matching, on codes hashed by hand with few rounds (the real count
    /// takes seconds in a debug build).
    @Test func eachCodeIsToldApartFromTheOtherAndFromEveryNearMiss() {
        let salt: [UInt8] = Array(0..<16)
        func hash(_ code: String) -> String { Hex.encode(PBKDF2.deriveKey(password: Self.bytes(code), salt: salt, iterations: 3)) }
        let codes = CheckInCodes(salt: Hex.encode(salt), iterations: 3, codeHash: hash("4821-blue"), duressHash: hash("4821-red"))
        #expect(CheckInCodeRules.match("4821-blue", against: codes) == .real)
        #expect(CheckInCodeRules.match("4821-red", against: codes) == .duress)
        for wrong in ["", "4821-Blue", "4821-blue ", "4821", "4821-red\n", "4821-blu"] {
            #expect(CheckInCodeRules.match(wrong, against: codes) == .wrong, "\(wrong.debugDescription)")
        }
        var damaged = codes
        damaged.salt = "not hex"
        #expect(CheckInCodeRules.match("4821-blue", against: damaged) == .wrong)
    }

    @Test(arguments: [
        ("too short", "123", "9999"), ("too long", String(repeating: "7", count: 65), "9999"),
        ("a line break", "12\n34", "9999"), ("a control character", "12\u{7}34", "9999"),
        ("only spaces", "    ", "9999"), ("the same twice", "4821", "4821"), ("a bad duress code", "4821", "1"),
    ])
    func badCodesAreRefused(id: String, code: String, duress: String) {
        #expect(throws: LifeSignalError.self, "\(id)") {
            try CheckInCodeRules.make(code: code, duress: duress, random: .seeded(1))
        }
    }

    @Test func wrongCodesWaitLongerAndLongerUpToAnHour() {
        let waits = (1...14).map { CheckInCodeRules.lockout(afterFailures: $0) }
        #expect(waits == [0, 0, 0, 0, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600])
        #expect(CheckInCodeRules.lockout(afterFailures: 10_000) == 3600)
    }
}
