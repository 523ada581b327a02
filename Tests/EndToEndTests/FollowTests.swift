import Foundation
import Testing
import TestSupport

@Suite(.serialized, .ownThreads) struct FollowTests {
    @Test func followPrintsNewItemsAsJSONLinesAndStopsCleanlyOnSignal() throws {
        let sandbox = Sandbox()
        sandbox.now = ""  // the real clock throughout, as the follower runs on it: sessions live by it
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "B")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--dependent"]).status == 0)

        for signal in [SIGTERM, SIGINT] {
            let follower = try bob.start(["notifications", "follow", "--json"], extra: ["LIFESIGNAL_NOW": ""])
            // The follower says on stderr when it is watching; from then on every new item counts.
            try #require(follower.waitFor { _, err in err.contains("{\"following\":true}") }, "no readiness: \(follower.stderrSoFar)")
            #expect(try ada.run(["ping", "Bob"], extra: ["LIFESIGNAL_NOW": ""]).status == 0)
            try #require(follower.waitFor { out, _ in out.contains("\n") }, "the ping never arrived")
            #expect(try bob.run(["ping", "respond"], extra: ["LIFESIGNAL_NOW": ""]).status == 0)
            follower.signal(signal)
            let result = follower.wait(timeout: 10)
            #expect(result.status == 0 && !result.signalled, "\(result)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1, "\(lines)")
            let item = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any]
            #expect(item?["type"] as? String == "ping")
            #expect(item?["title"] as? String == "Ada L pinged you")
        }
    }

    @Test func followTellsAPersonReadyAndPrintsNewItemsAsLines() throws {
        let sandbox = Sandbox()
        sandbox.now = ""  // the real clock throughout, as the follower runs on it: sessions live by it
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "B")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--dependent"]).status == 0)
        let follower = try bob.start(["notifications", "follow"], extra: ["LIFESIGNAL_NOW": ""])
        try #require(follower.waitFor { _, err in err.contains("Following notifications") }, "no readiness: \(follower.stderrSoFar)")
        #expect(try ada.run(["ping", "Bob"], extra: ["LIFESIGNAL_NOW": ""]).status == 0)
        try #require(follower.waitFor { out, _ in out.contains("Ada L pinged you") }, "the ping never arrived")
        follower.signal(SIGINT)
        let result = follower.wait(timeout: 10)
        #expect(result.succeeded, "\(result)")
    }

    @Test func anIdleFollowerUsesAlmostNoCPU() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let follower = try ada.start(["notifications", "follow"])
        try #require(follower.waitFor { _, err in err.contains("Following notifications") }, "no readiness: \(follower.stderrSoFar)")
        let ticks = { () -> Int in
            let stat = (try? String(contentsOfFile: "/proc/\(follower.pid)/stat", encoding: .utf8)) ?? ""
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            // utime and stime, in clock ticks (usually 1/100 s), are fields 14 and 15 of stat.
            return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
        }
        let ready = ticks()
        Thread.sleep(forTimeInterval: 2)  // measuring idleness takes time by nature
        let idle = ticks() - ready
        follower.signal(SIGTERM)
        _ = follower.wait(timeout: 10)
        #expect(idle < 50, "an idle follower used \(idle) ticks in 2 s")
    }

    /// Under `LIFESIGNAL_NOW` a follower's clock starts at that instant and
    /// runs at real speed: a deadline a second away fires while it watches.
    @Test func aSimulatedClockRunsOnWhileFollowing() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        #expect(try ada.run("checkin").status == 0)
        let output = sandbox.root.appendingPathComponent("follow.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["notifications", "follow", "--json"]
        process.environment = ada.environment.merging(["LIFESIGNAL_NOW": "2026-03-02T08:59:59Z"]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        func titles() -> [String] {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["title"] as? String
            }
        }
        // Waits for the deadline (a second of the follower's clock away), ten seconds at most.
        let limit = Date().addingTimeInterval(10)
        while !titles().contains("You missed your check-in"), Date() < limit { Thread.sleep(forTimeInterval: 0.2) }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(titles().contains("You missed your check-in"), "\(titles())")
    }
}
