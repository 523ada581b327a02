import EtcdClient
import NetworkIO

/// The etcd rows (issue 13), with `--etcd URL`: the small store copied to a
/// fresh prefix of a running cluster (`EtcdStoreCopy`), `status`, `checkin`
/// and `tick` timed against it in the same shuffled rounds as the directory
/// rows, and each held to two targets:
/// - within `ratioLimit` times its directory row's median;
/// - at most `slackMilliseconds` over its floor: lifesignal's own start
///   (the `--version` row) plus its round trips, counted exactly
///   (`LIFESIGNAL_ETCD_TRAFFIC`), at the pure round-trip times of the etcd
///   client on a kept-alive connection, sampled between the rounds: a read's
///   for each read, a write's (a Txn that puts: a raft round and fsyncs on
///   the members) for the commit a writing command makes.
///
/// The same commands on copies of the larger stores (`Plan.etcdLargeStores`,
/// 10,000 accounts, their deadlines spread over the day or in one hour;
/// issue 32) must also take as many round trips as on the small copy, and
/// count as many instructions (`Target.flatInstructions`).
struct EtcdRows {
    static let ratioLimit = 3.0
    static let slackMilliseconds = 5.0
    /// Reads timed between two rounds for the pure round-trip time.
    static let roundTripsPerRound = 20
    /// The commands timed, and the commits (writes) each makes.
    static let commands: [(command: String, arguments: [String], commits: Int)] = [
        ("status", ["status"], 0), ("checkin", ["checkin"], 1), ("tick", ["tick"], 0),
    ]

    /// Pure round-trip times, in milliseconds each.
    struct PureRoundTrips {
        var reads: [Double] = []
        var writes: [Double] = []
    }

    /// The small store's copy: what the other sizes are compared with.
    let small: EtcdStoreCopy
    /// The larger stores' copies, when those stores were seeded.
    let larger: [EtcdStoreCopy]
    let client: EtcdClient

    /// The small copy's URL.
    var url: String { small.url }
    /// The directory store the small copy was copied from: the rows it is compared with.
    var directory: SeededStore { small.directory }
    /// The same person against the small copy.
    var store: SeededStore { small.store }

    /// Copies `small`, and each of `larger`, to fresh prefixes under
    /// `base` (an `etcd://` URL whose path names where bench runs may write).
    init(base: String, binary: String, small: SeededStore, larger: [SeededStore], scratch: String) throws {
        self.small = try EtcdStoreCopy(base: base, binary: binary, of: small, scratch: scratch)
        do {
            client = try EtcdClient(EtcdConfiguration(url: self.small.parsed))
        } catch {
            throw BenchError.usage("error: --etcd \(base): \(error)")
        }
        var copied: [EtcdStoreCopy] = []
        do {
            for store in larger { copied.append(try EtcdStoreCopy(base: base, binary: binary, of: store, scratch: scratch)) }
        } catch {
            for copy in [self.small] + copied { copy.remove(with: client) }
            throw error
        }
        self.larger = copied
    }

    private var copies: [EtcdStoreCopy] { [small] + larger }

    /// Runs each command twice on each copy before anything is measured
    /// (`EtcdStoreCopy.settle`).
    func settle(binary: String, scratch: String) throws {
        for copy in copies { try copy.settle(binary: binary, commands: Self.commands.map(\.arguments), scratch: scratch) }
    }

    /// Runs of each etcd row counted under callgrind, of which the least
    /// counts. A command's calls reuse the snapshot its first request read
    /// only within `EtcdBackend.reuseWindow` (1 s of wall time); a counted
    /// run slowed past it by valgrind on a loaded machine reads a fresh one,
    /// which is not the path the rows measure (most likely why `tick` on
    /// the larger copy, counted once, came to 2.74M instead of 1.96M at a
    /// load average of 8).
    static let countedRuns = 3

    /// The etcd rows, in the order of `commands`: the small copy's, then
    /// each larger one's, each flat against the small copy's.
    func cases(binary: String) -> [BenchCase] {
        var rows = Self.commands.map { command, arguments, _ in
            BenchCase(command: command, size: Self.size(of: small), program: binary, arguments: arguments, store: small.store,
                      countedRuns: Self.countedRuns)
        }
        for large in larger {
            for (command, arguments, _) in Self.commands {
                rows.append(BenchCase(command: command, size: Self.size(of: large), program: binary, arguments: arguments,
                                      store: large.store, targets: [.flatInstructions(against: smallKey(of: command),
                                                                                      label: Self.size(of: small))],
                                      countedRuns: Self.countedRuns))
            }
        }
        return rows
    }

    /// The size column of a copy's rows.
    static func size(of copy: EtcdStoreCopy) -> String { copy.directory.spec.label + " on etcd" }

    /// The small copy's row of `command`: the one a larger copy's row must match.
    func smallKey(of command: String) -> String { command + " @ " + Self.size(of: small) }

    /// The directory row each etcd row is compared with.
    static func directoryKey(of row: BenchCase, small: SeededStore) -> String { row.command + " @ " + small.spec.label }

