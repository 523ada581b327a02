import Foundation
import StoreBackends
import Testing

/// A memory store's listings and commits cost what the directory listed
/// holds, not what the whole store holds: a test crowd of 10,000 accounts
/// made in one took 667 s in a debug build (1,000 took 11 s) when every
/// look and every commit's check visited every file of the store.
@Suite struct MemoryBackendScaleTests {
    @Test func listingAndCommittingInASmallDirectoryCostsTheSameInALargeStore() throws {
        var files: [String: [UInt8]] = [:]
        for i in 0..<10 { files["small/\(i)"] = [] }
        let small = try Self.seconds(MemoryBackend(files: files))
        for i in 0..<50_000 { files["other/\(i % 500)/\(i)"] = [] }
        let large = try Self.seconds(MemoryBackend(files: files))
        // Visiting every file at each look took seconds here; in proportion
        // to the directory, about the small store's time.
        #expect(large < small * 10 + 0.5, "200 looks and commits took \(large) s beside 50,000 other files, \(small) s alone")
    }

    /// Seconds that 200 transactions take, each listing `small` and writing there.
    static func seconds(_ backend: MemoryBackend) throws -> Double {
        let started = Date()
        for i in 0..<200 {
            try backend.write { transaction in
                _ = try transaction.list("small")
                try transaction.write("small/\(i % 10)", [UInt8(i % 256)])
            }
        }
        return Date().timeIntervalSince(started)
    }
}
