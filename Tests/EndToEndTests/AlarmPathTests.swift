import Foundation
import Testing

/// The alarm path end to end (issue 11): no missed check-in or alert is
/// lost, faked or blocked, and nobody is told something untrue.
@Suite(.serialized) struct AlarmPathTests {
    /// A name that is "one character" of 66 KB is refused at input, in bytes.
    @Test func namesAreLimitedInBytesAtInput() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let before = sandbox.snapshot(sandbox.store)
        let zalgo = "Z" + String(repeating: "\u{301}", count: 33_000)
        let refused = try ada.run(["profile", "set", "--first-name", zalgo])
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.stderr.hasPrefix("error: first name is longer than 128 bytes"), "\(refused)")
        let twoLines = try ada.run(["profile", "set", "--last-name", "L\u{2028}Bob"])
        #expect(twoLines.status == 5 && twoLines.stderr.contains("must be one line"), "\(twoLines)")
        let note = try ada.run(["profile", "set", "--note", String(repeating: "é", count: 2001)])
        #expect(note.status == 5 && note.stderr.contains("longer than 4000 bytes"), "\(note)")
        #expect(sandbox.snapshot(sandbox.store) == before)
        let newcomer = sandbox.person("new")
        let sent = try newcomer.run(["login", "--phone", "+15550000002", "--json"])
        let code = try #require(try sent.object()["code"] as? String)
        let login = try newcomer.run(["login", "--phone", "+15550000002", "--code", code, "--first-name", zalgo, "--last-name", "X"])
        #expect(login.status == 5, "\(login)")
    }
}
