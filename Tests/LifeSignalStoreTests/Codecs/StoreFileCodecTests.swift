import FoundationEssentials
import TestSupport
import LifeSignalCore
@testable import LifeSignalStore
import Testing

/// The hand-written codec of every kind of store data against the
/// `Codable` conformance it replaced (`StoreFileReference`): the same bytes
/// written, the same values read, and, on damaged files, never more lenient.
/// A property a codec does not know fails here, by name.
struct StoreFileCodecTests {
    /// A stored property the codec does not know would be dropped on the
    /// next write; a member the codec knows that the type lacks is a typo.
    @Test(arguments: CodecSamples.all)
    func theCodecKnowsEveryStoredProperty(_ sample: StoreCodecSample) {
        for problem in sample.unknownMembers { Issue.record("\(problem)") }
        #expect(sample.codecFields == sample.codecFields.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                "StoreField lists the members in byte-wise order, as the files keep them")
    }

    /// Each case of a codec's `StoreField` is named as the member at its
    /// position in `names`, and numbered by that position: the reader finds
    /// a case from the position of the name it matched.
    @Test(arguments: CodecSamples.all)
    func everyFieldCaseSitsAtItsName(_ sample: StoreCodecSample) {
        for problem in sample.misplacedFields { Issue.record("\(problem)") }
    }

    /// The populated sample must exercise every property, or a forgotten
    /// member would round-trip unnoticed as nil.
    @Test(arguments: CodecSamples.all)
    func thePopulatedSampleSetsEveryProperty(_ sample: StoreCodecSample) {
        for problem in sample.unsetProperties { Issue.record("\(problem) in CodecSamples") }
    }

    @Test(arguments: CodecSamples.all)
    func bothCodecsWriteAndReadTheSame(_ sample: StoreCodecSample) {
        for problem in sample.roundTripProblems() { Issue.record("\(sample.description): \(problem)") }
    }

    /// Damaged copies of the populated file: whatever the codec accepts,
    /// `JSONDecoder` accepts with the same value.
    @Test(arguments: CodecSamples.all)
    func damageNeverMakesTheCodecMoreLenient(_ sample: StoreCodecSample) {
        for problem in sample.damageProblems(rounds: 400, seed: UInt64(sample.populatedFile.count)) { Issue.record("\(problem)") }
    }

    /// Every file of a store made by the services is read the same way by both.
    @Test func everyFileOfAStoreReadsTheSameBothWays() {
        var kinds = Set<String>()
        for (path, bytes) in StoreFixture.shared.files.sorted(by: { $0.key < $1.key }) {
            guard let kind = StoreFileDifferential.kind(of: path) else { continue }
            kinds.insert(kind.description)
            #expect(kind.disagreement(bytes) == nil, "\(path)")
            #expect(kind.isReadByHand(bytes), "\(path) is not read by its codec")
        }
        #expect(kinds.count >= 10, "the fixture holds \(kinds.sorted())")
    }
}
