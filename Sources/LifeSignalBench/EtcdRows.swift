import EtcdClient
import NetworkIO

/// The etcd rows (issue 13), with `--etcd URL`: the small store copied to a
/// fresh prefix of a running cluster (`store copy`, everyone still signed
/// in), `status` and `checkin` timed against it in the same shuffled rounds
/// as the directory rows, and each held to two targets:
/// - within `ratioLimit` times its directory row's median;
/// - at most `slackMilliseconds` over its floor: lifesignal's own start
///   (the `--version` row) plus its round trips, counted exactly
///   (`LIFESIGNAL_ETCD_TRAFFIC`), at the pure round-trip times of the etcd
///   client on a kept-alive connection, sampled between the rounds: a read's
///   for each read, a write's (a Txn that puts: a raft round and fsyncs on
///   the members) for the commit a writing command makes.
struct EtcdRows {
    static let ratioLimit = 3.0
    static let slackMilliseconds = 5.0
    /// Reads timed between two rounds for the pure round-trip time.
    static let roundTripsPerRound = 20
    /// The commands timed, and the commits (writes) each makes.
    static let commands: [(command: String, arguments: [String], commits: Int)] = [
        ("status", ["status"], 0), ("checkin", ["checkin"], 1),
    ]

    /// Pure round-trip times, in milliseconds each.
    struct PureRoundTrips {
        var reads: [Double] = []
        var writes: [Double] = []
    }

    /// The copied store's URL (the cluster's, with a prefix of this run's own).
    let url: String
    /// The directory store it was copied from: the rows it is compared with.
    let directory: SeededStore
    /// The same person against the etcd copy.
    let store: SeededStore
    let client: EtcdClient
    private let prefix: [UInt8]

    /// Copies `small` to a fresh prefix under `base` (an `etcd://` URL whose
    /// path names where bench runs may write) with `binary store copy`.
    init(base: String, binary: String, small: SeededStore, scratch: String) throws {
        var generator = SystemRandomNumberGenerator()
        url = base + "-" + String(generator.next() as UInt64, radix: 16)
        let parsed: EtcdURL
        do {
            parsed = try EtcdURL(parsing: url)
            client = try EtcdClient(EtcdConfiguration(url: parsed))
        } catch {
            throw BenchError.usage("error: --etcd \(base): \(error)")
        }
        prefix = Array((parsed.prefix + "/").utf8)
        directory = small
        var environment = small.environment
        environment["LIFESIGNAL_STORE"] = url
        store = SeededStore(spec: small.spec, root: small.root, home: small.home, environment: environment,
                            userID: small.userID, dependentID: small.dependentID, dependentName: small.dependentName,
                            oldItemID: small.oldItemID)
        let copy = ProcessProbe(program: binary, arguments: ["store", "copy", small.root, url], environment: small.environment)
        let errors = scratch + "/etcd-copy.err"
        let copied = try copy.run(stderr: errors)
        guard copied.status == 0 else {
            throw BenchError.commandFailed(label: "store copy to \(url)", status: copied.status, stderr: TextFile.read(errors))
        }
    }

    /// Runs each command twice before anything is checked, counted or
    /// timed: the first command after the copy learns the files it read in
    /// round trips of their own (the identity hint in the XDG cache), the
    /// next drops those its first request brings anyway (the newest
    /// check-in segment); every later run is the steady state the rows
    /// measure, with no rewrite of the hint in it.
    func settle(binary: String, scratch: String) throws {
        let errors = scratch + "/etcd-settle.err"
        for _ in 0..<2 {
            for (command, arguments, _) in Self.commands {
                let run = try ProcessProbe(program: binary, arguments: arguments, environment: store.environment).run(stderr: errors)
                guard run.status == 0 else {
                    throw BenchError.commandFailed(label: command + " on etcd", status: run.status, stderr: TextFile.read(errors))
                }
            }
        }
    }

    /// The etcd rows, in the order of `commands`.
    func cases(binary: String) -> [BenchCase] {
        Self.commands.map { command, arguments, _ in
            BenchCase(command: command, size: directory.spec.label + " on etcd", program: binary, arguments: arguments, store: store)
        }
    }

    /// The directory row each etcd row is compared with.
    static func directoryKey(of row: BenchCase, small: SeededStore) -> String { row.command + " @ " + small.spec.label }

    /// Times `roundTripsPerRound` reads of the store's `store.json` and as
    /// many writes of a key of the bench's own beside it, on the client's
    /// kept-alive connection.
    func sampleRoundTrips(into samples: inout PureRoundTrips) throws {
        let read = prefix + Array("store.json".utf8)
        let written = prefix + Array(".bench-write".utf8)
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
        var environment = store.environment
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

    /// Removes the copied store from the cluster.
    func remove() {
        _ = try? client.txn(TxnRequest(success: [.delete(key: prefix, rangeEnd: KeyRange.end(ofPrefix: prefix))]))
    }
}

extension EtcdRows {
    /// The etcd rows' table: each row's spread, its ratio to the directory
    /// row, its round trips and floor, and whether it met both targets.
    /// Returns the lines and how many rows missed a target.
    func summary(samples: [String: [ProcessSample]], roundTrips: [String: Int], pure: PureRoundTrips,
                 cases: [BenchCase]) -> (lines: [String], failures: Int) {
        let read = Report.median(pure.reads), write = Report.median(pure.writes)
        let start = Report.median(samples["--version @ "]?.map(\.milliseconds) ?? [])
        func spread(_ values: [Double]) -> String {
            "\(Format.fixed(Report.median(values), 3)) ms median (p10 \(Format.fixed(Self.percentile(values, 0.1), 3)), "
                + "p90 \(Format.fixed(Self.percentile(values, 0.9), 3)))"
        }
        var lines = ["etcd: \(url)",
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
            var missed: [String] = []
            if ratio >= Self.ratioLimit { missed.append("<\(Format.number(Self.ratioLimit))x") }
            if median - floor > Self.slackMilliseconds { missed.append("floor+\(Format.number(Self.slackMilliseconds))ms") }
            if !missed.isEmpty { failures += 1 }
            table.append([row.command, row.size, Format.fixed(median, 2),
                          Format.fixed(Self.percentile(times, 0.1), 2) + "-" + Format.fixed(Self.percentile(times, 0.9), 2),
                          Format.fixed(ratio, 2), "\(trips)", Format.fixed(floor, 2), Format.fixed(median - floor, 2),
                          "<\(Format.number(Self.ratioLimit))x floor+\(Format.number(Self.slackMilliseconds))ms",
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
