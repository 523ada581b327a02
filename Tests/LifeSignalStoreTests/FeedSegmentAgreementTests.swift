import Foundation
import LifeSignalCore
@testable import LifeSignalStore
@testable import StoreBackends
import StoreCodecKit
import TestSupport
import Testing

/// The hand-written segment reader (what every command uses) against the
/// `JSONDecoder` path it replaced (`StoreFileReference`):
/// on generated segments, in the store's own spelling and in many others,
/// both give exactly the same items; on damaged ones, the reader is never
/// more lenient.
struct FeedSegmentAgreementTests {
    static let root = "/store"
    static let path = "accounts/0a1b2c3d-0000-4000-8000-000000000000/feed/0.json"

    let codec = StoreCodec(root: root)
    let store = LayoutStore.empty(name: root)

    enum Outcome: Equatable {
        case items([FeedItem])
        case damaged
        case tooNew
    }

    func viaReader(_ bytes: [UInt8]) -> Outcome { Self.outcome { try store.decodeFeedSegment(bytes, path: Self.path) } }
    func viaDecoder(_ bytes: [UInt8]) -> Outcome {
        switch StoreFileReference.decode([FeedItem].self, bytes) {
        case .value(let items): .items(items)
        case .damaged: .damaged
        case .versionOutOfRange: .tooNew
        }
    }

    static func outcome(_ decode: () throws -> [FeedItem]) -> Outcome {
        do {
            return .items(try decode())
        } catch StoreError.damaged(let path, _) {
            #expect(path == root + "/" + self.path)
            return .damaged
        } catch StoreError.tooNew(let path, _, _) {
            #expect(path == root + "/" + self.path)
            return .tooNew
        } catch {
            Issue.record("an undocumented error: \(error)")
            return .damaged
        }
    }

    @Test(arguments: 0..<8)
    func agreesOnSegmentsAsTheStoreWritesThem(batch: UInt64) throws {
        var random = SeededGenerator(seed: 1000 + batch)
        for _ in 0..<40 {
            let items = SegmentSamples.items(&random, upTo: 30)
            let bytes = codec.encode(items)
            let read = viaReader(bytes)
            #expect(read == viaDecoder(bytes))
            guard case .items(let decoded) = read else {
                Issue.record("the reader refused a segment the store wrote: \(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            // Everything but the instant survives as it was; the instant as both decoders parse it.
            #expect(decoded.map(\.id) == items.map(\.id))
            #expect(decoded.map(\.title) == items.map(\.title) && decoded.map(\.message) == items.map(\.message))
            #expect(decoded.map(\.relatedPingID) == items.map(\.relatedPingID) && decoded.map(\.index) == items.map(\.index))
        }
    }

    @Test(arguments: 0..<8)
    func agreesOnOtherSpellingsOfTheSameData(batch: UInt64) {
        var random = SeededGenerator(seed: 2000 + batch)
        var spelling = SegmentSpelling(seed: 3000 + batch)
        for _ in 0..<40 {
            let bytes = spelling.segment(SegmentSamples.items(&random, upTo: 12))
            let read = viaReader(bytes)
            #expect(read == viaDecoder(bytes), "\(String(decoding: bytes, as: UTF8.self))")
            if case .items = read {} else { Issue.record("refused: \(String(decoding: bytes, as: UTF8.self))") }
        }
    }

    /// Random damage: whatever the reader accepts, `JSONDecoder` accepts with
    /// the same items; whatever `JSONDecoder` refuses, the reader refuses;
    /// and "too new" means the same file to both.
    @Test(arguments: 0..<8)
    func isNeverMoreLenientOnDamagedSegments(batch: UInt64) throws {
        var random = SeededGenerator(seed: 4000 + batch)
        var spelling = SegmentSpelling(seed: 5000 + batch)
        for round in 0..<150 {
            let items = SegmentSamples.items(&random, upTo: 4)
            var bytes = round % 2 == 0 ? codec.encode(items)
                : spelling.segment(items, schemaVersion: SegmentSamples.pick([0, 1, 1, 1, 2], &random))
            for _ in 0..<Int.random(in: 1...3, using: &random) { Self.damage(&bytes, &random) }
            let read = viaReader(bytes)
            let decoded = viaDecoder(bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            switch read {
            case .items: #expect(decoded == read, "\(text)")
            case .tooNew: #expect(decoded == .tooNew, "\(text)")
            case .damaged: break
            }
            if decoded == .damaged { #expect(read == .damaged, "\(text)") }
        }
    }

    /// One random change of the kinds files suffer: a byte flipped, cut,
    /// dropped, doubled, or replaced by a JSON-significant one.
    static func damage(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
        guard !bytes.isEmpty else { return }
        let at = Int.random(in: bytes.indices, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &random)
        case 1: bytes.removeSubrange(at...)
        case 2: bytes.remove(at: at)
        case 3: bytes.insert(bytes[at], at: at)
        default: bytes[at] = SegmentSamples.pick(Array("{}[]\",:\\ 0-1en".utf8) + [0, 0x80, 0xFF], &random)
        }
    }
}
