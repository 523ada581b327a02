import EtcdClient

/// A seeded directory store copied to a fresh prefix of a running cluster
/// with `lifesignal store copy` (everyone still signed in): the same person
/// against etcd, for the etcd rows.
struct EtcdStoreCopy {
    /// The copy's URL: the cluster's, with a prefix of this run's own.
    let url: String
    let parsed: EtcdURL
    /// The directory store it was copied from.
    let directory: SeededStore
    /// The same person against the copy.
    let store: SeededStore

    /// Copies `directory` to a fresh prefix under `base` (an `etcd://` URL
    /// whose path names where bench runs may write).
    init(base: String, binary: String, of directory: SeededStore, scratch: String) throws {
        var generator = SystemRandomNumberGenerator()
        url = base + "-" + String(generator.next() as UInt64, radix: 16)
        do {
            parsed = try EtcdURL(parsing: url)
        } catch {
            throw BenchError.usage("error: --etcd \(base): \(error)")
        }
        self.directory = directory
        var environment = directory.environment
        environment["LIFESIGNAL_STORE"] = url
        store = SeededStore(spec: directory.spec, root: directory.root, home: directory.home, environment: environment,
                            userID: directory.userID, dependentID: directory.dependentID,
                            dependentName: directory.dependentName, oldItemID: directory.oldItemID)
        let copy = ProcessProbe(program: binary, arguments: ["store", "copy", directory.root, url], environment: directory.environment)
        let errors = scratch + "/etcd-copy.err"
        let copied = try copy.run(stderr: errors)
        guard copied.status == 0 else {
            throw BenchError.commandFailed(label: "store copy to \(url)", status: copied.status, stderr: TextFile.read(errors))
        }
    }

    /// The copy's keys all begin with this.
    var prefix: [UInt8] { Array((parsed.prefix + "/").utf8) }

    /// Runs each command twice before anything is checked, counted or
    /// timed: the first command after the copy learns the files it read in
    /// round trips of their own (the identity hint in the XDG cache), the
    /// next drops those its first request brings anyway (the newest
    /// check-in segment); every later run is the steady state the rows
    /// measure, with no rewrite of the hint in it.
    func settle(binary: String, commands: [[String]], scratch: String) throws {
        let errors = scratch + "/etcd-settle.err"
        for _ in 0..<2 {
            for arguments in commands {
                let run = try ProcessProbe(program: binary, arguments: arguments, environment: store.environment).run(stderr: errors)
                guard run.status == 0 else {
                    throw BenchError.commandFailed(label: arguments.joined(separator: " ") + " on etcd", status: run.status,
                                                   stderr: TextFile.read(errors))
                }
            }
        }
    }

    /// Removes the copy from the cluster.
    func remove(with client: EtcdClient) {
        let prefix = prefix
        _ = try? client.txn(TxnRequest(success: [.delete(key: prefix, rangeEnd: KeyRange.end(ofPrefix: prefix))]))
    }
}
