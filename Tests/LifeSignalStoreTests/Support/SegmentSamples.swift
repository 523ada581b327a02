import FoundationEssentials
import LifeSignalCore
import TestSupport

/// Feed items with awkward content, for comparing decoders.
enum SegmentSamples {
    /// Pieces of text that JSON writers and readers get wrong.
    static let oddPieces: [String] = [
        "plain", " ", "\"", "\\", "/", "\\\"", "\"\\", "\u{0}", "\n", "\r", "\t", "\u{1}", "\u{8}", "\u{c}", "\u{1f}",
        "\u{7f}", "é", "Zoë", "日本語", "עִבְרִית", "😀", "👩‍👩‍👧", "🇳🇿", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}",
        "\u{FFFF}", "\u{10FFFF}", "\u{E000}", "e\u{301}", "{\"data\":[]}", "\\u0041", "\\ud83d", "null", "0", "-",
        "https://example.com/a/b", "tab\there", String(repeating: "long ", count: 40),
    ]

    /// One element of a non-empty array.
    static func pick<T>(_ choices: [T], _ random: inout SeededGenerator) -> T {
        choices[Int.random(in: choices.indices, using: &random)]
    }

    static func text(_ random: inout SeededGenerator, maxPieces: Int = 6) -> String {
        (0..<Int.random(in: 0...maxPieces, using: &random)).map { _ in pick(oddPieces, &random) }.joined()
    }

    static func id(_ random: inout SeededGenerator) -> EntityID {
        EntityID(randomBytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    static func index(_ random: inout SeededGenerator) -> Int {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: pick([Int.min, Int.max, 0, -1, 1], &random)
        case 1: Int.random(in: Int.min...Int.max, using: &random)
        default: Int.random(in: 0..<10_000_000, using: &random)
        }
    }

    /// Whole seconds, or seconds and milliseconds, between the years 1 and 9999.
    static func date(_ random: inout SeededGenerator) -> Date {
        let seconds = Double(Int.random(in: -62_135_596_800...253_402_300_799, using: &random))
        let millis = Bool.random(using: &random) ? 0 : Double(Int.random(in: 1...999, using: &random)) / 1000
        return Date(timeIntervalSince1970: seconds + millis)
    }

    static func item(_ random: inout SeededGenerator) -> FeedItem {
        func maybeID() -> EntityID? { Bool.random(using: &random) ? id(&random) : nil }
        let draft = FeedDraft(type: pick(NotificationType.allCases, &random),
                              title: text(&random), message: text(&random, maxPieces: 20),
                              relatedContactID: maybeID(), relatedPingID: maybeID(), relatedAlertID: maybeID(),
                              isCritical: Bool.random(using: &random))
        var item = FeedItem(id: id(&random), index: index(&random), draft: draft, timestamp: date(&random))
        item.isRead = Bool.random(using: &random)
        // Issue 14's members, sometimes: the readers must agree on them too.
        if Int.random(in: 0..<4, using: &random) == 0 {
            item.duress = Bool.random(using: &random)
            item.acknowledgedBy = maybeID()
            item.readAt = Bool.random(using: &random) ? date(&random) : nil
            item.deliveredAt = Bool.random(using: &random) ? date(&random) : nil
        }
        return item
    }

    static func items(_ random: inout SeededGenerator, upTo count: Int) -> [FeedItem] {
        (0..<Int.random(in: 0...count, using: &random)).map { _ in item(&random) }
    }
}
