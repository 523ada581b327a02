import CommandEngine
import FoundationEssentials
import Glibc
import LifeSignalCore

/// Arguments and values several commands take, defined once.
enum SharedInputs {
    /// A contact, completed from the signed-in account's contacts.
    static let contact = contactArgument(
        "A contact: their name (or the start of it; case and accents do not matter), phone number or ID prefix.",
        completion: "contacts")

    /// A dependent, completed from the people the signed-in account watches over.
    static let dependent = contactArgument(
        "A dependent: their name (or the start of it), phone number or ID prefix.", completion: "dependents")

    private static func contactArgument(_ help: String, completion: String) -> Argument<String> {
        Argument("CONTACT", help: help, completion: .dynamic(completion),
                 expected: "a name, phone number or ID") { text in
            let trimmed = text.trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// The check-in code a command that gives you more time needs once codes
    /// are set (the duress code works too, and raises its alert).
    static let checkInCode = Option<String>(
        "code", valueName: "CODE",
        help: "Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).")

    /// What the help of such a command says about codes.
    static let codeDiscussion = "With check-in codes set, this needs one (a wrong one changes nothing, exit 5); the duress code does it exactly as the real one does and silently alerts your responders."

    /// A duration such as 90m, 8h, 1d12h or plain seconds, in seconds.
    static func duration(_ text: String) -> Int? { DurationText.parse(text) }

    static let durationExpected = "a duration such as 90m, 8h, 1d12h or seconds (at most 36500d)"

    /// A moment: ISO 8601 with a zone (`2026-03-04T18:00:00Z`), or local
    /// wall-clock time without one (`2026-03-04T18:00`, `2026-03-04 18:00`,
    /// `2026-03-04` for its midnight), as the TZ of the machine reads it.
    static func time(_ text: String) -> Date? {
        let trimmed = text.trimmingWhitespace()
        let dateOnly = trimmed.utf8.count == 10
        if !dateOnly, let zoned = ISO8601.parse(trimmed) { return zoned }
        // Read the fields as if they were UTC, then ask the C library what
        // those fields mean as local time (daylight saving included).
        guard let fields = ISO8601.parse(dateOnly ? trimmed + "T00:00:00Z" : trimmed + "Z") else { return nil }
        var seconds = time_t(fields.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return nil }
        parts.tm_isdst = -1
        let local = mktime(&parts)
        guard local != -1 else { return nil }
        return Date(timeIntervalSince1970: Double(local))
    }

    static let timeExpected = "a time such as 2026-03-04T18:00:00Z, or local 2026-03-04T18:00"
}
