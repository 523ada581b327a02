import Testing
@testable import LifeSignalCore

/// What a check-in after a command keeps of it: the program's name or a label.
@Suite struct CheckInLabelTests {
    @Test(arguments: [
        (["/usr/local/bin/backup.sh", "--password=x"], "backup.sh"),
        (["sh", "-c", "true"], "sh"),
        (["./tools/sync/"], "sync"),
        (["/"], "/"),
    ])
    func keepsTheProgramsNameOnly(command: [String], stored: String) {
        #expect(CheckInLabel.stored(command: command, label: nil) == stored)
    }

    @Test func aLabelReplacesTheName() {
        #expect(CheckInLabel.stored(command: ["rsync", "-a", "secret"], label: "sync") == "sync")
    }

    @Test func labelsAreOneShortLineOfVisibleText() {
        #expect(CheckInLabel.valid("  nightly backup ") == "nightly backup")
        #expect(CheckInLabel.valid(String(repeating: "a", count: CheckInLabel.maxBytes)) != nil)
        #expect(CheckInLabel.valid(String(repeating: "a", count: CheckInLabel.maxBytes + 1)) == nil)
        for bad in ["", "  ", "two\nlines", "a\u{2028}b", "bell\u{07}", "\u{1B}]0;x\u{07}"] {
            #expect(CheckInLabel.valid(bad) == nil, "\(bad.debugDescription)")
        }
    }
}
