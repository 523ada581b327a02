import EtcdClient
import EtcdStore
import FoundationEssentials
import Glibc
import LifeSignalCore
import LifeSignalStore

/// The etcd rows as a person far from the cluster lives them (issue 30.11):
/// the copied store reached through the benchmark's own delay proxy
/// (`DelayProxy`, 25 ms each way: a 50 ms round trip), each command's
/// round trips as the binary counts them and its wall time, median and
/// spread. Round trips are the target (`--check` gates on them): at this
/// distance each costs 50 ms, and the milliseconds are reported only.
struct EtcdDistantRows {
    static let delayMilliseconds = 25
    static let runs = 5

    /// A row: the command timed, what runs untimed before each run of it
    /// (so each run does the same work), and its most round trips.
    struct Row {
        var label: String
        var arguments: [String]
        var before: [[String]] = []
        var addsFeedItem = false
        var target: Int
    }

    let rows: [Row]
    let environment: [String: String]
    let binary: String
    let proxy: pid_t
    /// The same store, through the bench's own client (no delay): to put
    /// an item in the user's feed before each delivery.
    let store: SharedStore
    let user: EntityID
    let dependent: EntityID

    /// Starts the proxy in front of the first member of `etcd`'s store.
    init(etcd: EtcdRows, binary: String, scratch: String) throws {
        let parsed = try EtcdURL(parsing: etcd.url)
        guard let member = parsed.endpoints.first else { throw BenchError.usage("error: --etcd names no member") }
        let portFile = scratch + "/delay-proxy.port"
        guard let own = realpath("/proc/self/exe", nil) else { throw BenchError.system(call: "realpath /proc/self/exe", errno: errno) }
        defer { free(own) }
        proxy = try Self.spawn(String(cString: own), ["--delay-proxy", portFile, "\(member.port)", "\(Self.delayMilliseconds)"])
        var port = ""
        for _ in 0..<500 where port.isEmpty {
            port = String(TextFile.read(portFile).filter(\.isNumber))
            if port.isEmpty { usleep(10_000) }
        }
        guard !port.isEmpty else {
            kill(proxy, SIGKILL)
            throw BenchError.unexpectedOutput(label: "delay proxy", detail: "it never said which port it listens on")
        }
        var environment = etcd.store.environment
        environment["LIFESIGNAL_STORE"] = "etcd://127.0.0.1:\(port)/\(parsed.prefix)"
        environment["LIFESIGNAL_ETCD_TRAFFIC"] = "1"
        self.environment = environment
        self.binary = binary
        let backend = try EtcdBackend(location: parsed, access: EtcdStoreAccess())
        store = SharedStore(backend: backend, clock: .simulated)
        user = etcd.store.userID
        dependent = etcd.store.dependentID
        let code = try store.readWithoutCatchUp { try $0.account(etcd.store.dependentID)?.qrCodeID }
        guard let code else { throw BenchError.seeding("the dependent has no code on the etcd copy") }
        let name = etcd.store.dependentName
        rows = [
            Row(label: "status", arguments: ["status"], target: 1),
            Row(label: "checkin", arguments: ["checkin"], target: 2),
            Row(label: "alert on", arguments: ["alert", "on", "--yes"], before: [["alert", "off"]], target: 2),
            Row(label: "agent delivery (tick)", arguments: ["tick"], addsFeedItem: true, target: 4),
            Row(label: "contacts add", arguments: ["contacts", "add", code, "--responder", "--dependent"],
                before: [["contacts", "remove", name, "--yes"]], target: 2),
        ]
    }

    /// Each row's round trips (the most of its runs) and wall times, after
    /// one untimed run of each to settle the identity hint.
    func measure(scratch: String) throws -> [(row: Row, trips: Int, milliseconds: [Double])] {
        _ = try run(["settings", "set", "notify-command", "true"], scratch: scratch)
        var results: [(row: Row, trips: Int, milliseconds: [Double])] = []
        for row in rows {
            var trips = 0
            var times: [Double] = []
            for attempt in 0...Self.runs {
                for arguments in row.before { _ = try run(arguments, scratch: scratch) }
                if row.addsFeedItem { try addFeedItem() }
                let (sample, count) = try run(row.arguments, scratch: scratch)
                guard sample.status == 0 else {
                    throw BenchError.commandFailed(label: row.label + " at 50 ms", status: sample.status,
                                                   stderr: TextFile.read(scratch + "/distant.err"))
                }
                // The first run learns what the identity hint names from then on.
                guard attempt > 0 else { continue }
                trips = max(trips, count ?? 0)
                times.append(sample.milliseconds)
            }
            results.append((row, trips, times))
        }
        _ = try run(["alert", "off"], scratch: scratch)
        return results
    }

    /// The rows' table, and how many rows took more round trips than their target.
    func summary(_ results: [(row: Row, trips: Int, milliseconds: [Double])]) -> (lines: [String], failures: Int) {
        var lines = ["etcd at a 50 ms round trip (\(Self.delayMilliseconds) ms each way through the bench's delay proxy), "
                     + "\(Self.runs) runs each; round trips gated:", ""]
        var table = [["command", "round trips", "target", "median ms", "p10-p90 ms", "result"]]
        var failures = 0
        for (row, trips, times) in results {
            let passed = trips <= row.target
            if !passed { failures += 1 }
            table.append([row.label, "\(trips)", "<=\(row.target)", Format.fixed(Report.median(times), 1),
                          Format.fixed(EtcdRows.percentile(times, 0.1), 1) + "-" + Format.fixed(EtcdRows.percentile(times, 0.9), 1),
                          passed ? "pass" : "FAIL"])
        }
        let widths = (0..<table[0].count).map { column in table.map { $0[column].count }.max() ?? 0 }
        for cells in table {
            lines.append(cells.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces())
        }
        return (lines, failures)
    }

    /// Stops the proxy.
    func stop() {
        kill(proxy, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(proxy, &status, 0)
    }

    /// One run of the binary through the proxy: its sample and the round trips it reported.
    private func run(_ arguments: [String], scratch: String) throws -> (ProcessSample, Int?) {
        let errors = scratch + "/distant.err"
        let sample = try ProcessProbe(program: binary, arguments: arguments, environment: environment).run(stderr: errors)
        let line = TextFile.read(errors).split(separator: "\n").last { $0.hasPrefix("etcd: ") }
        return (sample, line.flatMap { Int($0.dropFirst("etcd: ".count).prefix { $0.isNumber }) })
    }

    /// An item from the dependent in the user's feed, not yet delivered.
    private func addFeedItem() throws {
        let env = CoreEnvironment(now: ISO8601.parse(Seeder.nowText) ?? Date(), random: .seeded(ProcessProbe.monotonicNanoseconds()))
        try store.write(env: env) { layout in
            _ = try layout.appendFeed(FeedDraft(type: .ping, title: "Dana Dependent: a note", message: "For the delivery row.",
                                                relatedContactID: dependent), to: user, id: env.newID(), at: env.now)
        }
    }

    private static func spawn(_ program: String, _ arguments: [String]) throws -> pid_t {
        var pid: pid_t = 0
        let argv = CStrings([program] + arguments)
        let spawned = posix_spawn(&pid, program, nil, nil, argv.pointers, environ)
        guard spawned == 0 else { throw BenchError.spawnFailed(program: program, errno: spawned) }
        return pid
    }
}
