import LifeSignalCore
@testable import LifeSignalStore
import Testing

/// An account's paths, built by concatenation, read exactly as the
/// interpolated names they replaced: the store's layout does not move.
struct AccountPathTests {
    static let id = EntityID(validating: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d")!

    @Test func everyPathOfAnAccountIsWhereItWas() {
        let id = Self.id
        let paths: [(String, String)] = [
            (StorePaths.accountDirectory(id), "accounts/\(id)"),
            (StorePaths.account(id), "accounts/\(id)/account.json"),
            (StorePaths.contacts(id), "accounts/\(id)/contacts.json"),
            (StorePaths.pings(id), "accounts/\(id)/pings.json"),
            (StorePaths.checkInDirectory(id), "accounts/\(id)/checkins"),
            (StorePaths.checkInSegment(id, 0), "accounts/\(id)/checkins/0.json"),
            (StorePaths.checkInSegment(id, 1234), "accounts/\(id)/checkins/1234.json"),
            (StorePaths.wake(id), "accounts/\(id)/wake.json"),
            (StorePaths.sessionIndex(id), "accounts/\(id)/sessions.json"),
            (StorePaths.endedSessions(id), "accounts/\(id)/ended-sessions.json"),
            (StorePaths.invitations(id), "accounts/\(id)/invitations.json"),
            (StorePaths.deliverySetup(id), "accounts/\(id)/delivery.json"),
            (StorePaths.feedSummary(id), "accounts/\(id)/feed/summary.json"),
            (StorePaths.feedTypes(id), "accounts/\(id)/feed/types.json"),
            (StorePaths.feedSenders(id), "accounts/\(id)/feed-senders.json"),
            (StorePaths.feedSegment(id, 7), "accounts/\(id)/feed/7.json"),
            (StorePaths.feedDirectory(id), "accounts/\(id)/feed"),
        ]
        for (built, interpolated) in paths { #expect(built == interpolated) }
        #expect(StorePaths.account(id) == "accounts/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/account.json")
    }
}
