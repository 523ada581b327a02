import StoreBackends

/// The keys under a store's prefix that no read of a file can return
/// (orphans), found one key at a time in byte order: keys under the
/// backend's own names that are none of its kinds, keys that are no valid
/// path, and files that are also directories (`FilesBelowFiles`). It keeps
/// what it found and the few files a later key may lie below, not the keys.
///
/// `doctor` feeds it from its walk of the store's paths when it makes one
/// (`EtcdSnapshotReader.eachPath`), so the key list is read once; else
/// `EtcdInspection` walks the keys for it alone.
struct EtcdOrphanCheck {
    let keys: EtcdStoreKeys
    /// The store's name, which findings' paths start with.
    let storeName: String
    private var nesting = FilesBelowFiles()
    private var orphans: [BackendFinding] = []
    /// Reported after the orphans, as when they were found from a list of every path.
    private var filesAndDirectories: [BackendFinding] = []
    /// Whether every key of the store went by.
    var isComplete = false

    init(keys: EtcdStoreKeys, storeName: String) {
        self.keys = keys
        self.storeName = storeName
    }

    /// What was found, orphans first.
    var findings: [BackendFinding] { orphans + filesAndDirectories }
    /// The most files held at once (`FilesBelowFiles.peakHeld`).
    var peakHeld: Int { nesting.peakHeld }

    /// Notes `key`, which sorts after every key noted before, and returns
    /// the path of the file it is when a read can return it.
    mutating func note(_ key: [UInt8]) -> String? {
        let relative = Array(key.dropFirst(keys.prefix.count))
        if relative.first == UInt8(ascii: ".") {
            let known = [EtcdStoreKeys.commandMarkers, EtcdStoreKeys.deletionMarkers, EtcdStoreKeys.leases, EtcdStoreKeys.turnKey]
            if !known.contains(where: { relative.starts(with: Array($0.utf8)) }) {
                orphans.append(finding(key, problem: "is not one of lifesignal's keys", isProblem: false,
                                       advice: "something else writes under the store's prefix; give it a prefix of its own"))
            }
            return nil
        }
        let path = String(decoding: relative, as: UTF8.self)
        if let problem = BackendPath.fileProblem(path) {
            orphans.append(finding(key, problem: "is no file lifesignal can read (\(problem))", isProblem: true,
                                   advice: "remove it (etcdctl del), or move it out of the store's prefix"))
            return nil
        }
        for file in nesting.note(relative) {
            filesAndDirectories.append(finding(keys.prefix + file, problem: "is a file and a directory at once (\(path) is below it)",
                                               isProblem: true,
                                               advice: "remove the stray key (etcdctl del): lifesignal writes only one of them"))
        }
        return path
    }

    private func finding(_ key: [UInt8], problem: String, isProblem: Bool, advice: String) -> BackendFinding {
        BackendFinding(isProblem: isProblem, path: storeName + "/" + EtcdInspection.printable(key.dropFirst(keys.prefix.count)),
                       problem: problem, advice: advice)
    }
}
