import Foundation
import Testing
import TestSupport

/// One deliverer per account at a time: while one `tick` hands an item to a
/// notify command that is still running, a second `tick` skips its turn,
/// and every item is handed over once.
@Suite(.serialized, .ownThreads) struct DeliveryLeaseTests {
    @Test func aSecondDelivererWaitsItsTurnAndNothingIsHandedOverTwice() throws {
        let sandbox = Sandbox("lease")
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "B")
        let log = sandbox.root.appendingPathComponent("log").path
        let started = sandbox.root.appendingPathComponent("started").path
        let go = sandbox.root.appendingPathComponent("go").path
        // The command says it has started, then waits to be let go: a readiness signal, not a sleep.
        let command = "read -r line; echo \"$LIFESIGNAL_NOTIFICATION_ID\" >> \(log); touch \(started); "
            + "while [ ! -e \(go) ]; do sleep 0.01; done"
        #expect(try ada.run(["settings", "set", "notify-command", command]).succeeded)
        #expect(try bob.run(["contacts", "add", try ada.qrCode(), "--dependent"]).succeeded)

        let first = try ada.start(["tick", "--json"])
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: started) && Date() < deadline { usleep(5000) }
        try #require(FileManager.default.fileExists(atPath: started), "the first delivery never started")

        let second = try ada.run(["tick", "--json"])
        #expect(second.succeeded, "\(second)")
        #expect(try second.object()["busy"] as? Bool == true, "\(second)")
        #expect(try second.object()["delivered"] as? Int == 0)

        _ = FileManager.default.createFile(atPath: go, contents: nil)
        let done = first.wait(timeout: 20)
        #expect(done.succeeded, "\(done)")
        #expect(try done.object()["delivered"] as? Int == 1)
        #expect(try ada.run(["tick", "--json"]).object()["delivered"] as? Int == 0)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && Set(lines).count == lines.count, "\(lines)")
    }
}
