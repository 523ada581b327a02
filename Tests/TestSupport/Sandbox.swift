import Foundation

/// A temporary directory for one test, with a store and people in it;
/// removed afterwards. The store is a directory in it, or, when the tests
/// run against etcd (`TestStore.kind`), a fresh prefix of a shared cluster.
public final class Sandbox: @unchecked Sendable {
    public let root: URL
    /// "Now" (`LIFESIGNAL_NOW`) for people made from here on.
    public var now = "2026-03-01T09:00:00Z"
    /// The store everyone made here shares, when it is a directory.
    public var store: URL { root.appendingPathComponent("store") }
    /// The store everyone made here shares, as `LIFESIGNAL_STORE` names it.
    public let storeLocation: String
    /// The store's cluster and key prefix (without its slash), when it is on etcd.
    public let etcd: (cluster: EtcdCluster, prefix: String)?
    public var storeKind: TestStore.Kind { etcd == nil ? .directory : .etcd }
    /// The etcd user and password the test reads the store as, on a cluster with authentication.
    public var etcdCredentials: (user: String, password: String)?

    /// - Parameter inMemory: under /dev/shm when it is writable, where fsync
    ///   costs nothing; for tests that commit thousands of times.
    /// - Parameter storeKind: where the store is (by default as the run says, `TestStore.kind`).
    public convenience init(_ name: String = "test", inMemory: Bool = false, storeKind: TestStore.Kind = TestStore.kind) {
        self.init(name, inMemory: inMemory, cluster: storeKind == .etcd ? TestStore.cluster() : nil)
    }

    /// A sandbox whose store is a fresh prefix of `cluster` (nil: a
    /// directory): a cluster of the test's own, for tests that disturb it.
    /// - Parameter user: named in the URL (`etcd://USER@...`), for a cluster with authentication.
    public init(_ name: String, inMemory: Bool = false, cluster: EtcdCluster?, user: String? = nil) {
        let base = inMemory && access("/dev/shm", W_OK) == 0
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let root = base.appendingPathComponent("lifesignal-\(name)-\(UUID().uuidString)")
        self.root = root
        Self.makePrivateDirectory(root)
        if let cluster {
            let prefix = "e2e-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8).lowercased())"
            etcd = (cluster, prefix)
            storeLocation = (cluster.options.tls ? "etcds://" : "etcd://") + (user.map { $0 + "@" } ?? "")
                + cluster.endpoints.map(\.description).joined(separator: ",") + "/" + prefix
        } else {
            etcd = nil
            storeLocation = root.appendingPathComponent("store").path
        }
    }

    /// Makes `directory` 0755 whatever the umask: a test that changes the
    /// umask (they run in the same process) must not leave a directory
    /// others may write above a store, which lifesignal rightly refuses.
    public static func makePrivateDirectory(_ directory: URL) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
    }

    deinit {
        // Directories a test made read-only must be writable to be removed.
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwX", root.path]).waitUntilExit()
        try? FileManager.default.removeItem(at: root)
        if let etcd { TestStore.remove(prefix: etcd.prefix, in: etcd.cluster) }
    }

    /// Someone with their own home and XDG directories, using the sandbox's store.
    public func person(_ name: String, now: String? = nil) -> Person {
        Person(sandbox: self, name: name, now: now ?? self.now)
    }

    /// Sets "now" for everyone made afterwards and for `people`.
    public func setNow(_ iso: String, for people: [Person]) {
        now = iso
        for person in people { person.environment["LIFESIGNAL_NOW"] = iso }
    }

    /// Every file under `directory` (relative path → bytes) and every
    /// directory (→ nil), to prove nothing changed or appeared. The lock
    /// files are not data, nor is a cache.
    public func snapshot(_ directory: URL) -> [String: Data?] {
        var result: [String: Data?] = [:]
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return result }
        for case let relative as String in walker {
            let name = (relative as NSString).lastPathComponent
            if ["lock", "gate"].contains(name) { continue }
            if relative.split(separator: "/").contains(".cache") { continue }
            let path = directory.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            result[relative] = isDirectory.boolValue ? Data?.none : FileManager.default.contents(atPath: path)
        }
        return result
    }

    /// Temporary files (`.name.tmp-<16 hex>`) left anywhere under `directory`.
    public func debris(_ directory: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { ($0 as NSString).lastPathComponent.contains(".tmp-") }
    }
}
