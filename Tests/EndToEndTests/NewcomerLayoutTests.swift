import Foundation
import Testing
import TestSupport

/// Help reflows to a narrow terminal as the data output does.
@Suite struct NewcomerLayoutTests {
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
}
