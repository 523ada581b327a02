import LifeSignalCore
import LifeSignalStore
import StoreBackends
import Testing

/// What a signed-in command's hint leaves out of the files recent commands
/// learned (`SharedStore.expectReads`).
struct ExpectReadsTests {
    /// A feed's ID-index file is never kept among the learned files: one is
    /// picked afresh for each command (new items' IDs start like it), so a
    /// kept one would put every item of a feed in one file.
    @Test func learnedIDIndexFilesAreLeftOut() throws {
        let store = SharedStore(backend: MemoryBackend())
        let own = EntityID(randomBytes: Array(repeating: 1, count: 16)), other = EntityID(randomBytes: Array(repeating: 2, count: 16))
        let index = "accounts/\(other)/feed/ids/abc.json", summary = "accounts/\(other)/feed/summary.json"
        let leftOut = store.expectReads(of: own, sessionTokenHash: String(repeating: "a", count: 64), learned: [index, summary],
                                        random: .seeded(1))
        #expect(leftOut == [index])
    }
}
