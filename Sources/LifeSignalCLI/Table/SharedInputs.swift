import CommandEngine
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

    /// A duration such as 90m, 8h, 1d12h or plain seconds, in seconds.
    static func duration(_ text: String) -> Int? { DurationText.parse(text) }

    static let durationExpected = "a duration such as 90m, 8h, 1d12h or seconds"
}
