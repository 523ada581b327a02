import FoundationEssentials
import LifeSignalCore
import StoreCodecKit

/// One type of store data in the codec tests (`StoreFileCodecTests`): the member names its
/// hand-written codec knows, a fully populated value (every optional set,
/// every array non-empty) and a minimal one (every optional absent), each
/// compared through both codecs.
package struct StoreCodecSample: CustomStringConvertible, Sendable {
    package let description: String
    /// The codec's member names (`StoreField`), in the order it lists them.
    package let codecFields: [String]
    /// The stored properties of the populated value, with whether each holds
    /// something (not nil, not an empty array).
    package let properties: [(name: String, isSet: Bool)]
    /// What goes wrong writing and reading `populated` and `minimal` through
    /// both codecs (empty when they agree byte for byte and value for value).
    package let roundTripProblems: @Sendable () -> [String]
    /// Why the codec and `JSONDecoder` disagree on these bytes, or nil.
    package let disagreement: @Sendable ([UInt8]) -> String?
    /// The populated value's file, as the store writes it.
    package let populatedFile: [UInt8]

    /// Cases of the codec's `StoreField` out of place: a case whose name is
    /// not the member name at its position in `names`, or whose raw value
    /// is not its position.
    package let misplacedFields: [String]

    package init<T: Codable & StoreFileData & Equatable & Sendable, Field: StoreFieldSet>(
        _ fields: Field.Type, populated: T, minimal: T
    ) {
        self.init(T.self, codecFields: Field.names.names, misplacedFields: Self.misplaced(Field.self, of: T.self),
                  populated: populated, minimal: minimal)
    }

    private init<T: Codable & StoreFileData & Equatable & Sendable>(_: T.Type, codecFields: [String], misplacedFields: [String],
                                                                    populated: T, minimal: T) {
        description = String(describing: T.self)
        self.codecFields = codecFields
        self.misplacedFields = misplacedFields
        properties = Mirror(reflecting: populated).children.map { child in
            (child.label ?? "?", !Self.isEmpty(child.value))
        }
        roundTripProblems = { Self.problems(populated) + Self.problems(minimal) }
        disagreement = { bytes in StoreFileDifferential.disagreement(T.self, bytes) }
        populatedFile = StoreCodec(root: "/").encode(populated)
    }

    /// Cases of `Field` whose name is not the member name at their position
    /// in `names`, or whose raw value is not that position, and names
    /// without a case.
    static func misplaced<Field: StoreFieldSet>(_: Field.Type, of type: Any.Type) -> [String] {
        let names = Field.names.names
        var problems: [String] = []
        for (position, field) in Field.allCases.enumerated() {
            let name = String(describing: field)
            let expected = position < names.count ? names[position] : "missing"
            if Int(field.rawValue) != position || expected != name {
                problems.append("\(type)'s StoreField.\(name) is case \(position) with raw value \(field.rawValue), "
                                + "but names[\(position)] is \(expected)")
            }
        }
        if names.count > Field.allCases.count { problems.append("\(type)'s names \(names[Field.allCases.count...]) have no case") }
        return problems
    }

    /// Properties the codec does not know (they would be dropped on the
    /// next write) and members it knows that the type lacks (typos).
    package var unknownMembers: [String] {
        let names = properties.map(\.name)
        return names.filter { !codecFields.contains($0) }.map { "\(description).\($0) is not in its codec (StoreField, read, write)" }
            + codecFields.filter { !names.contains($0) }.map { "\(description)'s codec knows \($0), which the type does not have" }
    }

    /// Properties the populated value leaves nil or empty, where a forgotten
    /// member would round-trip unnoticed.
    package var unsetProperties: [String] {
        properties.filter { !$0.isSet }.map { "the populated \(description) leaves \($0.name) empty: set it" }
    }

    /// Every check at once: members, round trips, damaged copies.
    package func allProblems(damagedRounds rounds: Int, seed: UInt64) -> [String] {
        misplacedFields + unknownMembers + unsetProperties + roundTripProblems() + damageProblems(rounds: rounds, seed: seed)
    }

    /// `rounds` damaged copies of the populated file (a few bytes removed,
    /// inserted, replaced, or the end cut off, by a seeded xorshift), each
    /// read by both codecs: the hand-written one must never be more lenient.
    package func damageProblems(rounds: Int, seed: UInt64) -> [String] {
        var problems: [String] = []
        var state = seed | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let pieces = Array("{}[]\",:\\ 0-1entrufals".utf8) + [0, 0x80, 0xFF]
        for _ in 0..<rounds {
            var bytes = populatedFile
            for _ in 0...next(3) where !bytes.isEmpty {
                let at = next(bytes.count)
                switch next(4) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(pieces[next(pieces.count)], at: at)
                case 2: bytes.removeSubrange(at...)
                default: bytes[at] = pieces[next(pieces.count)]
                }
            }
            if let problem = disagreement(bytes) { problems.append("\(description) on \(String(decoding: bytes, as: UTF8.self)): \(problem)") }
        }
        return problems
    }

    /// Nil, or a collection with nothing in it.
    static func isEmpty(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .set, .dictionary: return mirror.children.isEmpty
        default: return false
        }
    }

    static func problems<T: Codable & StoreFileData & Equatable>(_ value: T) -> [String] {
        let byHand = StoreCodec(root: "/").encode(value)
        let reference: [UInt8]
        do {
            reference = try StoreFileReference.encode(value)
        } catch {
            return ["JSONEncoder could not write \(value): \(error)"]
        }
        var problems: [String] = []
        if byHand != reference {
            problems.append("the codec wrote \(String(decoding: byHand, as: UTF8.self)); "
                            + "JSONEncoder wrote \(String(decoding: reference, as: UTF8.self))")
        }
        let readByHand = StoreFileReference.decodeByHand(T.self, reference)
        if readByHand != .value(value) { problems.append("the codec read JSONEncoder's file as \(readByHand), not \(value)") }
        let readByDecoder = StoreFileReference.decode(T.self, byHand)
        if readByDecoder != .value(value) { problems.append("JSONDecoder read the codec's file as \(readByDecoder), not \(value)") }
        return problems
    }
}
