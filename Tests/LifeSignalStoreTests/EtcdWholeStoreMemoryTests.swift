import EtcdClient
@testable import EtcdStore
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// Whole-store work on etcd keeps a page in memory, not the store (issue
/// 32.3): `doctor` and `store copy` both ways, counted by the paths a
/// whole-store snapshot held at once besides the page in hand
/// (`EtcdBackend.peakPathsHeld`). Before, the doctor and the copy's count
/// held a listing of every key (twice over for the doctor's accounts), and
/// the orphan check a set of every path.
@Suite(.serialized) struct EtcdWholeStoreMemoryTests {
    /// Enough accounts that their files outnumber what one part of the doctor holds several times.
    static let people = 200

    @Test(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)))
    func doctorAndCopyHoldAPartNotTheStore() throws {
        let (world, etcd, files, location) = try EtcdWholeStoreRequestsTests.store(people: Self.people)
        #expect(files > Self.people * 6, "\(files) files")
        // The copy in: its read-back of the etcd store.
        let copyingIn = etcd.peakPathsHeld
        #expect(copyingIn < files / 10, "the copy's read-back held \(copyingIn) paths of \(files)")

        let doctor = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let examined = try StoreDoctor(store: SharedStore(backend: doctor)).examine()
        #expect(examined.isHealthy, "\(examined.findings)")
        #expect(examined.accounts == Self.people)
        let json = world.contents.keys.filter { $0.hasSuffix(".json") }.count
        #expect(examined.filesChecked == json, "\(examined.filesChecked) of \(json)")
        // Sixteen accounts' files and their contacts' lists at a time, whatever the store's size.
        #expect(doctor.peakPathsHeld < files / 3, "doctor held \(doctor.peakPathsHeld) paths of \(files)")
        // Its count of the files and the orphan check share one walk of the key list (it was two).
        #expect(doctor.wholeStoreKeyWalks == 1, "doctor read the whole key list \(doctor.wholeStoreKeyWalks) times")

        let reading = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let back = MemoryBackend(name: "memory:back")
        _ = try StoreCopy(from: SharedStore(backend: reading), to: SharedStore(backend: back)).run()
        #expect(back.contents.count == files)
        #expect(reading.peakPathsHeld < files / 10, "the copy out held \(reading.peakPathsHeld) paths of \(files)")
    }

    /// Keys that are no file (an unknown key among the backend's own, a
    /// key that is no valid path) are found by the doctor's one walk of
    /// the key list, which also counts the files.
    @Test(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)))
    func strayKeysAreFoundInTheDoctorsOneWalk() throws {
        let (_, etcd, _, location) = try EtcdWholeStoreRequestsTests.store(people: 4)
        let prefix = etcd.keys.prefix
        _ = try EtcdCluster.shared("conformance").client().txn(TxnRequest(compares: [], success: [
            .put(key: prefix + Array(".other/x".utf8), value: [1]),
            .put(key: prefix + Array("stray//x".utf8), value: [2]),
        ]))
        let doctor = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let report = try StoreDoctor(store: SharedStore(backend: doctor)).examine()
        let found = report.findings.map { "\($0.path.dropFirst(doctor.name.count + 1)): \($0.problem)" }
        #expect(found.contains(".other/x: is not one of lifesignal's keys"), "\(found)")
        #expect(found.contains { $0.hasPrefix("stray//x: is no file lifesignal can read (") }, "\(found)")
        #expect(doctor.wholeStoreKeyWalks == 1, "doctor read the whole key list \(doctor.wholeStoreKeyWalks) times")
    }

    @Test(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)))
    func aFileThatIsAlsoADirectoryIsFound() throws {
        let (_, etcd, _, _) = try EtcdWholeStoreRequestsTests.store(people: 4)
        try etcd.write { transaction in
            try transaction.write("stray/a", [1])
            try transaction.write("stray/a-b", [2])
            try transaction.write("stray/a/b/c", [3])
            try transaction.write("stray/a/b", [4])
        }
        let (_, findings) = try etcd.inspect { _ in }
        let clashes = findings.filter { $0.problem.contains("a file and a directory at once") }
            .map { "\($0.path.dropFirst(etcd.name.count + 1)): \($0.problem)" }
        #expect(clashes == [
            "stray/a: is a file and a directory at once (stray/a/b is below it)",
            "stray/a/b: is a file and a directory at once (stray/a/b/c is below it)",
            "stray/a: is a file and a directory at once (stray/a/b/c is below it)",
        ], "\(findings)")
    }
}

/// The files-below-files check over paths in byte order.
struct FilesBelowFilesTests {
    static func clashes(_ paths: [String]) -> (found: [String], peak: Int) {
        var check = FilesBelowFiles()
        var found: [String] = []
        for path in paths.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            found += check.note(Array(path.utf8)).map { String(decoding: $0, as: UTF8.self) + " above " + path }
        }
        return (found, check.peakHeld)
    }

    @Test(arguments: [
        ("no clash", ["a/x", "a/y", "b"], [String]()),
        ("a file and its directory", ["a", "a/x"], ["a above a/x"]),
        ("names between a file and its directory", ["a", "a-b", "a.json", "a/x", "a/y"], ["a above a/x", "a above a/y"]),
        ("nested, nearest first", ["a", "a/b", "a/b/c"], ["a above a/b", "a/b above a/b/c", "a above a/b/c"]),
        ("a prefix that is no directory", ["ab", "ab/c", "a"], ["ab above ab/c"]),
        ("a longer name first", ["a-b", "a-b/c", "a"], ["a-b above a-b/c"]),
    ])
    func clashesAreFound(_ id: String, _ paths: [String], _ expected: [String]) {
        #expect(Self.clashes(paths).found == expected, "\(id)")
    }

    @Test func manyFilesAreNotHeld() {
        let paths = (0..<10_000).map { "accounts/\(1_000_000 + $0)/account.json" } + (0..<10_000).map { "phones/\($0).json" }
        let (found, peak) = Self.clashes(paths)
        #expect(found.isEmpty)
        #expect(peak <= 2, "held \(peak) files")
    }
}
