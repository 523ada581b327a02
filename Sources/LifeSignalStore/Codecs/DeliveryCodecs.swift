import ByteKeyed
import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// `accounts/<id>/delivery.json`: an account's delivery set-up, its sign-ins
/// by the hash of their session token. `places` may be absent or null (its
/// own `Codable` conformance says so) and is always written.
extension DeliverySetup: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case places
        @usableFromInline
        static let names = JSONNames(["places"])
    }
    /// Sign-ins one account may have recorded, and agents on one of them.
    static let maximumPlaces = 1000
    static let maximumAgents = 100
    /// Longest machine name kept, in bytes (a host name is at most 255).
    static let maximumHost = 255

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DeliverySetup {
        var setup = DeliverySetup()
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .places:
                setup.places = try reader.readOptional { reader throws(JSONReadError) in
                    var places = ByteKeyedTable<DeliveryPlace>()
                    try reader.readDictionary { reader, session throws(JSONReadError) in
                        places[session] = try DeliveryPlace.read(from: &reader)
                    }
                    return places
                } ?? ByteKeyedTable()
            }
        }
        return setup
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(StoreField.places.name)
        writer.dictionary(places)
        writer.endObject()
    }

    /// Bounded and well-formed, so a hostile file cannot make `status` or an
    /// agent walk millions of entries or print a forged machine name.
    @usableFromInline
    package var validationProblem: String? {
        guard places.count <= Self.maximumPlaces else { return "it names \(places.count) sign-ins, more than \(Self.maximumPlaces)" }
        for (session, place) in places {
            guard Self.isHex(session, length: 64) else { return "\(quoted(String(session.prefix(80)))) is not a sign-in" }
            guard place.agents.count <= Self.maximumAgents else { return "it names \(place.agents.count) agents on one sign-in" }
            for (id, agent) in place.agents {
                guard Self.isHex(id, length: 32) else { return "\(quoted(String(id.prefix(80)))) is not an agent" }
                guard agent.host.utf8.count <= Self.maximumHost else { return "an agent's machine name is too long" }
            }
            guard (place.lastError?.utf8.count ?? 0) <= DeliveryPlace.maximumError else { return "a delivery error is too long" }
            guard place.failedAttempts >= 0 else { return "a negative count of failed tries" }
        }
        return nil
    }

    static func isHex(_ text: String, length: Int) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// Delivery on one sign-in: the dates left out when nil, `agents` always
/// written and, when absent or null, empty.
extension DeliveryPlace: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case agents, failedAttempts, failingSince, lastDeliveredAt, lastError, lastRunAt, notifyCommandSince
        @usableFromInline
        static let names = JSONNames(["agents", "failedAttempts", "failingSince", "lastDeliveredAt", "lastError", "lastRunAt",
                                      "notifyCommandSince"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DeliveryPlace {
        var place = DeliveryPlace()
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .agents:
                place.agents = try reader.readOptional { reader throws(JSONReadError) in
                    var agents = ByteKeyedTable<AgentPresence>()
                    try reader.readDictionary { reader, id throws(JSONReadError) in
                        agents[id] = try AgentPresence.read(from: &reader)
                    }
                    return agents
                } ?? ByteKeyedTable()
            case .failedAttempts: place.failedAttempts = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() } ?? 0
            case .failingSince: place.failingSince = try reader.readOptionalDate()
            case .lastDeliveredAt: place.lastDeliveredAt = try reader.readOptionalDate()
            case .lastError: place.lastError = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case .lastRunAt: place.lastRunAt = try reader.readOptionalDate()
            case .notifyCommandSince: place.notifyCommandSince = try reader.readOptionalDate()
            }
        }
        return place
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(StoreField.agents.name)
        writer.dictionary(agents)
        if failedAttempts != 0 { writer.member(StoreField.failedAttempts.name, failedAttempts) }
        writer.member(StoreField.failingSince.name, ifPresent: failingSince)
        writer.member(StoreField.lastDeliveredAt.name, ifPresent: lastDeliveredAt)
        writer.member(StoreField.lastError.name, ifPresent: lastError)
        writer.member(StoreField.lastRunAt.name, ifPresent: lastRunAt)
        writer.member(StoreField.notifyCommandSince.name, ifPresent: notifyCommandSince)
        writer.endObject()
    }
}

/// A running agent's last heartbeat: every member required.
extension AgentPresence: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case host, seenAt, since
        @usableFromInline
        static let names = JSONNames(["host", "seenAt", "since"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> AgentPresence {
        let start = reader.valueStart()
        var host: String?, seenAt: Date?, since: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .host: host = try reader.readString()
            case .seenAt: seenAt = try reader.readDate()
            case .since: since = try reader.readDate()
            }
        }
        return AgentPresence(since: try present(since, StoreField.since, start), seenAt: try present(seenAt, StoreField.seenAt, start),
                             host: try present(host, StoreField.host, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.host.name, host)
        writer.member(StoreField.seenAt.name, seenAt)
        writer.member(StoreField.since.name, since)
        writer.endObject()
    }
}

/// `looked.json`: the store's last look by an agent or `tick`.
extension LastLook: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case at, by
        @usableFromInline
        static let names = JSONNames(["at", "by"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> LastLook {
        let start = reader.valueStart()
        var at: Date?, by: Keeper?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .at: at = try reader.readDate()
            case .by: by = try reader.readRawValue(Keeper.self)
            }
        }
        return LastLook(at: try present(at, StoreField.at, start), by: try present(by, StoreField.by, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.at.name, at)
        writer.member(StoreField.by.name, by.rawValue)
        writer.endObject()
    }
}

extension JSONWriter {
    /// A dictionary as an object, its keys in byte-wise order as
    /// `JSONEncoder` with sorted keys writes them.
    mutating func dictionary(_ values: [String: some StoreFileData]) {
        beginObject()
        for name in values.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            if let value = values[name] { member(name, value) }
        }
        endObject()
    }

    /// A table as an object, its keys in the byte-wise order it keeps them in.
    mutating func dictionary(_ values: ByteKeyedTable<some StoreFileData>) {
        beginObject()
        for (name, value) in values { member(name, value) }
        endObject()
    }
}
