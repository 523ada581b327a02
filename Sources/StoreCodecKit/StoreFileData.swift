import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// The data of one kind of store file, read and written by hand: the
/// strict `JSONReader` and the `JSONWriter`, never `Codable`.
///
/// `Codable` is the reference these codecs are tested against, not what
/// commands use: the first decode of each type scans every conformance record
/// in the binary, which was most of what `status` cost. A file is read as the
/// synthesized conformance would read it (the same member names; optionals
/// absent or null; unknown members skipped) and written as `JSONEncoder` with
/// sorted keys writes it.
///
/// Adding a stored field: add it to the type's `StoreField` (a case named
/// as the member, and its name in `names`, both in byte-wise order as the
/// files keep them), read it in `read`, write it in `write`.
/// `StoreFileCodecTests` fail loudly, naming the field, when a type has a
/// property its codec does not know or a case whose name is not in its
/// place in `names`, and round-trip a fully populated value of every type
/// through both codecs.
///
/// The kit's generic readers and writers are `@inlinable`, so that each
/// file's decode is specialised in the module that owns the file; the
/// protocols, and so each codec's `read`, `write`, `validationProblem` and
/// `names`, are `@usableFromInline` for that. Unspecialised across the
/// module boundary, a decode looked up types and conformances by name at
/// run time, on every command's path.
@usableFromInline
package protocol StoreFileData {
    /// Reads one value where `reader` stands.
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self
    /// Writes the value, object members in byte-wise order of their names.
    func write(to writer: inout JSONWriter)
    /// The schema version of its files.
    static var schemaVersion: Int { get }
    /// What makes a value that reads correctly unusable (checked right
    /// after reading, so a hostile file is reported, never acted on); nil
    /// when it is sound.
    var validationProblem: String? { get }
}

extension StoreFileData {
    @usableFromInline
    package var validationProblem: String? { nil }
    /// The schema version its files carry and the highest this lifesignal
    /// reads (`StoreCodec`); one type moves on without the others.
    @usableFromInline
    package static var schemaVersion: Int { StoreCodec.schemaVersion }
}

/// An element of a stored array (a contacts file, a feed segment).
@usableFromInline
package protocol StoreFileElement: StoreFileData {
    /// An ID that must be unique within the file, when elements have one.
    var uniqueID: EntityID? { get }
}

extension StoreFileElement {
    @usableFromInline
    package var uniqueID: EntityID? { nil }
}

extension Array: StoreFileData where Element: StoreFileElement {
    @inlinable
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> [Element] {
        var elements: [Element] = []
        try reader.readArray { reader, _ throws(JSONReadError) in elements.append(try Element.read(from: &reader)) }
        return elements
    }

    @inlinable
    package func write(to writer: inout JSONWriter) {
        writer.beginArray()
        for element in self { element.write(to: &writer) }
        writer.endArray()
    }

    /// A unique ID given twice, else the first element's own problem.
    @inlinable
    package var validationProblem: String? {
        if let id = count <= Self.fewElements ? repeatedIDAmongFew : repeatedID { return "\(id) appears twice" }
        return lazy.compactMap(\.validationProblem).first
    }

    /// Up to this many elements are compared pairwise: a file of a few
    /// (a person's contacts, pings) then needs no hash table, whose first
    /// use in a run made the runtime instantiate a Set type of its own.
    @inlinable
    static var fewElements: Int { 32 }

    /// The first ID that an earlier element has too, by comparing pairs.
    @inlinable
    var repeatedIDAmongFew: EntityID? {
        for index in indices {
            guard let id = self[index].uniqueID else { continue }
            if self[..<index].contains(where: { $0.uniqueID == id }) { return id }
        }
        return nil
    }

    /// The first ID that an earlier element has too, through a hash table.
    @inlinable
    var repeatedID: EntityID? {
        var seen = Set<EntityID>(minimumCapacity: count)
        for element in self {
            if let id = element.uniqueID, !seen.insert(id).inserted { return id }
        }
        return nil
    }
}

