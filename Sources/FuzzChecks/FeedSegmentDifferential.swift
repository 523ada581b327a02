import FoundationEssentials
import LifeSignalCore
import LifeSignalStore

/// A feed segment read two ways: by the reader every command uses
/// (`LayoutStore.decodeFeedSegment`) and by `JSONDecoder`, which it replaced.
/// The reader may be stricter about the format, never more lenient:
/// whatever it accepts, `JSONDecoder` accepts too, with the same items.
enum FeedSegmentDifferential {
    static func check(_ bytes: [UInt8], path: String, root: String) {
        let empty = MemoryBackend(name: root)
        guard let items = try? empty.read({ try LayoutStore(snapshot: $0, name: root).decodeFeedSegment(bytes, path: path) })
        else { return }
        guard let reference = reference(bytes) else {
            violated(.storeDecoding, "the segment reader accepted \(path), which JSONDecoder refuses")
        }
        if reference != items {
            violated(.storeDecoding, "the segment reader read \(path) differently from JSONDecoder")
        }
    }

    /// The store's envelope without its version rule: only version 1 counts here.
    private struct Envelope: Decodable {
        var schemaVersion: Int
        var data: [FeedItem]
    }

    private static func reference(_ bytes: [UInt8]) -> [FeedItem]? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = ISO8601.parse(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid date")
            }
            return date
        }
        guard let envelope = try? decoder.decode(Envelope.self, from: Data(bytes)), envelope.schemaVersion == 1 else { return nil }
        return envelope.data
    }
}
