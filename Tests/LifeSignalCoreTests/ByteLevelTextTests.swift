import FoundationEssentials
import LifeSignalCore
import Testing

/// The byte-level forms of ISO 8601 and IDs match the String forms.
struct ByteLevelTextTests {
    /// What `ISO8601.format` wrote before it wrote bytes: kept here as the reference.
    static func referenceFormat(_ date: Date) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        let total = date.timeIntervalSince1970
        var seconds = total.rounded(.down)
        var millis = Int(((total - seconds) * 1000).rounded())
        if millis == 1000 { seconds += 1; millis = 0 }
        let whole = Int64(seconds)
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        // Howard Hinnant's civil-from-days, as in the original.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = Int(doy - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yoe + era * 400 + (month <= 2 ? 1 : 0))
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(Int(rest / 3600), 2)):\(pad(Int(rest % 3600 / 60), 2)):\(pad(Int(rest % 60), 2))"
        if millis > 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    @Test func formatsAsBefore() {
        var seconds = -70_000_000_000.0
        while seconds < 300_000_000_000 {
            for fraction in [0, 0.001, 0.25, 0.9994, 0.9996] {
                let date = Date(timeIntervalSince1970: seconds + fraction)
                #expect(ISO8601.format(date) == Self.referenceFormat(date), "\(seconds + fraction)")
                var bytes = Array("x".utf8)
                ISO8601.append(date, to: &bytes)
                #expect(bytes == Array(("x" + ISO8601.format(date)).utf8))
            }
            seconds += 86_400 * 3_217 + 3_727.5
        }
    }

    @Test(arguments: ["2026-03-01T09:00:00Z", "2026-03-01T10:00:00+01:00", "2026-03-01", "2026-03-01T09:00:00.250Z",
                      "2026-02-30T00:00:00Z", "", "2026-03-01T09:00:00Zjunk", "9999-12-31T23:59:59.999999999Z"])
    func parsesBytesAsText(_ text: String) {
        #expect(ISO8601.parse(utf8: Array(("[" + text + "]").utf8).dropFirst().dropLast()) == ISO8601.parse(text))
    }

    @Test(arguments: ["0a1b2c3d-0000-4000-8000-000000000001", "0A1B2C3D-0000-4000-8000-000000000001",
                      "0a1b2c3d-0000-4000-8000-00000000000", "0a1b2c3d-0000-4000-8000-0000000000012",
                      "0a1b2c3d00000-4000-8000-000000000001", "0a1b2c3d-0000-4000-8000-00000000000g", "", "é"])
    func validatesIDBytesAsText(_ text: String) {
        let fromBytes = EntityID(validatingUTF8: Array(("[" + text + "]").utf8).dropFirst().dropLast())
        #expect(fromBytes == EntityID(validating: text))
        #expect(fromBytes?.rawValue == EntityID(validating: text)?.rawValue)
    }

    /// The ID check by its definition: 36 bytes, hyphens at 8, 13, 18 and
    /// 23, lowercase hex digits everywhere else.
    static func referenceIsValid(_ bytes: [UInt8]) -> Bool {
        bytes.count == 36 && bytes.indices.allSatisfy { i in
            [8, 13, 18, 23].contains(i) ? bytes[i] == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(bytes[i])
        }
    }

    /// Every single-byte change of a valid ID, at every position and to
    /// every byte value, is judged as the definition judges it.
    @Test func idCheckAgreesWithItsDefinitionOnEveryOneByteChange() {
        let valid = Array("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d".utf8)
        #expect(EntityID.isValid(utf8: valid[...]))
        for position in valid.indices {
            for byte in UInt8.min...UInt8.max {
                var changed = valid
                changed[position] = byte
                #expect(EntityID.isValid(utf8: changed[...]) == Self.referenceIsValid(changed), "\(position): \(byte)")
            }
        }
        for length in [0, 1, 35, 37, 72] {
            #expect(!EntityID.isValid(utf8: Array(repeating: UInt8(ascii: "a"), count: length)[...]))
        }
    }
}
