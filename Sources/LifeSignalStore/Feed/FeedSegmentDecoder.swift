import FoundationEssentials
import LifeSignalCore

/// Reads a feed segment in one JSON parse.
///
/// `StoreCodec.decode` parses every file twice, once for the schema version
/// and once for the data. Segments are most of what `notifications` reads,
/// and for a whole-feed listing that second parse was a fifth of the time.
/// Here the version is still checked before any item is interpreted, within
/// the same parse, and failures are reported exactly as `StoreCodec` words them.
enum FeedSegmentDecoder {
    static func decode(_ bytes: [UInt8], path: String, root: String) throws -> [FeedItem] {
        let fullPath = root + "/" + path
        let items: [FeedItem]
        do {
            items = try decoder().decode(SegmentFile.self, from: Data(bytes)).items
        } catch let error as SchemaVersionOutOfRange {
            guard error.found >= 1 else {
                throw StoreError.damaged(path: fullPath, reason: "schema version \(error.found) is not valid")
            }
            throw StoreError.tooNew(path: fullPath, found: error.found, supported: StoreCodec.schemaVersion)
        } catch {
            throw StoreError.damaged(path: fullPath, reason: StoreCodec.reason(error, bytes: bytes))
        }
        if let problem = items.validationProblem { throw StoreError.damaged(path: fullPath, reason: problem) }
        return items
    }

    /// A decoder with the store's date rule (ISO 8601, as `StoreCodec` writes dates).
    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid date \"\(text.prefix(40))\"")
            }
            return date
        }
        return decoder
    }
}

/// A segment file: the schema version is read and checked first.
private struct SegmentFile: Decodable {
    var items: [FeedItem]

    enum CodingKeys: String, CodingKey {
        case schemaVersion, data
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        guard (1...StoreCodec.schemaVersion).contains(version) else { throw SchemaVersionOutOfRange(found: version) }
        items = try container.decode([FeedItem].self, forKey: .data)
    }
}

/// A segment written by a newer lifesignal, or with a nonsense version.
private struct SchemaVersionOutOfRange: Error {
    var found: Int
}
