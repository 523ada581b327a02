import Glibc
import LifeSignalCore
import StoreBackends
import StrictJSON

/// One feed segment as a command holds it: sealed (each item read, as
/// strictly as ever, only when it is used: see `FeedSeal`), checked in
/// full (an unsealed file: each item built only when it is used), or as
/// values (once a change needs them all, or after a write).
struct FeedSegment {
    private enum Storage {
        case sealed(SealedSegment)
        case checked([CheckedFeedItem])
        case values([FeedItem])
    }

    private let storage: Storage

    init(sealed segment: SealedSegment) { storage = .sealed(segment) }

    init(checked items: [CheckedFeedItem]) { storage = .checked(items) }

    init(values items: [FeedItem]) { storage = .values(items) }

    var count: Int {
        switch storage {
        case .sealed(let segment): segment.count
        case .checked(let items): items.count
        case .values(let items): items.count
        }
    }

    /// Whether its items are values already (building them again costs nothing).
    var isBuilt: Bool {
        if case .values = storage { return true }
        return false
    }

    func type(at position: Int) throws -> NotificationType {
        switch storage {
        case .sealed(let segment): try segment.item(at: position).type
        case .checked(let items): items[position].type
        case .values(let items): items[position].type
        }
    }

    func isRead(at position: Int) throws -> Bool {
        switch storage {
        case .sealed(let segment): try segment.item(at: position).isRead
        case .checked(let items): items[position].isRead
        case .values(let items): items[position].isRead
        }
    }

    /// The item's position in its feed.
    func itemIndex(at position: Int) throws -> Int {
        switch storage {
        case .sealed(let segment): try segment.item(at: position).index
        case .checked(let items): items[position].index
        case .values(let items): items[position].index
        }
    }

    func hasID(_ id: EntityID, at position: Int) throws -> Bool {
        switch storage {
        case .sealed(let segment): try segment.item(at: position).id.elementsEqual(id.rawValue.utf8)
        case .checked(let items): items[position].id.elementsEqual(id.rawValue.utf8)
        case .values(let items): items[position].id == id
        }
    }

    /// The position of the item `id`, nil when the segment does not hold it.
    func position(of id: EntityID) throws -> Int? {
        if case .sealed(let segment) = storage { return try segment.position(of: id) }
        for position in 0..<count where try hasID(id, at: position) { return position }
        return nil
    }

    /// The item at `position` when `query` admits it, nil otherwise: read
    /// once to judge it and, if admitted, to build it.
    func item(at position: Int, ifAdmittedBy query: FeedQuery) throws -> FeedItem? {
        switch storage {
        case .sealed(let segment):
            let checked = try segment.item(at: position, keeping: false)
            return query.admits(type: checked.type, isRead: checked.isRead) ? checked.item : nil
        case .checked(let items):
            return query.admits(type: items[position].type, isRead: items[position].isRead) ? items[position].item : nil
        case .values(let items):
            return query.admits(type: items[position].type, isRead: items[position].isRead) ? items[position] : nil
        }
    }

    func item(at position: Int) throws -> FeedItem {
        switch storage {
        case .sealed(let segment): try segment.item(at: position).item
        case .checked(let items): items[position].item
        case .values(let items): items[position]
        }
    }

    /// Every item as a value, oldest first.
    func items() throws -> [FeedItem] {
        switch storage {
        case .sealed(let segment): try (0..<segment.count).map { try segment.item(at: $0).item }
        case .checked(let items): items.map(\.item)
        case .values(let items): items
        }
    }
}

/// A sealed segment's items: where each starts, found from the seal's
/// promise that items are flat objects (see `FeedSeal`), and each read
/// (`CheckedFeedItem`) the first time it is used.
///
/// Any problem on this path (an item that does not read, or does not end
/// where the next begins: only a forged seal can cause one) is answered
/// by checking the whole file as an unsealed one is checked, so the error
/// is the one a full check gives.
final class SealedSegment {
    private let bytes: [UInt8]
    private let starts: [Int]
    /// Where the array closes (its `]`).
    private let arrayEnd: Int
    private let fullCheck: () throws -> Void
    private let fullPath: String
    /// The item read last, and its position: callers ask about one item at
    /// a time (judge it, then build it; find it, then change it), and a
    /// listing reads each item once, so keeping more only cost copies.
    private var lastPosition = -1
    private var lastItem: CheckedFeedItem?

