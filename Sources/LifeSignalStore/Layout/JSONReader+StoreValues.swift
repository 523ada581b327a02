import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// The store's own kinds of value, read as their `Codable` conformances
/// write them: IDs and ISO 8601 dates as strings, enums by raw value.
extension JSONReader {
    mutating func readEntityID() throws(JSONReadError) -> EntityID {
        skipWhitespace()
        let start = offset
        let text = try readStringUTF8()
        guard let id = EntityID(validatingUTF8: text) else {
            throw .badValue("invalid ID \(JSONReadError.quoted(String(decoding: text, as: UTF8.self)))", at: start)
        }
        return id
    }

    mutating func readDate() throws(JSONReadError) -> Date {
        skipWhitespace()
        let start = offset
        let text = try readStringUTF8()
        guard let date = ISO8601.parse(utf8: text) else {
            throw .badValue("invalid date \(JSONReadError.quoted(String(decoding: text, as: UTF8.self)))", at: start)
        }
        return date
    }

    mutating func readRawValue<Value: RawRepresentable & CaseIterable>(_: Value.Type) throws(JSONReadError) -> Value
    where Value.RawValue == String {
        skipWhitespace()
        let start = offset
        let text = try readString()
        guard let value = Value(rawValue: text) else {
            let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badValue("\(JSONReadError.quoted(text)) is not one of \(known)", at: start)
        }
        return value
    }
}
