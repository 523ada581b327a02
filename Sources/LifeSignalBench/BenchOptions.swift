import Glibc

/// The benchmark's command line.
struct BenchOptions {
    static let usage = """
        USAGE: lifesignal-bench [--check] [--quick] [--binary PATH] [--dir DIR] [--rounds N] [--keep]
                                [--etcd URL] [--only SIZE] [--seed-accounts N [--seed-overdue]]

        Seeds stores through the store layer, counts the instructions of one run
        of each command of a release lifesignal binary (valgrind's callgrind),
        then times whole runs, each right after a run of a do-nothing C program
        compiled in the same run. Build the binary first: swift build -c release

        OPTIONS:
          --check         exit 1 when an instruction or memory target is missed
                          (wall times are reported, never gated)
          --quick         fewer rounds (for CI)
          --binary PATH   the lifesignal binary (default: .build/release/lifesignal)
          --dir DIR       where the stores go (default: $TMPDIR or /tmp); its file
                          system is reported, as fsync costs differ between them
          --rounds N      rounds of runs (default: 21; --quick: 7; at most 236,
                          as tick (one due) runs within a minute of the
                          pinned time)
          --keep          keep the stores and print where they are
          --etcd URL      also time status, checkin and tick on etcd stores: the
                          small store and two of 10,000 accounts ("10k
                          accounts", and "10k in one hour" with every
                          deadline in one hour) are copied under fresh
                          prefixes of URL (an etcd:// cluster, e.g. 3 loopback
                          members), held to 3x the small directory row and
                          5 ms over the etcd round-trip floor (the 10k rows
                          also to the small copy's round trips and
                          instructions), and removed afterwards; then status,
                          checkin, alert on, contacts add and a delivery
                          through a delay proxy of the bench's own (50 ms
                          round trip), gated on round trips
          --only SIZE     seed and measure only the stores of one size column
                          (e.g. "1k contacts"), for a quick look at their rows;
                          the largest stores ("100k wakes", "100k wakes in
                          one hour": the schedule of 100,000 accounts) are
                          seeded only so, with the 1k-item store their rows
                          must match (as are the 10k stores with --etcd)
          --sha256 N      only hash N MiB and print the digest (the SHA-256 row
                          runs the benchmark itself this way)
          --seed-accounts N
                          only seed one store of N accounts under --dir (as the
                          rows' stores are seeded), keep it and print its
                          environment: for measuring whole-store work by hand
                          (release build: 10,000 accounts in ~30 s, 100,000 in
                          ~9 min, most of it creating files)
          --seed-overdue  with --seed-accounts: every account but the user and
                          their dependent missed its deadline days ago and was
                          never caught up (as the "1k due" store), so the
                          first command on the store starts a mass catch-up
          -h, --help      show this help
        """

    var check = false
    var quick = false
    var binary = ".build/release/lifesignal"
    var directory = BenchOptions.defaultDirectory
    var rounds: Int?
    var keep = false
    var help = false
    /// A running cluster for the etcd rows (nil: none).
    var etcd: String?
    /// The one store size to measure (nil: all).
    var only: String?
    /// MiB to hash instead of benchmarking (nil: benchmark).
    var hashMegabytes: Int?
    /// Accounts of the one store to seed instead of benchmarking (nil: benchmark).
    var seedAccounts: Int?
    /// Whether that store's other accounts are all overdue.
    var seedOverdue = false

    /// Rounds after defaults: ordinary rows run every round.
    var effectiveRounds: Int { rounds ?? (quick ? 7 : 21) }
    /// Runs of each row: one whose output is checked, one under callgrind,
    /// then one a round (`FallingDue` seeds an account due for each).
    var runsPerRow: Int { effectiveRounds + 2 }
    /// The whole-feed JSON rows take up to a second each, so they run every third round.
    var heavyEvery: Int { 3 }

    init(arguments: [String]) throws {
        var words = arguments[...]
        while let word = words.popFirst() {
            switch word {
            case "--check": check = true
            case "--quick": quick = true
            case "--keep": keep = true
            case "--seed-overdue": seedOverdue = true
            case "-h", "--help": help = true
            case "--binary": binary = try Self.value(word, &words)
            case "--dir": directory = try Self.value(word, &words)
            case "--etcd": etcd = try Self.value(word, &words)
            case "--only": only = try Self.value(word, &words)
            case "--sha256":
                let text = try Self.value(word, &words)
                guard let count = Int(text), count > 0, count <= 1024 else {
                    throw BenchError.usage("error: --sha256 takes a number of MiB from 1 to 1024, not \"\(text)\"")
                }
                hashMegabytes = count
            case "--seed-accounts":
                let text = try Self.value(word, &words)
                guard let count = Int(text), count >= 2 else {
                    throw BenchError.usage("error: --seed-accounts takes a number of accounts from 2 up, not \"\(text)\"")
                }
                seedAccounts = count
            case "--rounds":
                let text = try Self.value(word, &words)
                guard let count = Int(text), count > 0, count + 2 <= FallingDue.maximumTurns else {
                    throw BenchError.usage("error: --rounds takes a number from 1 to \(FallingDue.maximumTurns - 2), not \"\(text)\"")
                }
                rounds = count
            default:
                throw BenchError.usage("error: unknown argument \"\(word)\"")
            }
        }
        if seedOverdue, seedAccounts == nil {
            throw BenchError.usage("error: --seed-overdue needs --seed-accounts N")
        }
    }

    /// The one store `--seed-accounts` seeds: a 100-item feed, one contact,
    /// and with `--seed-overdue` every other account overdue.
    var seedSpec: StoreSpec? {
        seedAccounts.map { StoreSpec(accounts: $0, feedItems: 100, contacts: 1, overdue: seedOverdue ? $0 - 2 : 0) }
    }

    private static func value(_ option: String, _ words: inout ArraySlice<String>) throws -> String {
        guard let value = words.popFirst() else { throw BenchError.usage("error: \(option) needs a value") }
        return value
    }

    private static var defaultDirectory: String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        return String(cString: value)
    }
}
