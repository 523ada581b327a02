@testable import EtcdStore
@testable import LifeSignalStore
import LifeSignalCore
import Testing

/// A commit's marker ID is 128 random bits as 32 lowercase hex digits,
/// written digit by digit (cheaply); checked against the standard
/// library's formatting.
struct EtcdMarkerIDTests {
    static func reference(_ high: UInt64, _ low: UInt64) -> String {
        [high, low].map { value in
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    @Test func hexMatchesTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let edges: [UInt64] = [0, 1, 0xf, 0x10, 0x8000_0000_0000_0000, .max, .max - 1, 0x0123_4567_89ab_cdef]
        var pairs = edges.flatMap { high in edges.map { (high, $0) } }
        for _ in 0..<2_000 { pairs.append((generator.next(), generator.next())) }
        for (high, low) in pairs {
            #expect(EtcdBackend.hex(high, low) == Self.reference(high, low))
        }
    }

    @Test func randomIDsAre32HexDigitsAndDiffer() {
        let ids = (0..<100).map { _ in EtcdBackend.randomID(EtcdStoreAccess().random) }
        #expect(ids.allSatisfy { $0.utf8.count == 32 && $0.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) } })
        #expect(Set(ids).count == ids.count)
    }

    /// The marker comes from the access's random source (the application's,
    /// which a test can fix), its bytes read big-endian.
    @Test func randomIDsComeFromTheInjectedSource() {
        let counting = RandomSource { count in (0..<count).map { UInt8($0) } }
        #expect(EtcdBackend.randomID(counting) == "000102030405060708090a0b0c0d0e0f")
    }
}
