import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
@testable import StoreCodecKit
import Testing

/// A stored array with an ID given twice is refused, whether it is short
/// enough to be compared pairwise or long enough for a hash table.
struct RepeatedIDTests {
    static func link(_ n: Int) -> ContactLink {
        let byte = UInt8(n % 256), high = UInt8(n / 256)
        return ContactLink(contactID: EntityID(randomBytes: [high] + Array(repeating: byte, count: 15)), isResponder: true,
                           isDependent: false, addedAt: Date(timeIntervalSince1970: 1_772_355_600))
    }

    @Test(arguments: [0, 1, 2, 31, 32, 33, 40, 300])
    func aRepeatedIDIsFoundAtEverySize(count: Int) {
        let links = (0..<count).map(Self.link)
        #expect(links.validationProblem == nil)
        guard count > 0 else { return }
        for repeated in Set([0, count / 2, count - 1]) {
            let doubled = links + [Self.link(repeated)]
            #expect(doubled.validationProblem == "\(Self.link(repeated).contactID) appears twice")
            #expect(doubled.repeatedIDAmongFew == doubled.repeatedID)
        }
    }

    /// Both ways name the first element that repeats an earlier one (here
    /// the second 2, before the second 1).
    @Test func bothWaysNameTheSameRepeat() {
        let links = [Self.link(1), Self.link(2), Self.link(2), Self.link(1)]
        #expect(links.repeatedIDAmongFew == Self.link(2).contactID)
        #expect(links.repeatedID == Self.link(2).contactID)
    }
}
