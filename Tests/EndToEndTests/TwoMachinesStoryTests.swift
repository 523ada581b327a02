import Foundation
import Testing
import TestSupport

/// The story as a new user tries it: two people on two machines
/// (separate homes), one etcd URL, add each other by QR code pictures, and
/// a check-in one of them misses reaches the other.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct TwoMachinesStoryTests {
    @Test func twoPeopleOnOneEtcdURLWatchOverEachOther() throws {
        let cluster = try EtcdCluster.start(.init(members: 3))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("twomachines", cluster: cluster)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        #expect(ada.environment["LIFESIGNAL_STORE"] == bob.environment["LIFESIGNAL_STORE"])
        #expect(ada.home != bob.home)
        try ada.signUp(phone: "+15550108001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550108002", first: "Bob", last: "Builder")
        #expect(try ada.run(["profile", "set", "--note", "Spare key under the blue pot"]).succeeded)

        // Each shows a code; Bob's picture tells him whose code Ada's is;
        // Ada's adds Bob both ways (a second add of the same pair is refused).
        let adaCode = ada.home.appendingPathComponent("ada-code.png").path
        let bobCode = bob.home.appendingPathComponent("bob-code.png").path
        #expect(try ada.run(["qr", "show", "--png", adaCode]).succeeded)
        #expect(try bob.run(["qr", "show", "--png", bobCode]).succeeded)
        let seen = try bob.run(["qr", "scan", adaCode])
        #expect(seen.succeeded && seen.stdout.contains("Ada"), "\(seen)")
        // Where the choice is made, what each choice means.
        #expect(seen.stdout.contains("--dependent if you watch over them, --responder if they watch over you"), "\(seen)")
        let byAda = try ada.run(["contacts", "add", "--image", bobCode, "--responder", "--dependent"])
        #expect(byAda.succeeded && byAda.stdout.contains("you watch over each other"), "\(byAda)")
        let adasContacts = try ada.run(["contacts", "--json"]).array()
        #expect(adasContacts.first?["firstName"] as? String == "Bob")
        #expect(adasContacts.first?["isResponder"] as? Bool == true)
        #expect(adasContacts.first?["isDependent"] as? Bool == true)

        #expect(try ada.run(["checkin"]).succeeded)
        #expect(try bob.run(["checkin"]).succeeded)
        // A day and a half on, Bob has checked in and Ada has not.
        sandbox.setNow("2026-03-02T08:00:00Z", for: [ada, bob])
        #expect(try bob.run(["checkin"]).succeeded)
        sandbox.setNow("2026-03-02T21:00:00Z", for: [ada, bob])
        #expect(try bob.run(["tick", "-q"]).succeeded)
        let missed = try bob.run(["notifications", "--type", "check-ins", "--json"]).array()
            .filter { ($0["title"] as? String)?.hasSuffix("missed a check-in") == true }
        #expect(missed.count == 1, "\(missed)")
        #expect((missed.first?["title"] as? String)?.contains("Ada") == true)
        #expect((missed.first?["message"] as? String)?.contains("Spare key under the blue pot") == true)
        #expect(try ada.run(["status", "--check"]).status == 10)
        #expect(try bob.run(["status", "--check"]).status == 13)
        let bobsContacts = try bob.run(["contacts", "--json"]).array()
        #expect(bobsContacts.first?["firstName"] as? String == "Ada")
        #expect(bobsContacts.first?["overdue"] as? Bool == true)
    }
}
