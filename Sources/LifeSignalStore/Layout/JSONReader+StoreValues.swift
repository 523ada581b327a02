import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// The store's own kinds of value, read as their `Codable` conformances
/// write them: IDs and ISO 8601 dates as strings, enums by raw value.
extension JSONReader {
    package mutating func readEntityID() throws(JSONReadError) -> EntityID {
        skipWhitespace()
        let start = offset
        let text = try readStringUTF8()
        guard let id = EntityID(validatingUTF8: text) else {
            throw .badValue("invalid ID \(JSONReadError.quoted(String(decoding: text, as: UTF8.self)))", at: start)
        }
        return id
    }

    package mutating func readDate() throws(JSONReadError) -> Date {
        skipWhitespace()
        let start = offset
        let text = try readStringUTF8()
        guard let date = ISO8601.parse(utf8: text) else {
            throw .badValue("invalid date \(JSONReadError.quoted(String(decoding: text, as: UTF8.self)))", at: start)
        }
        return date
    }

    package mutating func readRawValue<Value: RawRepresentable & CaseIterable>(_: Value.Type) throws(JSONReadError) -> Value
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

extension JSONReader {
    package mutating func readStrings() throws(JSONReadError) -> [String] {
        var values: [String] = []
        try readArray { reader, _ throws(JSONReadError) in values.append(try reader.readString()) }
        return values
    }

    package mutating func readInts() throws(JSONReadError) -> [Int] {
        var values: [Int] = []
        try readArray { reader, _ throws(JSONReadError) in values.append(try reader.readInt()) }
        return values
    }

    package mutating func readDates() throws(JSONReadError) -> [Date] {
        var values: [Date] = []
        try readArray { reader, _ throws(JSONReadError) in values.append(try reader.readDate()) }
        return values
    }

    /// An optional member: `null` reads as nil, as an absent one does.
    package mutating func readOptionalDate() throws(JSONReadError) -> Date? {
        try readOptional { reader throws(JSONReadError) in try reader.readDate() }
    }

    package mutating func readOptionalEntityID() throws(JSONReadError) -> EntityID? {
        try readOptional { reader throws(JSONReadError) in try reader.readEntityID() }
    }

    package mutating func readOptionalString() throws(JSONReadError) -> String? {
        try readOptional { reader throws(JSONReadError) in try reader.readString() }
    }

    package mutating func readOptionalBool() throws(JSONReadError) -> Bool? {
        try readOptional { reader throws(JSONReadError) in try reader.readBool() }
    }
}
