import FoundationEssentials
import LifeSignalCore
import Testing

/// The hand-made joins of the paths every command runs say exactly what
/// the standard library's `joined(separator:)` says.
struct ConcatenationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var parts: [String]
        var separator: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "none", parts: [], separator: ", "),
        Case(id: "one", parts: ["1d"], separator: " "),
        Case(id: "several", parts: ["1d", "12h", "5m"], separator: " "),
        Case(id: "empty separator", parts: ["1d", "12h"], separator: ""),
        Case(id: "empty parts", parts: ["", "a", ""], separator: "; "),
        Case(id: "non-ASCII", parts: ["Zoë", "Ålesund", "東京"], separator: " · "),
    ]

    @Test(arguments: cases)
    func joinsAsTheStandardLibrary(_ sample: Case) {
        #expect(sample.parts.concatenated(separator: sample.separator) == sample.parts.joined(separator: sample.separator))
    }

    @Test(arguments: [("Ada", "Lovelace", "Ada Lovelace"), ("Ada", "", "Ada"), ("", "Lovelace", "Lovelace"),
                      ("", "", "+15550000001")])
    func fullNameIsTheNamesGivenElseThePhoneNumber(first: String, last: String, expected: String) throws {
        let id = try #require(EntityID(validating: "a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90"))
        var account = Account(id: id, phoneNumber: "+15550000001", qrCodeID: "qr", createdAt: Date(timeIntervalSince1970: 0))
        account.firstName = first
        account.lastName = last
        #expect(account.fullName == expected)
    }
}
