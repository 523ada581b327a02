import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// The store's own kinds of value, read as their `Codable` conformances
/// write them: IDs and ISO 8601 dates as strings, enums by raw value.
extension JSONReader {
    package mutating func readEntityID() throws(JSONReadError) -> EntityID {
        EntityID(checkedUTF8: try readEntityIDUTF8())
    }

    /// An ID checked as `readEntityID` checks it, left as its bytes.
    package mutating func readEntityIDUTF8() throws(JSONReadError) -> ArraySlice<UInt8> {
        skipWhitespace()
        let start = offset
        let text = try readStringUTF8()
        guard EntityID.isValid(utf8: text) else {
            throw .badValue("invalid ID \(JSONReadError.quoted(String(decoding: text, as: UTF8.self)))", at: start)
        }
        return text
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

    @inlinable
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
    /// `readRawValue(NotificationType.self)` without building a String: the
    /// bytes are compared with the raw values. (String equality is
    /// canonical equivalence, but no other text is equivalent to these
    /// ASCII words: the only ASCII letter with a canonical twin is K.)
    package mutating func readNotificationType() throws(JSONReadError) -> NotificationType {
        skipWhitespace()
        let start = offset
        let text = try readStringUTF8()
        if let type = Self.notificationType(spelt: text) { return type }
        // Not one of them: the general reader says so, as it always has.
        offset = start
        return try readRawValue(NotificationType.self)
    }

    /// The type whose raw value `text` spells, nil for any other text (a
    /// type this switch does not know yet is then read the general way).
    static func notificationType(spelt text: ArraySlice<UInt8>) -> NotificationType? {
        func spells(_ type: NotificationType) -> Bool { text.elementsEqual(type.rawValue.utf8) }
        let candidate: NotificationType
        switch (text.count, text.first) {
        case (5, UInt8(ascii: "a")?): candidate = text.last == UInt8(ascii: "t") ? .alert : .added
        case (4, UInt8(ascii: "p")?): candidate = .ping
        case (4, UInt8(ascii: "r")?): candidate = .role
        case (7, UInt8(ascii: "r")?): candidate = .removed
        case (7, UInt8(ascii: "c")?): candidate = .checkIn
        case (6, UInt8(ascii: "s")?): candidate = .signIn
        case (4, UInt8(ascii: "t")?): candidate = .test
        default: return nil
        }
        return spells(candidate) ? candidate : nil
    }

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

    package mutating func readOptionalEntityIDUTF8() throws(JSONReadError) -> ArraySlice<UInt8>? {
        readNull() ? nil : try readEntityIDUTF8()
    }

    package mutating func readOptionalString() throws(JSONReadError) -> String? {
        try readOptional { reader throws(JSONReadError) in try reader.readString() }
    }

    package mutating func readOptionalBool() throws(JSONReadError) -> Bool? {
        try readOptional { reader throws(JSONReadError) in try reader.readBool() }
    }
}
