import Foundation
import Testing
import TestSupport

/// Help reflows to a narrow terminal as the data output does.
@Suite(.ownThreads) struct NewcomerLayoutTests {
    /// At 40 columns every help line fits, words whole, except an example's
    /// command (kept whole to be copied) and a word longer than the line.
    @Test(arguments: [["--help"], ["status", "--help"], ["notifications", "--help"], ["checkin", "interval", "--help"],
                      ["help", "settings", "set"], ["contacts", "add", "-h"]])
    func helpFitsFortyColumns(_ arguments: [String]) throws {
        let sandbox = Sandbox("help-width")
        let ada = sandbox.person("ada")
        let narrow = try ada.run(arguments, extra: ["COLUMNS": "40"])
        #expect(narrow.status == 0, "\(narrow)")
        for line in narrow.stdout.split(separator: "\n") where !line.hasPrefix("    lifesignal ") && line.contains(" ") {
            #expect(line.count <= 40, "\(arguments): \(line.debugDescription) is \(line.count) columns")
        }
        // The same words, only laid out anew.
        let wide = try ada.run(arguments)
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace) }
        #expect(words(narrow.stdout) == words(wide.stdout), "\(arguments)")
        #expect(wide.stdout.split(separator: "\n").contains { $0.count > 40 }, "off a terminal, help keeps 80 columns")
        #expect(try ada.run(arguments, extra: ["COLUMNS": "200"]).stdout == wide.stdout, "wider terminals get 80 columns")
    }

    /// At 40 columns a notification is two lines (its mark, ID, time and
    /// type, then its title), and the timeline's records are blocks parted
    /// by a blank line, the ✓ leading a record's first line.
    @Test func narrowListsReadAsRecords() throws {
        let sandbox = Sandbox("narrow-records")
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder", "--dependent"]).succeeded)
        try #require(try bob.run("checkin").succeeded)
        try #require(try ada.run(["ping", "Bob"]).succeeded)
        let narrow = ["COLUMNS": "40"]
        let feed = try bob.run(["notifications"], extra: narrow).stdout.split(separator: "\n")
        #expect(feed.count == 4, "\(feed)")
        #expect(feed.first.map { $0.hasPrefix("•  ") && $0.hasSuffix("  Sun 01 Mar 09:00  ping") } == true, "\(feed)")
        #expect(feed.dropFirst().first == "  Ada L pinged you", "\(feed)")

        let late = ["COLUMNS": "40", "LIFESIGNAL_NOW": "2026-03-02T12:00:00Z"]
        let timeline = try ada.run(["timeline", "Bob"], extra: late).stdout
        let blocks = timeline.components(separatedBy: "\n\n")
        #expect(blocks.count >= 2, "\(timeline)")
        #expect(blocks.dropFirst().allSatisfy { $0.hasPrefix("✓ WHEN") || $0.hasPrefix("  WHEN") }, "\(timeline)")
        #expect(!timeline.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "✓" }, "\(timeline)")
    }
}
