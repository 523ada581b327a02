import Testing

@testable import DurableFiles
import TestSupport

/// Walking a store's files one at a time (`DirectoryReader.forEachFile`)
/// hands over what `files(under:)` lists, in the same path order, also
/// where a directory's name is a prefix of other names (`a`, `a-b`,
/// `a.json`, whose files sort around those in `a/`).
struct FileWalkTests {
    static let paths = ["a-b", "a.json", "a/x", "a/y/z", "a0", "b/c", "ab/c", "z"]

    @Test(arguments: ["", "a", "a/y", "b", "missing"])
    func theWalkFollowsTheListing(_ directory: String) throws {
        let scratch = TemporaryDirectory()
        let store = try DurableDirectory(root: scratch.child("store"))
        try store.write { tx in
            for path in Self.paths { try tx.write(path, bytes(path)) }
        }
        let (listed, walked) = try store.read { reader in
            var walked: [String] = []
            try reader.forEachFile(under: directory) { walked.append($0) }
            return (try reader.files(under: directory), walked)
        }
        #expect(walked == listed, "under \"\(directory)\"")
        #expect(walked == walked.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