    /// Times `roundTripsPerRound` reads of the store's `store.json` and as
    /// many writes of a key of the bench's own beside it, on the client's
    /// kept-alive connection.
    func sampleRoundTrips(into samples: inout PureRoundTrips) throws {
        let read = small.prefix + Array("store.json".utf8)
        let written = small.prefix + Array(".bench-write".utf8)
        for round in 0..<Self.roundTripsPerRound {
            samples.reads.append(try timed { () throws(EtcdError) in _ = try client.range(RangeRequest(key: read)) })
            samples.writes.append(try timed { () throws(EtcdError) in
                _ = try client.txn(TxnRequest(success: [.put(key: written, value: Array(String(round).utf8))]))
            })
        }
    }

    /// How long `call` took, in milliseconds.
    private func timed(_ call: () throws(EtcdError) -> Void) throws -> Double {
        let start = ProcessProbe.monotonicNanoseconds()
        do {
            try call()
        } catch {
            throw BenchError.commandFailed(label: "etcd round trip", status: 1, stderr: error.message)
        }
        return Double(ProcessProbe.monotonicNanoseconds() - start) / 1_000_000
    }

    /// The round trips one run of `row` takes, as the binary counts them.
    func roundTrips(of row: BenchCase, scratch: String) throws -> Int {
        var environment = row.store?.environment ?? store.environment
        environment["LIFESIGNAL_ETCD_TRAFFIC"] = "1"
        let errors = scratch + "/etcd-traffic.err"
        let run = try ProcessProbe(program: row.program, arguments: row.arguments, environment: environment).run(stderr: errors)
        let text = TextFile.read(errors)
        guard run.status == 0, let line = text.split(separator: "\n").last(where: { $0.hasPrefix("etcd: ") }),
              let count = Int(line.dropFirst("etcd: ".count).prefix { $0.isNumber }) else {
            throw BenchError.unexpectedOutput(label: row.key, detail: "no round-trip count (LIFESIGNAL_ETCD_TRAFFIC): \(text)")
        }
        return count
    }

    /// Removes the copies from the cluster.
    func remove() {
        for copy in copies { copy.remove(with: client) }
    }
}

extension EtcdRows {
    /// The etcd rows' table: each row's spread, its ratio to the directory
    /// row, its round trips and floor, and whether it met its targets.
    /// Returns the lines and how many rows missed a target.
    func summary(samples: [String: [ProcessSample]], roundTrips: [String: Int], pure: PureRoundTrips,
                 cases: [BenchCase]) -> (lines: [String], failures: Int) {
        let read = Report.median(pure.reads), write = Report.median(pure.writes)
        let start = Report.median(samples["--version @ "]?.map(\.milliseconds) ?? [])
        func spread(_ values: [Double]) -> String {
            "\(Format.fixed(Report.median(values), 3)) ms median (p10 \(Format.fixed(Self.percentile(values, 0.1), 3)), "
                + "p90 \(Format.fixed(Self.percentile(values, 0.9), 3)))"
        }
        var lines = ["etcd: " + copies.map(\.url).joined(separator: ", "),
                     "pure round trips, \(pure.reads.count) each between the rounds: read \(spread(pure.reads)), write \(spread(pure.writes))",
                     "floor = --version (\(Format.fixed(start, 2)) ms) + the row's reads at the read's median + its commits at the write's",
                     ""]
        var table = [["command", "size", "median ms", "p10-p90 ms", "x directory", "round trips", "floor ms", "over floor ms",
                      "target", "result"]]
        var failures = 0
        for row in cases {
            let times = samples[row.key]?.map(\.milliseconds) ?? []
            let median = Report.median(times)
            let directoryMedian = Report.median(samples[Self.directoryKey(of: row, small: directory)]?.map(\.milliseconds) ?? [])
            let ratio = directoryMedian > 0 ? median / directoryMedian : 0
            let trips = roundTrips[row.key] ?? 0
            let commits = min(trips, Self.commands.first { $0.command == row.command }?.commits ?? 0)
            let floor = start + Double(trips - commits) * read + Double(commits) * write
            var targets = ["<\(Format.number(Self.ratioLimit))x", "floor+\(Format.number(Self.slackMilliseconds))ms"]
            var missed: [String] = []
            if ratio >= Self.ratioLimit { missed.append(targets[0]) }
            if median - floor > Self.slackMilliseconds { missed.append(targets[1]) }
            // A larger copy's row: as many round trips as the small copy's.
            if row.store?.spec != small.directory.spec {
                targets.append("trips=" + Self.size(of: small))
                if roundTrips[smallKey(of: row.command)] != trips { missed.append(targets[2]) }
            }
            if !missed.isEmpty { failures += 1 }
            table.append([row.command, row.size, Format.fixed(median, 2),
                          Format.fixed(Self.percentile(times, 0.1), 2) + "-" + Format.fixed(Self.percentile(times, 0.9), 2),
                          Format.fixed(ratio, 2), "\(trips)", Format.fixed(floor, 2), Format.fixed(median - floor, 2),
                          targets.joined(separator: " "),
                          missed.isEmpty ? "pass" : "FAIL " + missed.joined(separator: " ")])
        }
        let widths = (0..<table[0].count).map { column in table.map { $0[column].count }.max() ?? 0 }
        for cells in table {
            lines.append(cells.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces())
        }
        return (lines, failures)
    }

    /// The value below which `fraction` of `values` lie (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(fraction * Double(sorted.count)))]
    }
}