    /// Nil when `bytes` carry no matching seal, or their data is not an
    /// array of objects: the file is then checked in full. `fullCheck`
    /// checks the file in full, for errors.
    init?(bytes: [UInt8], fullPath: String, fullCheck: @escaping () throws -> Void) {
        guard let array = FeedSeal.sealedArray(in: bytes), let starts = Self.itemStarts(bytes, array) else { return nil }
        self.bytes = bytes
        self.starts = starts
        arrayEnd = array.upperBound - 1
        self.fullCheck = fullCheck
        self.fullPath = fullPath
    }

    var count: Int { starts.count }

    /// The item at `position`, read as strictly as a full check reads it;
    /// kept as the last item read unless `keeping` is false (a listing,
    /// which reads each item once, is spared copying it in and out).
    func item(at position: Int, keeping: Bool = true) throws -> CheckedFeedItem {
        if position == lastPosition, let lastItem { return lastItem }
        var reader = JSONReader(bytes)
        reader.offset = starts[position]
        reader.depth = 2
        let end = position + 1 < starts.count ? starts[position + 1] - 1 : arrayEnd
        do throws(JSONReadError) {
            let item = try CheckedFeedItem.read(from: &reader)
            if reader.offset == end {
                if keeping {
                    lastPosition = position
                    lastItem = item
                }
                return item
            }
        } catch {}
        try fullCheck()
        throw StoreError.damaged(path: fullPath, reason: "its seal does not match its items")
    }

    /// The position of the item `id`, found by the bytes of its `"id":"…"`
    /// member (near each item's start: only three members sort before it;
    /// inside a string every quote is escaped, so nothing else reads so)
    /// and then read; nil when no item has it.
    func position(of id: EntityID) throws -> Int? {
        let member = Array("\"id\":\"\(id.rawValue)\"".utf8)
        for (position, start) in starts.enumerated() {
            let end = min(position + 1 < starts.count ? starts[position + 1] : arrayEnd, start + Self.idWindow)
            // Most items start with their ID: `{"id":"`.
            var at = bytes[start + 1] == UInt8(ascii: "\"") && bytes[start + 2] == UInt8(ascii: "i") ? start + 1 : start + 2
            while at + member.count <= end {
                if bytes[at] == UInt8(ascii: "\""), bytes[at + 1] == UInt8(ascii: "i"), bytes[at + 2] == UInt8(ascii: "d"),
                   bytes[at + 3] == UInt8(ascii: "\""), bytes[at..<at + member.count].elementsEqual(member) {
                    if try item(at: position).id.elementsEqual(id.rawValue.utf8) { return position }
                    // The bytes said so but the item does not (a forged seal): ask every item.
                    for other in 0..<count where try item(at: other).id.elementsEqual(id.rawValue.utf8) { return other }
                    return nil
                }
                // The first member was the ID, and not this one: the item is another.
                if at == start + 1 { break }
                at += 1
            }
        }
        return nil
    }

    /// How far into an item its ID may start: after `acknowledgedBy`,
    /// `deliveredAt` and `duress`, the members that sort before it.
    private static let idWindow = 240

    /// Where the items of the array at `array` start: the first right after
    /// its `[`, each other right after a `},` that a `{"` and a letter
    /// follow. In JSON that the seal promises is flat objects, nothing else
    /// looks so: inside a string every `"` is escaped, so a `{"` there ends
    /// the string, which a `,` or `}` then follows, never a letter. Nil when
    /// the array does not hold objects.
    static func itemStarts(_ bytes: [UInt8], _ array: Range<Int>) -> [Int]? {
        let first = array.lowerBound + 1
        let close = array.upperBound - 1
        if first == close { return [] }
        guard bytes[first] == UInt8(ascii: "{"), bytes[close - 1] == UInt8(ascii: "}") else { return nil }
        var starts = [first]
        starts.reserveCapacity(FeedSummaryFile.defaultSegmentSize)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var i = first + 1
            // The last item's own `}` is at close - 1; a boundary needs four bytes after its `}`.
            while i < close - 1 {
                guard let found = memchr(base + i, Int32(UInt8(ascii: "}")), close - 1 - i) else { break }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + 4 < close, buffer[at + 1] == UInt8(ascii: ","), buffer[at + 2] == UInt8(ascii: "{"),
                   buffer[at + 3] == UInt8(ascii: "\""), Self.isLetter(buffer[at + 4]) {
                    starts.append(at + 2)
                    i = at + 5
                } else {
                    i = at + 1
                }
            }
        }
        return starts
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }
}
