import Foundation
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// Issue 32.3 on a real etcd cluster, through the binary: whole-store work
/// at a thousand accounts (`LIFESIGNAL_SCALE_ACCOUNTS` for more). `store
/// copy` takes every file from etcd to a directory and back to a fresh
/// prefix, and each copy holds exactly what its source does; `doctor`
/// examines the store and finds a file damaged among them. Each needs
/// paged, batched reads: one request a file, or one answer for the whole
/// store, fails or crawls at this size.
///
/// With `LIFESIGNAL_SCALE_REPORT` set, each command's wall time, peak
/// memory and requests are printed (the issue's measurements).
@Suite(.serialized, .ownThreads) struct WholeStoreAtScaleTests {
    static let environment = ProcessInfo.processInfo.environment
    static let accounts = Int(environment["LIFESIGNAL_SCALE_ACCOUNTS"] ?? "") ?? 1_000

    @Test(.enabled(if: TestStore.etcdAvailable, Comment(rawValue: EtcdBinary.skipNote)))
    func aThousandAccountsCopyBothWaysAndDoctorFindsTheOneDamagedFile() throws {
        let sandbox = Sandbox("whole", storeKind: .etcd)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "A")
        let crowd = try Crowd(sandbox)
        // The store's own identity and code key: the crowd's code index is named as the store's is.
        let meta = try #require(try sandbox.storeFile("store.json"))
        try crowd.memory.write { transaction in try transaction.write("store.json", Array(meta)) }
        let ids = try crowd.addCircles(Self.accounts)
        try crowd.copy(into: sandbox)
        let original = try Self.data(of: sandbox)
        #expect(original.count > Self.accounts * 3, "\(original.count) files")

        let healthy = try Self.measured(ada, "doctor", ["doctor", "--json"])
        #expect(healthy.status == 0, "\(healthy)")
        #expect((healthy.jsonObject?["accounts"] as? Int ?? 0) == Self.accounts + 1, "\(healthy)")
        // Accounts are examined in parts, each part's files and its contacts' lists in a request or
        // two: a request per account (each one's contacts' lists on their own) would be over this.
        let counted = try ada.run(["doctor"], extra: ["LIFESIGNAL_ETCD_TRAFFIC": "1"], timeout: 600)
        let trips = Self.roundTrips(counted.stderr)
        #expect(trips.map { $0 <= Self.accounts / 4 + 40 } == true, "doctor took \(trips.map(String.init) ?? "?") round trips")

        // etcd → directory: the same files, byte for byte.
        let directory = Sandbox("whole-dir", storeKind: .directory)
        let out = try Self.measured(ada, "store copy etcd → directory",
                                    ["store", "copy", sandbox.storeLocation, directory.storeLocation])
        #expect(out.status == 0, "\(out)")
        #expect(try Self.data(of: directory) == original, "the directory copy differs from the etcd store")

        // directory → etcd: the same files again, under a fresh prefix.
        let back = Sandbox("whole-back", storeKind: .etcd)
        let copied = try Self.measured(ada, "store copy directory → etcd",
                                       ["store", "copy", directory.storeLocation, back.storeLocation])
        #expect(copied.status == 0, "\(copied)")
        #expect(try Self.data(of: back) == original, "the etcd copy differs from the original")
        #expect(try ada.run(["status"], extra: ["LIFESIGNAL_STORE": back.storeLocation]).status == 0)

        // One damaged file among them all is found, and named.
        let damaged = "accounts/\(ids[ids.count / 2])/contacts.json"
        try sandbox.setStoreFile(damaged, Data("{\"not\": contacts".utf8))
        let found = try Self.measured(ada, "doctor with a damaged file", ["doctor"])
        #expect(found.status == 7, "\(found)")
        #expect(found.stdout.contains(sandbox.storeName(of: damaged) + ": not valid JSON"), "\(found)")
    }

    /// Every data file of `sandbox`'s store (the backend's own keys and a
    /// directory's journal aside), read in pages.
    static func data(of sandbox: Sandbox) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for (path, bytes) in try sandbox.storeContents() {
            guard let bytes, !path.hasPrefix("."), path.hasSuffix(".json"), !path.hasPrefix("delivery/") else { continue }
            files[path] = bytes
        }
        return files
    }

    /// The round trips of a run's `etcd: N round trips` line, if it has one.
    static func roundTrips(_ stderr: String) -> Int? {
        guard let line = stderr.split(separator: "\n").last(where: { $0.hasPrefix("etcd: ") }) else { return nil }
        return Int(line.dropFirst("etcd: ".count).prefix { $0.isNumber })
    }

    /// Runs `arguments` as `person`, and with `LIFESIGNAL_SCALE_REPORT` set
    /// prints its wall time, peak memory and requests to the cluster.
    static func measured(_ person: Person, _ label: String, _ arguments: [String]) throws -> RunResult {
        guard environment["LIFESIGNAL_SCALE_REPORT"] != nil else { return try person.run(arguments, timeout: 600) }
        let started = Date()
        let result = try person.run(["/usr/bin/time", "-f", "peak %M KB", Binary.path] + arguments,
                                    extra: ["LIFESIGNAL_ETCD_TRAFFIC": "1"], timeout: 1_800, viaShell: true)
        let lines = result.stderr.split(separator: "\n")
        let peak = lines.last { $0.hasPrefix("peak ") } ?? "peak ?"
        let trips = lines.last { $0.hasPrefix("etcd: ") } ?? "etcd: ?"
        print("scale \(accounts) accounts: \(label): exit \(result.status), \(String(format: "%.1f", Date().timeIntervalSince(started))) s, "
              + "\(peak), \(trips)")
        // The measuring lines are not the command's.
        var stripped = result
        stripped.stderr = lines.filter { !$0.hasPrefix("peak ") && !$0.hasPrefix("etcd: ") }.joined(separator: "\n")
        return stripped
    }
}

extension Crowd {
    /// `count` accounts in circles of `size` (a hundred unless said): one
    /// responder and the dependents it watches, each checked in once. A
    /// responder's contacts stay far within one etcd value however large
    /// the crowd.
    func addCircles(_ count: Int, size: Int = 100) throws -> [EntityID] {
        var ids: [EntityID] = []
        while ids.count < count {
            let responder = try add(1) { _, _ in }[0]
            ids.append(responder)
            ids += try addCheckedInDependents(min(size - 1, count - ids.count), of: responder)
        }
        return ids
    }
}
