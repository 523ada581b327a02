import Foundation
import Testing
import TestSupport

@Suite(.serialized) struct FollowTests {
    @Test func followPrintsNewItemsAsJSONLinesAndStopsCleanlyOnSignal() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "B")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--dependent"]).status == 0)

        for signal in [SIGTERM, SIGINT] {
            let process = Process()
            process.executableURL = Binary.url
            process.arguments = ["notifications", "follow", "--json"]
            process.environment = bob.environment.merging(["LIFESIGNAL_NOW": ""]) { $1 }
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 0.4)
            #expect(try ada.run(["ping", "Bob"], extra: ["LIFESIGNAL_NOW": ""]).status == 0)
            #expect(try bob.run(["ping", "respond"], extra: ["LIFESIGNAL_NOW": ""]).status == 0)
            Thread.sleep(forTimeInterval: 1.2)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(process.terminationReason == .exit)
            let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n")
            #expect(lines.count == 1, "\(lines)")
            let item = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any]
            #expect(item?["type"] as? String == "ping")
            #expect(item?["title"] as? String == "Ada L pinged you")
        }
    }

    @Test func anIdleFollowerUsesAlmostNoCPU() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["notifications", "follow"]
        process.environment = ada.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 2)
        let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        // utime and stime, in clock ticks (usually 1/100 s), are fields 14 and 15 of stat.
        let ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        process.terminate()
        process.waitUntilExit()
        #expect(ticks < 50, "an idle follower used \(ticks) ticks in 2 s")
    }
}
