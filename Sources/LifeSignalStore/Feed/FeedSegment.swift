import LifeSignalCore
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
    func feedIndex(at position: Int) throws -> Int {
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
        for position in 0..<count where try hasID(id, at: position) { return position }
        return nil
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

/// A sealed segment's items: where each starts, found by a scan of its
/// structure, and each read (`CheckedFeedItem`) the first time it is used.
final class SealedSegment {
    private let bytes: [UInt8]
    private let starts: [Int]
    private let fullPath: String
    private var read: [CheckedFeedItem?]

    /// Nil when `bytes` carry no matching seal, or their data is not an
    /// array of objects: the file is then checked in full.
    init?(bytes: [UInt8], fullPath: String) {
        guard let array = FeedSeal.sealedArray(in: bytes), let starts = Self.elementStarts(bytes, array) else { return nil }
        self.bytes = bytes
        self.starts = starts
        self.fullPath = fullPath
        read = Array(repeating: nil, count: starts.count)
    }

    var count: Int { starts.count }

    /// The item at `position`, read as strictly as a full check reads it;
    /// a problem is reported as the full check would report it.
    func item(at position: Int) throws -> CheckedFeedItem {
        if let done = read[position] { return done }
        var reader = JSONReader(bytes)
        reader.offset = starts[position]
        reader.depth = 2
        do throws(JSONReadError) {
            let item = try CheckedFeedItem.read(from: &reader)
            read[position] = item
            return item
        } catch {
            let placed = error.within(.index(position)).within(.member(StoreEnvelopeReader.dataMember))
            throw StoreError.damaged(path: fullPath, reason: placed.reason)
        }
    }

    /// Where the elements of the array at `array` start, found by
    /// following strings and brackets only; nil when one is not an object
    /// or the brackets do not balance. Bounded by the input, whatever it
    /// is. (Each element is read strictly when it is used.)
    static func elementStarts(_ bytes: [UInt8], _ array: Range<Int>) -> [Int]? {
        bytes.withUnsafeBufferPointer { buffer -> [Int]? in
            var starts: [Int] = []
            starts.reserveCapacity(FeedSummaryFile.defaultSegmentSize)
            var i = array.lowerBound + 1
            let end = array.upperBound - 1
            var depth = 0
            while i < end {
                let byte = buffer[i]
                switch byte {
                case UInt8(ascii: "\""):
                    i += 1
                    while i < end, buffer[i] != UInt8(ascii: "\"") { i += buffer[i] == UInt8(ascii: "\\") ? 2 : 1 }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth == 0 {
                        guard byte == UInt8(ascii: "{") else { return nil }
                        starts.append(i)
                    }
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    guard depth >= 0 else { return nil }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                    break
                default:
                    // Between elements only commas and whitespace.
                    guard depth > 0 else { return nil }
                }
                i += 1
            }
            return depth == 0 ? starts : nil
        }
    }
}
