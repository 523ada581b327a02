import EtcdClient
import Foundation

/// Which kind of store the end-to-end tests run against, chosen for the
/// whole run by `LIFESIGNAL_TEST_STORE`: `directory` (the default) or
/// `etcd` (every sandbox a fresh prefix of one shared 3-member loopback
/// cluster, its URL naming all three members). One suite, either store.
public enum TestStore {
    public enum Kind: String, Sendable {
        case directory
        case etcd
    }

    public static let kind: Kind = ProcessInfo.processInfo.environment["LIFESIGNAL_TEST_STORE"] == "etcd" ? .etcd : .directory

    /// Whether tests about the store as such, that run on both kinds, can
    /// run on etcd here (etcd installed, or required).
    public static var etcdAvailable: Bool { EtcdBinary.shouldRun }

    /// The cluster the sandboxes of this run share, started on first use.
    public static func cluster() -> EtcdCluster {
        do {
            return try EtcdCluster.shared("end-to-end", .init(members: 3))
        } catch {
            // Without its cluster the run cannot test anything; say why.
            fatalError("the end-to-end tests run against etcd (LIFESIGNAL_TEST_STORE=etcd), but no cluster started: \(error)")
        }
    }

    /// Deletes every key under `prefix/` (a sandbox's store when it goes).
    static func remove(prefix: String, in cluster: EtcdCluster) {
        let start = Array((prefix + "/").utf8)
        _ = try? cluster.client().txn(TxnRequest(success: [.delete(key: start, rangeEnd: KeyRange.end(ofPrefix: start))]))
    }
}

extension Sandbox {
    /// A client of `cluster` signed in as the store's user, when the sandbox has one.
    func etcdClient(_ cluster: EtcdCluster) throws -> EtcdClient {
        try cluster.client(credentials: etcdCredentials.map { EtcdConfiguration.Credentials(user: $0.user, password: $0.password) })
    }

    /// The full name of a store file in lifesignal's messages: the store's
    /// directory or URL, then the file's path.
    public func storeName(of path: String) -> String { storeLocation + "/" + path }

    /// The bytes of the store file at `path` (relative), nil when there is none.
    public func storeFile(_ path: String) throws -> Data? {
        guard let etcd else { return FileManager.default.contents(atPath: store.appendingPathComponent(path).path) }
        let key = Array((etcd.prefix + "/" + path).utf8)
        return try etcdClient(etcd.cluster).range(RangeRequest(key: key)).kvs.first.map { Data($0.value) }
    }

    /// Writes (or, with nil, removes) the store file at `path` behind
    /// lifesignal's back: damage, or a file from another version.
    public func setStoreFile(_ path: String, _ bytes: Data?) throws {
        guard let etcd else {
            let url = store.appendingPathComponent(path)
            guard let bytes else { return try FileManager.default.removeItem(at: url) }
            // Directories as lifesignal makes them: 0700.
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try bytes.write(to: url)
            // Store files are 0600 whatever the umask (lifesignal refuses others' access).
            chmod(url.path, 0o600)
            return
        }
        let key = Array((etcd.prefix + "/" + path).utf8)
        let operation: TxnOperation = bytes.map { .put(key: key, value: Array($0)) } ?? .delete(key: key, rangeEnd: nil)
        _ = try etcdClient(etcd.cluster).txn(TxnRequest(success: [operation]))
    }

    /// Puts this sandbox's store, key for key, into `twin`'s, when the
    /// stores are on etcd (a directory store is copied with the sandbox's
    /// root, where it lies): for twin stores that must answer alike.
    public func copyStore(to twin: Sandbox) throws {
        guard etcd != nil else { return }
        for (path, bytes) in try storeContents() {
            if let bytes { try twin.setStoreFile(path, bytes) }
        }
    }

    /// The paths of every file in the store, sorted.
    public func storeFiles() throws -> [String] {
        // On etcd the backend's bookkeeping keys start with a dot; files never do.
        try storeContents().compactMap { $0.value == nil || $0.key.hasPrefix(".") ? nil : $0.key }.sorted()
    }

    /// Everything the store holds: each file (path → bytes) and, for a
    /// directory, each directory (→ nil); on etcd every key under the
    /// prefix, the backend's bookkeeping included. Equal before and after
    /// a command that must change nothing.
    public func storeContents() throws -> [String: Data?] {
        guard let etcd else { return snapshot(store) }
        let prefix = Array((etcd.prefix + "/").utf8)
        let client = try etcdClient(etcd.cluster)
        var contents: [String: Data?] = [:]
        // In pages, at one revision: a large store's keys in one answer would pass etcd's limits.
        var start = prefix, revision: Int64 = 0
        while true {
            let page = try client.range(RangeRequest(key: start, rangeEnd: KeyRange.end(ofPrefix: prefix), revision: revision, limit: 1_000))
            revision = page.header.revision
            for kv in page.kvs {
                contents[String(decoding: kv.key.dropFirst(prefix.count), as: UTF8.self)] = Data(kv.value)
            }
            guard page.more, let last = page.kvs.last else { return contents }
            start = last.key + [0]
        }
    }

    /// Everything a command could change: the sandbox's files and the store.
    public func everything() throws -> [String: Data?] {
        var all = snapshot(root)
        for (path, bytes) in try storeContents() where etcd != nil { all["etcd:" + path] = bytes }
        return all
    }
}
