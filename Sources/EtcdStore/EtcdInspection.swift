import EtcdClient
import StoreBackends

/// What `doctor` learns about an etcd store beyond its files: keys under
/// the prefix that are no file lifesignal writes (orphans), raised alarms
/// (NOSPACE refuses every write), members that cannot be reached or report
/// errors, and the database's size.
struct EtcdInspection {
    let backend: EtcdBackend
    let reader: EtcdSnapshotReader

    /// Above this share of etcd's default 2 GiB quota, the size is worth a warning.
    static let defaultQuota: Int64 = 2 << 30

    func findings() throws -> [BackendFinding] {
        var findings = try orphans()
        findings += alarms()
        findings += members()
        return findings
    }

    /// Keys under the prefix that no read of a file can return
    /// (`EtcdOrphanCheck`): found already when the examination walked every
    /// path, else in a pass of their own over pages of keys.
    private func orphans() throws -> [BackendFinding] {
        if let check = reader.bulk.orphans, check.isComplete { return check.findings }
        var check = EtcdOrphanCheck(keys: backend.keys, storeName: backend.name)
        reader.bulk.keyWalks += 1
        try reader.eachKey(in: backend.keys.everything, holding: { check.peakHeld }) { key in _ = check.note(key) }
        return check.findings
    }

    private func alarms() -> [BackendFinding] {
        guard let alarms = try? backend.client.alarms(deadline: reader.operation.deadline) else { return [] }
        return alarms.map { alarm in
            switch alarm.kind {
            case .noSpace:
                BackendFinding(isProblem: true, path: backend.name,
                               problem: "the cluster's database reached its space quota (NOSPACE alarm): every write is refused",
                               advice: "compact old revisions (etcdctl compact), defragment every member (etcdctl defrag), then disarm the alarm (etcdctl alarm disarm)")
            case .corrupt:
                BackendFinding(isProblem: true, path: backend.name,
                               problem: "member \(String(alarm.memberID, radix: 16)) failed etcd's consistency check (CORRUPT alarm)",
                               advice: "replace that member with a fresh one that copies a healthy member's data")
            case .other(let name):
                BackendFinding(isProblem: true, path: backend.name, problem: "the cluster raised the alarm \(name)",
                               advice: "see etcdctl alarm list and the members' logs")
            }
        }
    }

    private func members() -> [BackendFinding] {
        var findings: [BackendFinding] = []
        var largest: MemberStatus?
        for endpoint in backend.client.configuration.endpoints {
            do {
                let status = try backend.client.status(of: endpoint, deadline: reader.operation.deadline)
                for error in status.errors where !error.contains("NOSPACE") {
                    findings.append(BackendFinding(isProblem: false, path: backend.name, problem: "member \(endpoint) reports: \(error)",
                                                   advice: "see that member's log"))
                }
                if status.dbSize > (largest?.dbSize ?? -1) { largest = status }
            } catch {
                findings.append(BackendFinding(isProblem: false, path: backend.name,
                                               problem: "member \(endpoint) cannot be reached: \(error.message)",
                                               advice: "the store works while a majority of members do; bring this one back before another fails"))
            }
        }
        // The size is worth a line only when it nears the quota or when
        // defragmenting would give back a good part of it: a note about a
        // small database is noise.
        if let largest, largest.dbSize > Self.defaultQuota / 2 || largest.dbSize - largest.dbSizeInUse > Self.defaultQuota / 8 {
            let size = largest.dbSize, inUse = largest.dbSizeInUse
            var advice = "etcd refuses writes once the database reaches its quota (--quota-backend-bytes, 2 GiB by default)"
            if inUse < size / 2 { advice += "; defragmenting every member (etcdctl defrag) would give back \(Self.megabytes(size - inUse))" }
            findings.append(BackendFinding(isProblem: false, path: backend.name,
                                           problem: "the database takes \(Self.megabytes(size)) (\(Self.megabytes(inUse)) in use)",
                                           advice: size > Self.defaultQuota * 3 / 4 ? "close to the default quota: " + advice : advice))
        }
        return findings
    }

    /// A key as text that cannot disturb a terminal: other bytes as `\xNN`.
    static func printable(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            if (0x21..<0x7f).contains(byte), byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }

    static func megabytes(_ bytes: Int64) -> String {
        bytes < 1_000_000 ? "\(bytes / 1000) kB" : "\(bytes / 1_000_000) MB"
    }
}
