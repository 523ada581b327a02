import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
import Testing
import TestSupport

/// A sealed segment (`FeedSeal`) reads as the full check reads it; any
/// change to its bytes breaks the seal, so the file is checked in full and
/// damage is reported exactly as before; a seal over bad bytes (forged)
/// still lets no bad item through.
struct FeedSealTests {
    static let path = "accounts/0a1b2c3d-0000-4000-8000-000000000000/feed/0.json"

    /// Segments as the store writes them, awkward text included.
    static func samples(_ seed: UInt64, count: Int = 8) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        let codec = StoreCodec(root: "/store")
        return (0..<count).map { _ in
            var items = SegmentSamples.items(&random, upTo: 12)
            if items.isEmpty { items = [SegmentSamples.item(&random)] }
            // IDs are unique within a segment, as the store keeps them.
            var seen = Set<EntityID>()
            items = items.filter { seen.insert($0.id).inserted }
            return FeedSeal.seal(codec.encode(items))
        }
    }

    @Test(arguments: 0..<6)
    func aSealedSegmentReadsAsTheFullCheckReadsIt(_ batch: Int) throws {
        let store = LayoutStore.empty(name: "/store")
        for bytes in Self.samples(UInt64(4_100 + batch)) {
            let full = try store.decodeFeedSegment(bytes, path: Self.path)
            let sealed = try #require(SealedSegment(bytes: bytes, fullPath: "/store/" + Self.path))
            let segment = FeedSegment(sealed: sealed)
            #expect(try segment.items() == full)
            // Newest first and one at a time, as a listing reads them.
            for position in (0..<full.count).reversed() {
                #expect(try segment.item(at: position) == full[position])
                #expect(try segment.isRead(at: position) == full[position].isRead)
                #expect(try segment.type(at: position) == full[position].type)
            }
        }
    }

    @Test func anyChangedByteBreaksTheSeal() throws {
        let bytes = try #require(Self.samples(4_200, count: 1).first)
        #expect(FeedSeal.sealedArray(in: bytes) != nil)
        for offset in bytes.indices {
            var flipped = bytes
            flipped[offset] ^= 0x01
            #expect(FeedSeal.sealedArray(in: flipped) == nil, "byte \(offset) flipped")
            var changed = bytes
            changed[offset] = changed[offset] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            #expect(FeedSeal.sealedArray(in: changed) == nil, "byte \(offset) changed")
            var cut = bytes
            cut.remove(at: offset)
            #expect(FeedSeal.sealedArray(in: cut) == nil, "byte \(offset) removed")
            #expect(FeedSeal.sealedArray(in: Array(bytes[..<offset])) == nil, "cut at \(offset)")
        }
    }

    /// The listing of a damaged sealed segment fails with the full check's
    /// error, naming the file, as it did before seals.
    @Test func aDamagedSealedSegmentIsReportedAsBefore() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        for step in 0..<30 {
            _ = try world.store.appendFeed(FeedDraft(type: .ping, title: "item \(step)", message: "m"),
                                           to: ada.id, id: world.env.newID(), at: world.now)
        }
        let path = StoreLayout.feedSegment(ada.id, 0)
        let written = try #require(try world.files.read(path))
        #expect(FeedSeal.sealedArray(in: written) != nil, "the store seals what it writes")
        // The oldest item's date made impossible: a listing of the newest 5 never shows it.
        let text = String(decoding: written, as: UTF8.self)
        let date = try #require(text.range(of: "\"timestamp\":\"2026-"))
        var damaged = text
        damaged.replaceSubrange(date, with: "\"timestamp\":\"2026+")
        try world.files.write(path, Array(damaged.utf8))

        let expected = #expect(throws: StoreError.self) {
            try LayoutStore.empty(name: world.backend.name).decodeFeedSegment(Array(damaged.utf8), path: path)
        }
        let fresh = LayoutStore(world.files, name: world.backend.name)
        let listed = #expect(throws: StoreError.self) {
            try NotificationService(store: fresh).list(of: ada.id, filter: nil, unreadOnly: false, limit: 5)
        }
        #expect(listed.map { "\($0)" } == expected.map { "\($0)" })
        #expect(listed.map { "\($0)" }?.contains(world.backend.name + "/" + path) == true)
    }

    /// A seal over bytes lifesignal never wrote (forged): an item that is
    /// used is still read strictly and refused with its place named.
    @Test func aForgedSealLetsNoBadItemThrough() throws {
        let item = #"{"id":"0a1b2c3d-0000-4000-8000-000000000001","index":0,"isCritical":false,"isRead":false,"#
            + #""message":"m","timestamp":"not a date","title":"t","type":"ping"}"#
        let forged = FeedSeal.seal(Array(#"{"data":[\#(item)],"schemaVersion":1}"#.utf8) + [UInt8(ascii: "\n")])
        let sealed = try #require(SealedSegment(bytes: forged, fullPath: "/store/" + Self.path))
        let unsealed = Array(forged[..<(forged.count - FeedSeal.tailLength)]) + Array("}\n".utf8)
        let expected = #expect(throws: StoreError.self) {
            try LayoutStore.empty(name: "/store").decodeFeedSegment(unsealed, path: Self.path)
        }
        let error = #expect(throws: StoreError.self) { try sealed.item(at: 0) }
        #expect(error.map { "\($0)" } == expected.map { "\($0)" })
    }

    @Test(arguments: [
        ("another envelope", #"{"other":[1,2]}"#),
        ("data not an array", #"{"data":{},"schemaVersion":1}"#),
        ("an element not an object", #"{"data":[1],"schemaVersion":1}"#),
        ("unbalanced", #"{"data":[{"a":[}],"schemaVersion":1}"#),
        ("a newer version", #"{"data":[],"schemaVersion":2}"#),
        ("an unclosed string", #"{"data":[{"a":"\"}],"schemaVersion":1}"#),
    ])
    func aSealOverOtherShapesIsNotTrusted(_ name: String, _ text: String) {
        let sealed = FeedSeal.seal(Array(text.utf8) + [UInt8(ascii: "\n")])
        #expect(SealedSegment(bytes: sealed, fullPath: "/store/x") == nil, "\(name)")
    }
}
