import LifeSignalCore
@testable import LifeSignalStore
import StrictJSON
import Testing
import TestSupport

/// `CheckedFeedItem.readCanonical` (items as the store writes them, names
/// compared in place) against `readMembers` (any order, every rule): it
/// reads every item the store writes, to the same value and the same end;
/// and on items changed byte by byte it never accepts what `readMembers`
/// refuses, nor reads an item differently.
struct CanonicalFeedItemTests {
    enum Reading: Equatable {
        case item(FeedItem, end: Int)
        case refused
    }

    static func canonical(_ bytes: [UInt8]) -> Reading? {
        var reader = JSONReader(bytes)
        guard let item = CheckedFeedItem.readCanonical(from: &reader) else {
            // Nothing consumed: the full reader starts where it would have.
            #expect(reader.offset == 0)
            return nil
        }
        return .item(item.item, end: reader.offset)
    }

    static func members(_ bytes: [UInt8]) -> Reading {
        var reader = JSONReader(bytes)
        guard let item = try? CheckedFeedItem.readMembers(from: &reader) else { return .refused }
        return .item(item.item, end: reader.offset)
    }

    /// One item as the store writes it (its writer, inside the segment's array).
    static func written(_ item: FeedItem) -> [UInt8] {
        var writer = JSONWriter()
        item.write(to: &writer)
        return writer.bytes
    }

    @Test(arguments: 0..<4)
    func readsEveryItemTheStoreWritesAsTheFullReaderDoes(batch: UInt64) {
        var random = SeededGenerator(seed: 7000 + batch)
        for item in SegmentSamples.items(&random, upTo: 60) {
            let bytes = Self.written(item)
            let read = Self.canonical(bytes)
            #expect(read != nil, "not read in place: \(String(decoding: bytes, as: UTF8.self))")
            #expect(read == Self.members(bytes))
        }
    }

    @Test(arguments: 0..<4)
    func neverAcceptsMoreThanTheFullReaderOnChangedItems(batch: UInt64) {
        var random = SeededGenerator(seed: 8000 + batch)
        // Bytes the writer uses, and ones that break its form.
        let replacements = Array(#"{}[]":,\ 0129aefnrtuxAZ-."#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF]
        for item in SegmentSamples.items(&random, upTo: 12) {
            let bytes = Self.written(item)
            for _ in 0..<150 {
                var changed = bytes
                let at = Int.random(in: changed.indices, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: changed[at] = SegmentSamples.pick(replacements, &random)
                case 1: changed.remove(at: at)
                default: changed.insert(SegmentSamples.pick(replacements, &random), at: at)
                }
                guard let read = Self.canonical(changed) else { continue }
                #expect(read == Self.members(changed), "\(String(decoding: changed, as: UTF8.self))")
            }
        }
    }

    @Test(arguments: [
        #"{"id":"0a1b2c3d-0000-4000-8000-000000000000","index":1}"#,
        #"{ "id":"0a1b2c3d-0000-4000-8000-000000000000"}"#,
        #"{"zzz":1,"id":"0a1b2c3d-0000-4000-8000-000000000000"}"#,
        "",
        "{",
    ])
    func leavesOtherFormsToTheFullReader(_ text: String) {
        #expect(Self.canonical(Array(text.utf8)) == nil)
    }
}
