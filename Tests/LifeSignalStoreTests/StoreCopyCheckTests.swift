import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// A copy's read-back finds what differs from what it wrote, and names the
/// file, wherever it lies among the ledger's segments (the first file, the
/// middle of a segment, the last), with the same reasons as when every
/// file had a digest of its own.
struct StoreCopyCheckTests {
    /// What happens to the destination right after the copy publishes it.
    enum Tamper {
        case alter(String)
        case remove(String)
        case add(String)
    }

    /// The source: a small world and 700 more files (three segments).
    static func files() throws -> [String: [UInt8]] {
        var files = try StoreCopyTests.source().contents
        for number in 0..<700 { files["extra/\(1000 + number)"] = Array("file \(number)".utf8) }
        return files
    }

    static let cases: [(id: String, tamper: Tamper, path: String, reason: String)] = [
        ("a file's bytes changed", .alter("extra/1300"), "extra/1300", "its bytes differ"),
        ("the first file gone", .remove("FIRST"), "FIRST", "it is missing"),
        ("a file gone mid-segment", .remove("extra/1450"), "extra/1450", "it is missing"),
        ("store.json gone", .remove("store.json"), "store.json", "it is missing"),
        ("a file not in the source", .add("extra/1300a"), "extra/1300a", "it is not in the source"),
        ("a file after every other", .add("zzz/last"), "zzz/last", "it is not in the source"),
        ("a file before every other", .add("0/first"), "0/first", "it is not in the source"),
        ("a lease left behind", .add("delivery/lease"), "delivery/lease", "it is not in the source"),
    ]

    @Test(arguments: cases.indices)
    func aDifferenceIsNamed(_ index: Int) throws {
        let (id, tamper, path, reason) = Self.cases[index]
        let files = try Self.files()
        let first = try #require(files.keys.min { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let named = path == "FIRST" ? first : path
        let destination = TamperedOnPublishing(MemoryBackend(name: "memory:tampered")) { transaction in
            switch tamper {
            case .alter(let path): try transaction.write(path, Array("other bytes".utf8))
            case .remove(let path): try transaction.delete(path == "FIRST" ? first : path)
            case .add(let path): try transaction.write(path, [1, 2, 3])
            }
        }
        do {
            _ = try StoreCopy(from: SharedStore(backend: try MemoryBackend(files: files)), to: SharedStore(backend: destination)).run()
            Issue.record("\(id): the copy was not found to differ")
        } catch let error as CopyError {
            #expect(error == .differs(destination.name, path: named, reason: reason), "\(id): \(error.message)")
        }
    }

    @Test func anUntouchedCopyPasses() throws {
        let files = try Self.files()
        let destination = MemoryBackend(name: "memory:copy")
        let report = try StoreCopy(from: SharedStore(backend: try MemoryBackend(files: files)), to: SharedStore(backend: destination)).run()
        #expect(report.files == files.count)
        #expect(destination.contents == files)
    }
}

/// A backend that changes its own files once, right after the commit that
/// writes `store.json` (a copy's last), as a disk that loses or garbles a write.
final class TamperedOnPublishing: StoreBackend, @unchecked Sendable {
    let base: MemoryBackend
    private var tamper: ((any StoreTransaction) throws -> Void)?

    init(_ base: MemoryBackend, tamper: @escaping (any StoreTransaction) throws -> Void) {
        self.base = base
        self.tamper = tamper
    }

    var name: String { base.name }
    func read<T>(_ body: (any StoreSnapshot) throws -> T) throws -> T { try base.read(body) }
    func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        let result = try base.write(body)
        if let change = tamper, base.contents["store.json"] != nil {
            tamper = nil
            try base.write(change)
        }
        return result
    }
    func inspect<T>(_ body: (any StoreSnapshot) throws -> T) throws -> (T, [BackendFinding]) { try base.inspect(body) }
    func lease(_ name: String, for duration: Duration) throws -> (any StoreLease)? { try base.lease(name, for: duration) }
    func changes(under directory: String) throws -> any StoreChangeSignal { try base.changes(under: directory) }
}
