import FoundationEssentials
@testable import LifeSignalCLI
import LifeSignalCore
import Testing

/// The streaming writer of `notifications --json` makes exactly the bytes of
/// the `JSONValue` shape it stands in for.
struct NotificationJSONWriterTests {
    static let texts = ["", "plain", "a \"quoted\" word", "back\\slash", "slash/es", "line\nbreak", "cr\r tab\t",
                        "\u{0}\u{1}\u{1f}", "del\u{7f}", "Zoë", "日本語", "😀 👩‍👩‍👧 🇳🇿", "\u{2028}\u{2029}", "\u{FEFF}\u{FFFF}",
                        "e\u{301}", String(repeating: "long text ", count: 300)]
    static let instants: [Double] = [0, 1_772_355_600, 1_772_355_600.25, 1_772_355_600.999_6, 1_772_355_600.000_4, -1,
                                     -86_400 * 365.25 * 300 + 0.5, -62_135_596_800, 253_402_300_799.5, -62_200_000_000,
                                     300_000_000_000]

    static func item(_ n: Int) -> FeedItem {
        func id(_ k: Int) -> EntityID { EntityID(randomBytes: (0..<16).map { UInt8(truncatingIfNeeded: n &* 31 &+ k &* 7 &+ $0) }) }
        let types = NotificationType.allCases
        let draft = FeedDraft(type: types[n % types.count], title: texts[n % texts.count],
                              message: texts[(n / 3) % texts.count] + texts[(n / 7) % texts.count],
                              relatedContactID: n % 2 == 0 ? id(1) : nil, relatedPingID: n % 3 == 0 ? id(2) : nil,
                              relatedAlertID: n % 5 == 0 ? id(3) : nil, isCritical: n % 4 == 0)
        var item = FeedItem(id: id(0), index: n, draft: draft, timestamp: Date(timeIntervalSince1970: instants[n % instants.count]))
        item.isRead = n % 3 == 1
        return item
    }

    @Test func writesTheBytesOfTheJSONValueShape() {
        for n in 0..<2_000 {
            let item = Self.item(n)
            var written: [UInt8] = []
            NotificationJSONWriter.append(item, to: &written)
            #expect(written == Array(JSONViews.notification(item).rendered(pretty: false).utf8), "item \(n)")
        }
    }

    @Test func appendsWithoutTouchingWhatIsAlreadyThere() {
        var written = Array("[\n  ".utf8)
        NotificationJSONWriter.append(Self.item(1), to: &written)
        #expect(written == Array(("[\n  " + JSONViews.notification(Self.item(1)).rendered(pretty: false)).utf8))
    }

    /// Output built in place reaches the sink in large writes, not one per item.
    @Test func textOutputWritesInLargeChunks() throws {
        let sink = CountingSink()
        let output = TextOutput(sink)
        var expected: [UInt8] = []
        for n in 0..<3_000 {
            output.append { NotificationJSONWriter.append(Self.item(n), to: &$0) }
            NotificationJSONWriter.append(Self.item(n), to: &expected)
        }
        try output.finish()
        #expect(sink.bytes == expected)
        #expect(sink.writes.dropLast().allSatisfy { $0 > TextOutput.flushThreshold })
        #expect(sink.writes.count < expected.count / TextOutput.flushThreshold + 2)
    }
}

/// Keeps what is written and the size of each write.
private final class CountingSink: OutputSink {
    var bytes: [UInt8] = []
    var writes: [Int] = []
    let isTerminal = false
    func write(_ bytes: [UInt8]) throws(OutputFailure) {
        self.bytes += bytes
        writes.append(bytes.count)
    }
}
