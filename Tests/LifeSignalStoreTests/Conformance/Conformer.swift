import EtcdStore
import FoundationEssentials
import Glibc
import LifeSignalStore
import StoreBackends
import StoreOpening
import SystemFiles
import TestSupport
import Testing

/// One kind of store held to the shared contract of `StoreBackend`. A new
/// backend joins the whole suite with one line in `all`.
struct Conformer: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// Makes a fresh, empty store.
    var make: @Sendable () throws -> StoreUnderTest

    /// The etcd conformer joins when etcd can run (see `EtcdBinary`).
    static let all: [Conformer] = [.directory, .memory] + (EtcdBinary.shouldRun ? [.etcd] : [])

    static let directory = Conformer(testDescription: "directory") {
        let root = TemporaryDirectory("lifesignal-conformance")
        let path = root.path + "/store"
        return StoreUnderTest(isOptimistic: false, keepAlive: root) {
            try DirectoryBackend(root: path, lockTimeout: .seconds(10))
        } damage: { relative in
            // Something no file read can return: a directory where the file was.
            _ = unlink(path + "/" + relative)
            _ = mkdir(path + "/" + relative, 0o700)
            return path + "/" + relative
        }
    }

    /// A store under a fresh prefix of one shared single-member cluster.
    static let etcd = Conformer(testDescription: "etcd") {
        let cluster = try EtcdCluster.shared("conformance")
        let location = try cluster.freshStore("conformance")
        return StoreUnderTest(isOptimistic: true, keepAlive: cluster) {
            try EtcdBackend(location: location, access: EtcdStoreAccess(busyTimeout: .seconds(30)))
        } damage: { _ in nil }
    }

    static let memory = Conformer(testDescription: "memory") {
        let backend = MemoryBackend(name: "memory:test")
        return StoreUnderTest(isOptimistic: true, keepAlive: nil) { backend } damage: { _ in nil }
    }
}

/// A store made for one test, and how to open more handles on it (each
/// handle stands for another process).
final class StoreUnderTest: @unchecked Sendable {
    /// Whether a commit checks what its body read, so that a competing
    /// commit makes the body run again (etcd, memory); a serialising
    /// backend (the directory's lock) runs every body once.
    let isOptimistic: Bool
    private let opener: () throws -> any StoreBackend
    private let damager: (String) throws -> String?
    private let keepAlive: AnyObject?

    init(isOptimistic: Bool, keepAlive: AnyObject?, open: @escaping () throws -> any StoreBackend,
         damage: @escaping (String) throws -> String?) {
        self.isOptimistic = isOptimistic
        self.keepAlive = keepAlive
        opener = open
        damager = damage
    }

    /// A new handle on the store.
    func open() throws -> any StoreBackend { try opener() }

    /// Makes the file at `path` something no read can return, behind the
    /// backend's back; returns its full name, or nil when this backend
    /// cannot hold such damage.
    func damage(_ path: String) throws -> String? { try damager(path) }
}
