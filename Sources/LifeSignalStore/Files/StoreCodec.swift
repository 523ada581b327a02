import FoundationEssentials
import LifeSignalCore

/// JSON files of the store: a schema version beside the data, sorted keys,
/// ISO 8601 UTC dates. Anything unreadable is reported with the file's full
/// path and the reason, and the file is left alone.
final class StoreCodec {
    static let schemaVersion = 1

    private let encoder: JSONEncoder
    private let decoder: JSONDecoder
    /// Absolute root, used to name files in errors.
    let root: String

    init(root: String) {
        self.root = root
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date))
        }
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid date \"\(text.prefix(40))\"")
            }
            return date
        }
    }

    func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        do {
            var bytes = Array(try encoder.encode(Envelope(schemaVersion: Self.schemaVersion, data: value)))
            bytes.append(UInt8(ascii: "\n"))
            return bytes
        } catch {
            throw StoreError.io("could not encode data: \(error)")
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String) throws -> T {
        let fullPath = root + "/" + path
        let version: Int
        do {
            version = try decoder.decode(VersionProbe.self, from: Data(bytes)).schemaVersion
        } catch {
            throw StoreError.damaged(path: fullPath, reason: Self.reason(error, bytes: bytes))
        }
        guard version <= Self.schemaVersion else {
            throw StoreError.tooNew(path: fullPath, found: version, supported: Self.schemaVersion)
        }
        guard version >= 1 else {
            throw StoreError.damaged(path: fullPath, reason: "schema version \(version) is not valid")
        }
        do {
            return try decoder.decode(Envelope<T>.self, from: Data(bytes)).data
        } catch {
            throw StoreError.damaged(path: fullPath, reason: Self.reason(error, bytes: bytes))
        }
    }

    /// A one-line reason for a decoding failure.
    static func reason(_ error: any Error, bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "the file is empty" }
        guard let error = error as? DecodingError else { return "not valid JSON" }
        func at(_ path: [any CodingKey]) -> String {
            let keys = path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value\(at(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing field \"\(key.stringValue)\"\(at(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type\(at(context.codingPath))"
        @unknown default:
            return "not valid JSON"
        }
    }
}

/// How every store file is laid out: the schema version beside the data.
struct Envelope<T> {
    var schemaVersion: Int
    var data: T
}

extension Envelope: Encodable where T: Encodable {}
extension Envelope: Decodable where T: Decodable {}

/// Reads only the schema version, before anything else is interpreted.
private struct VersionProbe: Decodable {
    var schemaVersion: Int
}
