import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// JSON files of the store: a schema version beside the data, sorted keys,
/// ISO 8601 UTC dates. Anything unreadable is reported with the file's full
/// path and the reason, and the file is left alone.
package final class StoreCodec {
    static let schemaVersion = 1

    private let encoder: JSONEncoder
    private let decoder: JSONDecoder
    /// Absolute root, used to name files in errors.
    let root: String

    package init(root: String) {
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

    /// A store path as errors name it.
    func fullPath(_ path: String) -> String { root + "/" + path }

    package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        do {
            var bytes = Array(try encoder.encode(Envelope(schemaVersion: Self.schemaVersion, data: value)))
            bytes.append(UInt8(ascii: "\n"))
            return bytes
        } catch {
            throw StoreError.io("could not encode data: \(error)")
        }
    }

    /// Decodes a store file in one parse: the schema version is read and
    /// checked before the data is interpreted, and the data must then pass
    /// its validation (`StoreValidatable`).
    package func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String) throws -> T {
        try Self.validated(try decodeEnvelope(type, from: bytes, path: path), root + "/" + path)
    }

    /// `decode` for data with no `StoreValidatable` rules (the local files),
    /// from another module: there the generic check for those rules cannot
    /// be resolved at compile time and costs a runtime lookup (~0.14M
    /// instructions) on every run.
    package func decodeEnvelope<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String) throws -> T {
        let fullPath = root + "/" + path
        do {
            return try decoder.decode(Envelope<T>.self, from: Data(bytes)).data
        } catch let error as SchemaVersionOutOfRange {
            throw Self.versionError(error.found, fullPath)
        } catch {
            throw StoreError.damaged(path: fullPath, reason: Self.reason(error, bytes: bytes))
        }
    }

    /// Decodes a store file whose data `data` reads by hand from a
    /// `JSONReader` (for files read often enough that `JSONDecoder` is too
    /// slow), under the same rules and with the same kinds of failure as
    /// `decode(_:from:path:)`: version checked before the data counts, then
    /// validation.
    func decode<T>(from bytes: [UInt8], path: String,
                   data: (inout JSONReader) throws(JSONReadError) -> T) throws -> T {
        let fullPath = root + "/" + path
        guard !bytes.isEmpty else { throw StoreError.damaged(path: fullPath, reason: "the file is empty") }
        switch StoreEnvelopeReader.read(bytes, supported: Self.schemaVersion, data: data) {
        case .read(let value): return try Self.validated(value, fullPath)
        case .versionOutOfRange(let found): throw Self.versionError(found, fullPath)
        case .failed(let error): throw StoreError.damaged(path: fullPath, reason: error.reason)
        }
    }

    /// `decode(from:path:data:)` for data whose reader checks it in full
    /// itself: no `StoreValidatable` lookup, a runtime cost on every run.
    func decodeChecked<T>(from bytes: [UInt8], path: String,
                          data: (inout JSONReader) throws(JSONReadError) -> T) throws -> T {
        let fullPath = root + "/" + path
        guard !bytes.isEmpty else { throw StoreError.damaged(path: fullPath, reason: "the file is empty") }
        switch StoreEnvelopeReader.read(bytes, supported: Self.schemaVersion, data: data) {
        case .read(let value): return value
        case .versionOutOfRange(let found): throw Self.versionError(found, fullPath)
        case .failed(let error): throw StoreError.damaged(path: fullPath, reason: error.reason)
        }
    }

    /// A version below 1 is nonsense; above the supported one, a newer lifesignal wrote the file.
    private static func versionError(_ found: Int, _ fullPath: String) -> StoreError {
        guard found >= 1 else { return StoreError.damaged(path: fullPath, reason: "schema version \(found) is not valid") }
        return StoreError.tooNew(path: fullPath, found: found, supported: schemaVersion)
    }

    private static func validated<T>(_ value: T, _ fullPath: String) throws -> T {
        if let problem = (value as? any StoreValidatable)?.validationProblem {
            throw StoreError.damaged(path: fullPath, reason: problem)
        }
        return value
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

    enum CodingKeys: String, CodingKey {
        case schemaVersion, data
    }
}

extension Envelope: Encodable where T: Encodable {}

extension Envelope: Decodable where T: Decodable {
    /// Reads the version first and refuses a version this lifesignal does
    /// not know before anything else in the file is interpreted.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        guard (1...StoreCodec.schemaVersion).contains(schemaVersion) else {
            throw SchemaVersionOutOfRange(found: schemaVersion)
        }
        data = try container.decode(T.self, forKey: .data)
    }
}

/// A file written by a newer lifesignal, or with a nonsense version.
struct SchemaVersionOutOfRange: Error {
    var found: Int
}
