import FoundationEssentials
import LifeSignalCore
import StoreBackends
import StoreCodecKit

/// The store's files as `Codable` reads and writes them: `JSONDecoder` and
/// `JSONEncoder` (sorted keys, ISO 8601 dates as `ISO8601` writes them)
/// around the same envelope, version rule and validation. Commands never
/// use it; it is the reference the hand-written codecs (`StoreFileData`)
/// are tested and fuzzed against.
package enum StoreFileReference {
    /// What reading a file came to, as far as a comparison cares.
    package enum Outcome<T: Equatable>: Equatable {
        case value(T)
        /// Refused as damaged (the reason may be worded differently).
        case damaged
        /// A schema version this lifesignal does not know (the found version).
        case versionOutOfRange(Int)
    }

    package static let supportedVersion = 1

    /// Reads `bytes` as the data of a store file with `JSONDecoder`:
    /// version first, then the data, then its validation.
    package static func decode<T: Decodable & StoreFileData & Equatable>(_ type: T.Type, _ bytes: [UInt8]) -> Outcome<T> {
        do {
            let value = try decoder.decode(Envelope<T>.self, from: Data(bytes)).data
            return value.validationProblem == nil ? .value(value) : .damaged
        } catch let error as VersionOutOfRange {
            return error.found >= 1 ? .versionOutOfRange(error.found) : .damaged
        } catch {
            return .damaged
        }
    }

    /// The file `JSONEncoder` writes for `value`: the envelope with sorted
    /// keys, and a newline.
    package static func encode<T: Encodable & StoreFileData>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date))
        }
        return Array(try encoder.encode(Envelope(schemaVersion: T.schemaVersion, data: value))) + [UInt8(ascii: "\n")]
    }

    /// The same read through a hand-written codec, as `LayoutStore` reads
    /// every file, in the same terms.
    package static func decodeByHand<T: StoreFileData & Equatable>(_ type: T.Type, _ bytes: [UInt8]) -> Outcome<T> {
        let root = "/reference", path = "file.json"
        do {
            return .value(try StoreCodec(root: root).decode(type, from: bytes, path: path))
        } catch StoreError.tooNew(_, let found, _) {
            return .versionOutOfRange(found)
        } catch {
            return .damaged
        }
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = ISO8601.parse(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid date")
            }
            return date
        }
        return decoder
    }

    fileprivate struct Envelope<Value> {
        var schemaVersion: Int
        var data: Value

        enum CodingKeys: String, CodingKey {
            case schemaVersion, data
        }
    }

    fileprivate struct VersionOutOfRange: Error {
        var found: Int
    }
}

extension StoreFileReference.Envelope: Encodable where Value: Encodable {}

extension StoreFileReference.Envelope: Decodable where Value: Decodable {
    /// The version is read and checked before the data is interpreted.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        let supported = (Value.self as? any StoreFileData.Type)?.schemaVersion ?? StoreFileReference.supportedVersion
        guard (1...supported).contains(schemaVersion) else {
            throw StoreFileReference.VersionOutOfRange(found: schemaVersion)
        }
        data = try container.decode(Value.self, forKey: .data)
    }
}
