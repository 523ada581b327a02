import LifeSignalCore
import Testing

/// A name cannot hide characters or turn the text around it: bidirectional
/// controls and marks and characters that draw nothing are refused at
/// input, while joiners that shape a script or an emoji are fine.
struct NameVisibilityTests {
    @Test(arguments: [
        ("right-to-left override", "Bob\u{202E}kcalb", "U+202E"),
        ("an isolate", "\u{2067}Bob", "U+2067"),
        ("a direction mark", "Bob\u{200F}", "U+200F"),
        ("a zero-width space", "B\u{200B}ob", "U+200B"),
        ("a joiner between ASCII letters", "B\u{200D}ob", "U+200D"),
        ("a word joiner", "Bo\u{2060}b", "U+2060"),
        ("a byte order mark", "\u{FEFF}Bob", "U+FEFF"),
        ("a soft hyphen", "Bo\u{AD}b", "U+00AD"),
        ("a Hangul filler (an invisible name)", "\u{3164}", "U+3164"),
        ("hidden tag characters", "Bob\u{E0041}", "U+E0041"),
    ])
    func refused(id: String, name: String, codePoint: String) {
        #expect(throws: LifeSignalError.self, "\(id)") { try ProfileRules.name(name, field: "first name") }
        do {
            _ = try ProfileRules.name(name, field: "first name")
        } catch {
            #expect(error.message.hasPrefix("first name must not contain") && error.message.contains(codePoint),
                    "\(id): \(error.message)")
        }
    }

    @Test(arguments: ["Zoë", "山田", "محمد‌رضا", "👨‍👩‍👧", "O'Brien-Smith", "🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}"])
    func accepted(_ name: String) throws {
        #expect(try ProfileRules.name(name, field: "first name") == name)
    }
}
