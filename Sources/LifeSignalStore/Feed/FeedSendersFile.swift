import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// `feed-senders.json` read and written by hand: it is read at every
/// notification about another account, and `JSONDecoder` with its runtime
/// type lookups cost more than the rest of such a command's reads together.
///
/// The file is a list of tallies, sorted by sender, in the store's envelope:
/// `{"data":[{"from":3,"items":2,"sender":"<id>","unreadCritical":1}],"schemaVersion":1}`.
/// Impossible counts are damage, named like any other.
enum FeedSendersFile {
    enum Field: String, CaseIterable {
        case from, items, sender, unreadCritical
    }

    static let names = JSONNames(Field.allCases.map(\.rawValue))

    /// The file's data.
    static func read(_ reader: inout JSONReader) throws(JSONReadError) -> FeedSenders {
        var senders = FeedSenders()
        try reader.readArray { reader, _ throws(JSONReadError) in
            reader.skipWhitespace()
            let start = reader.offset
            // The members seen, a bit each (a Set would cost runtime lookups).
            var sender: EntityID?, tally = SenderTally(), seen = 0
            try reader.readObject(names: names) { reader, member throws(JSONReadError) in
                guard let member else { return try reader.skipValue() }
                seen |= 1 << member
                switch Field.allCases[member] {
                case .from: tally.from = try reader.readInt()
                case .items: tally.items = try reader.readInt()
                case .sender: sender = try reader.readEntityID()
                case .unreadCritical: tally.unreadCritical = try reader.readInt()
                }
            }
            if let missing = Field.allCases.indices.first(where: { seen & (1 << $0) == 0 }) {
                throw JSONReadError(kind: .missingField(Field.allCases[missing].rawValue), offset: start)
            }
            guard let sender, tally.items > 0, (0...tally.items).contains(tally.unreadCritical), tally.from >= 0,
                  senders.tallies[sender.rawValue] == nil else {
                throw JSONReadError.badValue("impossible counts, or a sender twice", at: start)
            }
            senders.tallies[sender.rawValue] = tally
        }
        return senders
    }

    /// The file's bytes, envelope and all.
    static func encode(_ senders: FeedSenders) -> [UInt8] {
        var out = Array(#"{"data":["#.utf8)
        for (position, sender) in senders.tallies.keys.sorted().enumerated() {
            guard let tally = senders.tallies[sender] else { continue }
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"from":\#(tally.from),"items":\#(tally.items),"sender":"#.utf8)
            JSONString.append(sender, to: &out)
            out += Array(#","unreadCritical":\#(tally.unreadCritical)}"#.utf8)
        }
        out += Array("],\"schemaVersion\":\(StoreCodec.schemaVersion)}\n".utf8)
        return out
    }
}

extension LayoutStore {
    /// A feed's tallies as kept, nil when the feed has none yet.
    func feedSenders(of id: EntityID) throws -> FeedSenders? {
        let path = StorePaths.feedSenders(id)
        guard let bytes = try files.read(path) else { return nil }
        return try codec.decodeChecked(from: bytes, path: path) { reader throws(JSONReadError) in
            try FeedSendersFile.read(&reader)
        }
    }

    func saveFeedSenders(_ senders: FeedSenders, of id: EntityID) throws {
        try writeFile(StorePaths.feedSenders(id), FeedSendersFile.encode(senders))
    }
}
