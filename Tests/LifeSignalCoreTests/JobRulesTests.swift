import LifeSignalCore
import Testing

/// What a job may be called, and what of a failed run's output reaches the responders.
struct JobRulesTests {
    @Test func namesAreShortLowercaseWords() throws {
        for good in ["backup", "a", "nightly-sync_2", String(repeating: "x", count: 32)] {
            #expect(try JobRules.name(good) == good)
        }
        for bad in ["", "Backup", "a b", "b/c", "ü", String(repeating: "x", count: 33), "back\nup"] {
            #expect(throws: LifeSignalError.self) { try JobRules.name(bad) }
        }
    }

    @Test func theLastTwentyLinesAreKept() {
        let text = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let kept = JobRules.keptOutput(Array(text.utf8))
        #expect(kept == (11...30).map { "line \($0)" }.joined(separator: "\n"))
    }

    @Test func atMostFourKilobytesAreKeptAndCutToWholeCharacters() throws {
        let text = String(repeating: "é", count: 3000)
        let kept = try #require(JobRules.keptOutput(Array(text.utf8)))
        #expect(kept.utf8.count <= JobRules.outputBytes)
        #expect(kept.allSatisfy { $0 == "é" })
    }

    @Test func whatATerminalWouldActOnIsMadeHarmless() {
        let kept = JobRules.keptOutput(Array("red \u{1B}[31mtext\u{7}\tend\r\nnext\u{202E}line".utf8))
        #expect(kept == "red ?[31mtext? end?\nnext?line")
        #expect(JobRules.keptOutput([]) == nil)
    }
}
