import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
@testable import StoreBackends
import StoreCodecKit
import TestSupport
import Testing

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

    /// The digest as it was first written, a word a turn of the loop: the
    /// seals in every store were made so, and must still match.
    static func referenceDigest(_ bytes: [UInt8]) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var state: UInt64 = 0x6C69_6665_7369_676E ^ UInt64(bytes.count)
        var offset = 0
        while bytes.count - offset >= 8 {
            var word: UInt64 = 0
            for k in 0..<8 { word |= UInt64(bytes[offset + k]) << UInt64(8 * k) }
            state = (state ^ word) &* multiplier
            state ^= state >> 29
            offset += 8
        }
        var last: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { last |= UInt64(byte) << UInt64(8 * shift) }
        state = (state ^ last) &* multiplier
        state ^= state >> 32
        return state
    }

    @Test func theDigestIsTheOneSealsWereMadeWith() {
        var random = SeededGenerator(seed: 4_099)
        for count in Array(0..<80) + [255, 256, 257, 4_096, 32_771] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(FeedSeal.digest(bytes[...]) == Self.referenceDigest(bytes), "\(count) bytes")
            // A slice that does not start at 0, as a file's bytes before its seal are not.
            if count > 3 { #expect(FeedSeal.digest(bytes[3...]) == Self.referenceDigest(Array(bytes[3...]))) }
        }
    }

    @Test(arguments: 0..<6)
    func aSealedSegmentReadsAsTheFullCheckReadsIt(_ batch: Int) throws {
        let store = LayoutStore.empty(name: "/store")
        for bytes in Self.samples(UInt64(4_100 + batch)) {
            let full = try store.decodeFeedSegment(bytes, path: Self.path)
            let sealed = try #require(SealedSegment(bytes: bytes, fullPath: "/store/" + Self.path) {
                _ = try store.decodeFeedSegment(bytes, path: Self.path)
            })
            let segment = FeedSegment(sealed: sealed)
            #expect(try segment.items() == full)
            // Newest first and one at a time, as a listing reads them.
            for position in (0..<full.count).reversed() {
                #expect(try segment.item(at: position) == full[position])
                #expect(try segment.isRead(at: position) == full[position].isRead)
                #expect(try segment.type(at: position) == full[position].type)
                #expect(try segment.position(of: full[position].id) == position)
            }
            let absent = EntityID(validating: "0a1b2c3d-0000-4000-8000-00000000ffff")!
            #expect(try segment.position(of: absent) == (full.firstIndex { $0.id == absent }))
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
        let path = StorePaths.feedSegment(ada.id, 0)
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
        let store = LayoutStore.empty(name: "/store")
        let sealed = try #require(SealedSegment(bytes: forged, fullPath: "/store/" + Self.path) {
            _ = try store.decodeFeedSegment(forged, path: Self.path)
        })
        let expected = #expect(throws: StoreError.self) { try store.decodeFeedSegment(forged, path: Self.path) }
        let error = #expect(throws: StoreError.self) { try sealed.item(at: 0) }
        #expect(error.map { "\($0)" } == expected.map { "\($0)" })
    }

    /// A sealed ID index file answers a lookup as its full reading does,
    /// and a changed byte anywhere sends the lookup to the full reading.
    @Test(arguments: 0..<4)
    func aSealedIDIndexAnswersAsItsFullReading(_ batch: Int) throws {
        var random = SeededGenerator(seed: UInt64(4_300 + batch))
        let entries = (0..<40).map { _ in FeedIDEntry(id: SegmentSamples.id(&random), index: Int.random(in: 0..<100_000, using: &random)) }
            .sorted { $0.id.rawValue < $1.id.rawValue }
        let bytes = FeedSeal.seal(StoreCodec(root: "/store").encode(entries))
        for entry in entries {
            for length in [4, 8, 36] {
                let prefix = String(entry.id.rawValue.prefix(length))
                let expected = entries.filter { $0.id.rawValue.hasPrefix(prefix) }
                #expect(LayoutStore.sealedEntries(bytes, idPrefix: Array(prefix.utf8)) == expected, "\(prefix)")
            }
        }
        #expect(LayoutStore.sealedEntries(bytes, idPrefix: Array("ffffffff-".utf8)) == entries.filter { $0.id.rawValue.hasPrefix("ffffffff-") })
        for offset in stride(from: 0, to: bytes.count, by: 7) {
            var changed = bytes
            changed[offset] ^= 0x04
            #expect(LayoutStore.sealedEntries(changed, idPrefix: Array(entries[0].id.rawValue.utf8)) == nil, "byte \(offset)")
        }
    }

    /// Other shapes under a seal: not trusted at all, or each item used is
    /// refused with the full check's error (or, for a valid file that is
    /// not the flat shape a seal promises, as not matching its seal).
    @Test(arguments: [
        ("another envelope", #"{"other":[1,2]}"#, nil),
        ("data not an array", #"{"data":{},"schemaVersion":1}"#, nil),
        ("an element not an object", #"{"data":[1],"schemaVersion":1}"#, nil),
        ("a newer version", #"{"data":[],"schemaVersion":2}"#, nil),
        ("unbalanced", #"{"data":[{"a":[}],"schemaVersion":1}"#, "full"),
        ("an unclosed string", #"{"data":[{"a":"\"}],"schemaVersion":1}"#, "full"),
        ("two items run together", #"{"data":[\#(Self.item(1)) \#(Self.item(2))],"schemaVersion":1}"#, "full"),
        ("a nested member", #"{"data":[\#(Self.item(1, extra: #","x":[{"y":1},{"z":2}]"#))],"schemaVersion":1}"#,
         "seal"),
    ] as [(String, String, String?)])
    func aSealOverOtherShapesIsNotTrusted(_ name: String, _ text: String, _ refusal: String?) throws {
        let bytes = FeedSeal.seal(Array(text.utf8) + [UInt8(ascii: "\n")])
        let store = LayoutStore.empty(name: "/store")
        let sealed = SealedSegment(bytes: bytes, fullPath: "/store/" + Self.path) {
            _ = try store.decodeFeedSegment(bytes, path: Self.path)
        }
        guard let refusal else {
            #expect(sealed == nil, "\(name)")
            return
        }
        let segment = try #require(sealed, "\(name)")
        let error = #expect(throws: StoreError.self, "\(name)") { for p in 0..<segment.count { _ = try segment.item(at: p) } }
        if refusal == "full" {
            let expected = #expect(throws: StoreError.self) { try store.decodeFeedSegment(bytes, path: Self.path) }
            #expect(error.map { "\($0)" } == expected.map { "\($0)" }, "\(name)")
        } else {
            #expect(try store.decodeFeedSegment(bytes, path: Self.path).count == 1, "\(name) reads when checked in full")
            #expect(error.map { "\($0)" }?.contains("its seal does not match its items") == true, "\(name)")
        }
    }

    /// An item as the store writes it, numbered, with `extra` members after its ID.
    static func item(_ number: Int, extra: String = "") -> String {
        #"{"id":"0a1b2c3d-0000-4000-8000-00000000000\#(number)"\#(extra),"index":\#(number),"isCritical":false,"#
            + #""isRead":false,"message":"m","timestamp":"2026-03-01T09:00:00Z","title":"t","type":"ping"}"#
    }
}
