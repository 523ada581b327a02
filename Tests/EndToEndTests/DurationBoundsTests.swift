import Foundation
import Testing
import TestSupport

/// Every duration a command takes, at the edges of what a number can be:
/// 2^63 seconds made `checkin extend` and `checkin pause --for` trap
/// (SIGILL, exit 132). Now a duration past 36500d is not one (exit 2), and
/// one up to it is measured against the command's own bound (exit 5);
/// nothing crashes and nothing changes.
@Suite(.serialized, .ownThreads) struct DurationBoundsTests {
    /// Every duration slot of the command table, VALUE standing for the duration.
    /// (FuzzChecks' `durations` target checks that this covers the table.)
    static let slots: [[String]] = [
        ["checkin", "extend", "VALUE"], ["checkin", "pause", "--for", "VALUE"], ["checkin", "interval", "VALUE"],
        ["checkin", "interval", "--reminder", "VALUE"], ["checkin", "interval", "--grace", "VALUE"],
        ["checkin", "interval", "--repeat", "VALUE"], ["contacts", "role", "Bob", "--delay", "VALUE"],
        ["ping", "send", "Bob", "--within", "VALUE"],
    ]

    static let tooLong = ["9223372035058806272", "9223372036854775807", "99999999999999999999", "106751991167300d",
                          "3153600001", "36500d1s", "15250w"]
    static let longest = ["3153600000", "36500d", "5214w2d"]

    @Test(arguments: slots)
    func anyNumberIsRefusedCleanly(_ slot: [String]) throws {
        let sandbox = Sandbox("durations", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        try ada.linkBothWays(with: bob)
        #expect(try ada.run(["checkin"]).status == 0)
        let before = sandbox.snapshot(sandbox.store)
        for (values, status) in [(Self.tooLong, Int32(2)), (Self.longest, Int32(5))] {
            for value in values {
                let arguments = slot.map { $0 == "VALUE" ? value : $0 }
                let result = try ada.run(arguments)
                #expect(!result.signalled && result.status == status, "\(arguments): \(result)")
                #expect(result.stderr.hasPrefix("error: ") && result.stdout.isEmpty, "\(arguments): \(result)")
            }
        }
        #expect(sandbox.snapshot(sandbox.store) == before, "a refused duration changed the store")
    }
}