// MARK: Reading

/// The members one kind of stored object has: an enum whose cases are
/// named as the members, in byte-wise order, numbered from 0 in that order
/// (`UInt8` raw values), with the members' names in the same order.
///
/// A case is found from the position of the name the reader matched, so
/// reading builds no array of cases: an array of each codec's own enum was
/// a generic type the runtime instantiated at its first use, eleven of
/// them on `status`.
@usableFromInline
package protocol StoreFieldSet: RawRepresentable, CaseIterable where RawValue == UInt8 {
    /// The members' names, case by case.
    static var names: JSONNames { get }
}

extension StoreFieldSet {
    /// The member's name in a file.
    @usableFromInline
    package var name: String { Self.names.names[Int(rawValue)] }
}

extension JSONReader {
    /// Reads an object whose known members are the cases of `Field`,
    /// handing each to `member`; members of other names are skipped after
    /// the same checks.
    @inlinable
    package mutating func readFields<Field: StoreFieldSet>(_: Field.Type,
                                    _ member: (inout JSONReader, Field) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try readObject(names: Field.names) { reader, index throws(JSONReadError) in
            // Every name has its case (`StoreFileCodecTests`); a name
            // without one would be skipped like an unknown member.
            guard let index, let field = Field(rawValue: UInt8(truncatingIfNeeded: index)) else {
                return try reader.skipValue()
            }
            try member(&reader, field)
        }
    }

    /// Where the value about to be read starts (after whitespace), for
    /// errors about the whole object.
    package mutating func valueStart() -> Int {
        skipWhitespace()
        return offset
    }
}

/// `value`, or the error for the member `field` missing from the object
/// that starts at `start`.
@inlinable
package func present<Value>(_ value: Value?, _ field: some StoreFieldSet, _ start: Int) throws(JSONReadError) -> Value {
    guard let value else { throw JSONReadError(kind: .missingField(field.name), offset: start) }
    return value
}

// MARK: Writing

extension JSONWriter {
    package mutating func member(_ name: String, _ value: Int) {
        member(name, Int64(value))
    }

    package mutating func member(_ name: String, _ id: EntityID) {
        member(name, id.rawValue)
    }

    /// A date as `ISO8601.format` writes it.
    package mutating func member(_ name: String, _ date: Date) {
        key(name)
        raw { out in
            out.append(UInt8(ascii: "\""))
            ISO8601.append(date, to: &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    @inlinable
    package mutating func member(_ name: String, _ value: some StoreFileData) {
        key(name)
        value.write(to: &self)
    }

    /// Optionals are left out when nil, as the synthesized `Codable` does.
    package mutating func member(_ name: String, ifPresent id: EntityID?) {
        if let id { member(name, id) }
    }

    package mutating func member(_ name: String, ifPresent date: Date?) {
        if let date { member(name, date) }
    }

    package mutating func member(_ name: String, ifPresent text: String?) {
        if let text { member(name, text) }
    }

    package mutating func member(_ name: String, ifPresent value: Bool?) {
        if let value { member(name, value) }
    }

    @inlinable
    package mutating func member(_ name: String, ifPresent value: (some StoreFileData)?) {
        if let value { member(name, value) }
    }

    package mutating func member(_ name: String, _ texts: [String]) {
        key(name)
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    package mutating func member(_ name: String, _ numbers: [Int]) {
        key(name)
        beginArray()
        for number in numbers { int(Int64(number)) }
        endArray()
    }

    package mutating func member(_ name: String, _ dates: [Date]) {
        key(name)
        beginArray()
        for date in dates {
            raw { out in
                out.append(UInt8(ascii: "\""))
                ISO8601.append(date, to: &out)
                out.append(UInt8(ascii: "\""))
            }
        }
        endArray()
    }
}
