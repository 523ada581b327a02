import Foundation
import Testing
import TestSupport

/// A check-in after a command keeps only the command's name, or the label
/// its owner gave, in the store everyone in the circle reads: arguments
/// such as `--password=...` never reach it.
@Suite(.serialized, .ownThreads) struct CheckInLabelTests {
    static let secret = "hunter2-a7c9"

    /// Every byte the store holds, as text, to look for a secret in.
    static func everything(in sandbox: Sandbox) throws -> String {
        try sandbox.storeContents().values.compactMap { $0.map { String(decoding: $0, as: UTF8.self) } }
            .joined(separator: "\n")
    }

    @Test func onlyTheCommandsNameReachesTheStore() throws {
        let sandbox = Sandbox("label")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let ran = try ada.run(["checkin", "--", "/bin/sh", "-c", "true", "--password=\(Self.secret)"])
        #expect(ran.status == 0, "\(ran)")
        let history = try ada.run("checkin history --json").array()
        #expect(history.first?["command"] as? String == "sh")
        #expect(!(try Self.everything(in: sandbox)).contains(Self.secret))
    }

    @Test func aLabelNamesTheCheckInInstead() throws {
        let sandbox = Sandbox("label")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let ran = try ada.run(["checkin", "--label", "nightly backup", "--",
                               "sh", "-c", "true", "--token=\(Self.secret)"])
        #expect(ran.status == 0, "\(ran)")
        let history = try ada.run("checkin history --json").array()
        #expect(history.first?["command"] as? String == "nightly backup")
        #expect(try ada.run("checkin history").stdout.contains("after: nightly backup"))
        #expect(!(try Self.everything(in: sandbox)).contains(Self.secret))
    }

    @Test func aBadLabelOrOneWithoutACommandIsAUsageErrorAndChangesNothing() throws {
        let sandbox = Sandbox("label")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let before = try sandbox.storeContents()
        for arguments in [["checkin", "--label", "x"],
                          ["checkin", "--label", "", "--", "true"],
                          ["checkin", "--label", "two\nlines", "--", "true"],
                          ["checkin", "--label", String(repeating: "é", count: 65), "--", "true"]] {
            let result = try ada.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("error: "), "\(arguments): \(result)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try sandbox.storeContents() == before)
    }
}
