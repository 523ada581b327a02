import LifeSignalStore
import StoreBackends
import StoreOpening
import Testing

/// Whole-store reads keep the contract on every backend: `forEachFile`
/// hands over exactly the files and bytes that listing and reading give,
/// in path order, across many pages and pages shrunk by large files, and
/// with a transaction's own changes; `prefetch` changes no answer, before
/// or after it forgets what it brought.
@Suite(.serialized) struct WholeStoreReadConformanceTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// 300 small files (many pages of a few), three of 600 kB (a page
    /// shrinks to stay within a response's limit) and a file at the top.
    static func fill(_ store: any StoreBackend) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = ["top": bytes("top")]
        for number in 0..<300 { files["many/\(number)/file.json"] = bytes("file \(number)") }
        for number in 0..<3 { files["large/\(number)"] = [UInt8](repeating: UInt8(65 + number), count: 600_000) }
        // Within what one commit takes on any backend.
        let paths = files.keys.sorted()
        var start = 0
        while start < paths.count {
            let part = paths[start..<min(start + 100, paths.count)]
            var end = part.startIndex, size = 0
            while end < part.endIndex, end == part.startIndex || size + files[part[end]]!.count < 1_000_000 {
                size += files[part[end]]!.count
                end += 1
            }
            try store.write { tx in for path in paths[start..<end] { try tx.write(path, files[path]!) } }
            start = end
        }
        return files
    }

    static func streamed(_ snapshot: any StoreSnapshot, under directory: String) throws -> [(String, [UInt8])] {
        var seen: [(String, [UInt8])] = []
        try snapshot.forEachFile(under: directory) { seen.append(($0, $1)) }
        return seen
    }

    @Test(arguments: Conformer.all)
    func everyFileComesOnceInPathOrderWithItsBytes(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        defer { withExtendedLifetime(subject) {} }
        let store = try subject.open()
        let files = try Self.fill(store)
        try store.read { snapshot in
            let all = try Self.streamed(snapshot, under: "")
            #expect(all.map(\.0) == files.keys.sorted())
            #expect(all.allSatisfy { files[$0.0] == $0.1 })
            let some = try Self.streamed(snapshot, under: "many")
            #expect(some.map(\.0) == files.keys.filter { $0.hasPrefix("many/") }.sorted())
            #expect(try Self.streamed(snapshot, under: "nowhere").isEmpty)
        }
        try? store.write { tx in
            try tx.write("many/0/file.json", Self.bytes("changed"))
            try tx.delete("large/1")
            try tx.write("many/new.json", Self.bytes("new"))
            let seen = try Self.streamed(tx, under: "")
            var expected = files
            expected["many/0/file.json"] = Self.bytes("changed")
            expected["large/1"] = nil
            expected["many/new.json"] = Self.bytes("new")
            #expect(seen.map(\.0) == expected.keys.sorted(), "a transaction sees its own changes")
            #expect(seen.allSatisfy { expected[$0.0] == $0.1 })
            throw StoreBackendConformanceTests.Abandon()
        }
    }

    @Test(arguments: Conformer.all)
    func aPrefetchChangesNoAnswer(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        defer { withExtendedLifetime(subject) {} }
        let store = try subject.open()
        let files = try Self.fill(store)
        try store.read { snapshot in
            try snapshot.prefetch(.wholeStore(files: ["top", "missing", "many/7/file.json"], under: ["many/1", "large"]))
            #expect(try snapshot.read("top") == files["top"])
            #expect(try snapshot.read("missing") == nil)
            #expect(try snapshot.read("many/1/file.json") == files["many/1/file.json"])
            #expect(try snapshot.read("many/1/other.json") == nil)
            #expect(try snapshot.files(under: "large") == ["large/0", "large/1", "large/2"])
            // The next one forgets what this one brought: the answers stay.
            try snapshot.prefetch(.wholeStore(files: ["many/8/file.json"], under: ["many/2"]))
            #expect(try snapshot.read("large/2") == files["large/2"])
            #expect(try snapshot.read("many/7/file.json") == files["many/7/file.json"])
            #expect(try snapshot.list("many/1") == ["file.json"])
            #expect(try snapshot.files(under: "many").count == 300)
        }
    }
}
