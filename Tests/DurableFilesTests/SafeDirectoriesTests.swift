import Foundation
import SystemFiles
import Testing

@testable import DurableFiles

/// The set of directories found safe: exact by bytes, through its growth,
/// and each directory looked at once however many files are read in it.
struct SafeDirectoriesTests {
    @Test("every directory put in is found, through many growths, and nothing else is")
    func membership() {
        let known = SafeDirectories()
        let paths = (0..<5_000).map { "accounts/\(String($0, radix: 16))" }
        for path in paths where path.hasSuffix("7") == false { known.insert(path) }
        for path in paths { #expect(known.contains(path) == !path.hasSuffix("7"), "\(path)") }
        #expect(!known.contains("accounts"))
        #expect(!known.contains("accounts/"))
        #expect(!known.contains("accounts/10/"))
        #expect(!known.contains(""))
    }

    @Test("a walk of a whole store remembers at most so many directories, and the latest of them")
    func bounded() {
        let known = SafeDirectories()
        let total = 3 * SafeDirectories.capacity + 5
        for number in 0..<total {
            known.insert("accounts/\(String(number, radix: 16))/checkins")
            #expect(known.count <= SafeDirectories.capacity)
        }
        #expect(known.count == 5, "started afresh after each full set: 5 since the last")
        #expect(known.contains("accounts/\(String(total - 1, radix: 16))/checkins"))
        #expect(!known.contains("accounts/0/checkins"), "forgotten: looked at again when needed")
    }

    @Test("keys are bytes: a prefix, a longer path, or another spelling of one letter is another directory")
    func bytesAreKeys() {
        let known = SafeDirectories()
        known.insert("accounts/abc")
        known.insert("caf\u{E9}")
        #expect(known.contains("accounts/abc"))
        #expect(!known.contains("accounts/ab"))
        #expect(!known.contains("accounts/abcd"))
        #expect(!known.contains("Accounts/abc"))
        #expect(known.contains("caf\u{E9}"))
        #expect(!known.contains("cafe\u{301}"), "the same text in another normal form is another name to a file system")
        known.insert("")
        #expect(known.contains(""))
    }

    @Test("reading a thousand files in a thousand directories looks at each directory once")
    func eachDirectoryOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("safe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = FaultInjectingFileSystem()
        var paths: [String] = []
        for number in 0..<1_000 {
            let directory = "accounts/\(number)"
            try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            paths.append(directory + "/account.json")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root + "/accounts")
        let known = SafeDirectories()
        for _ in 0..<2 {
            for path in paths { try files.requireSafeDirectories(root: root, toward: path, known: known) }
        }
        let looks = files.calls.filter { $0.operation == .lstat }.map(\.path)
        #expect(looks.count == 1_001, "accounts once, then each account's directory once")
        #expect(Set(looks).count == looks.count)
    }

    @Test("a link planted below a directory found safe is still refused")
    func linkBelowKnown() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("safe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/accounts/a", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root + "/accounts")
        try FileManager.default.createSymbolicLink(atPath: root + "/accounts/b", withDestinationPath: root + "/accounts/a")
        let files = SystemFileSystem()
        let known = SafeDirectories()
        try files.requireSafeDirectories(root: root, toward: "accounts/a/account.json", known: known)
        #expect(throws: DurableFilesError.self) {
            try files.requireSafeDirectories(root: root, toward: "accounts/b/account.json", known: known)
        }
    }
}
