/// Which stores are seeded and which command lines run against which,
/// with the targets attached to each row.
struct Plan {
    static let feedSizes = [1_000, 10_000, 100_000]
    static let manyAccounts = 1_000
    /// A responder for a whole care home (issue 32.4): as many contacts,
    /// and a ping pending with each of them.
    static let manyContacts = 1_000
    /// The row each 1,000-account row must match: same feed, 2 accounts.
    static let smallStore = StoreSpec(accounts: 2, feedItems: 1_000, contacts: 1)
    /// The small store with accounts falling due one a run (`FallingDue`),
    /// for `tick (one due)` alone: a wake due within the current second
    /// costs every command's first look at the schedule three more
    /// directories (~60k instructions), which the other rows must not pay.
    static let smallFallingDue = StoreSpec(accounts: 2, feedItems: 1_000, contacts: 1, fallingDue: true)

    /// Everyone due at once (issue 32.1): the smaller and the larger store.
    static let overdueStores = [1_000, 10_000].map {
        StoreSpec(accounts: $0 + 2, feedItems: 1_000, contacts: 1, overdue: $0)
    }

    /// The largest stores (issue 32.2): as many accounts' wakes in the
    /// schedule, spread over the day or all in one hour ahead (the other
    /// accounts are their wakes alone, `Seeder.seedWakes`), each also with
    /// accounts falling due, for `tick (one due)`. Seeded only when `--only`
    /// names one (with the small stores their rows are measured against).
    static let largeStores = [
        StoreSpec(accounts: largeAccounts, feedItems: 1_000, contacts: 1, wakesOnly: true),
        StoreSpec(accounts: largeAccounts, feedItems: 1_000, contacts: 1, wakesOnly: true, fallingDue: true),
        StoreSpec(accounts: largeAccounts, feedItems: 1_000, contacts: 1, clustered: true, wakesOnly: true),
        StoreSpec(accounts: largeAccounts, feedItems: 1_000, contacts: 1, clustered: true, wakesOnly: true, fallingDue: true),
    ]
    static let largeAccounts = 100_000

    /// The etcd rows' larger stores (issue 32: everyday commands as cheap at
    /// 10,000 accounts on etcd as at 2, in as many round trips, also with
    /// every deadline in one hour): 10,000 whole accounts seeded through
    /// the services (about 30 s each since codes are issued at one round),
    /// copied to the cluster beside the small store. Seeded only with
    /// `--etcd`, and only their etcd rows run on them (`EtcdRows`).
    static let etcdLargeStores = [
        StoreSpec(accounts: 10_000, feedItems: 1_000, contacts: 1),
        StoreSpec(accounts: 10_000, feedItems: 1_000, contacts: 1, clustered: true),
    ]

    /// The stores a run seeds: all but the largest (with `etcd`, the etcd
    /// rows' larger stores too), or those of the size `only` names (a
    /// largest one, or an etcd rows' larger one, with the small stores).
    static func stores(only: String?, etcd: Bool) -> [StoreSpec] {
        let etcdStores = etcd ? etcdLargeStores : []
        guard let only else { return stores + etcdStores }
        let picked = (stores + largeStores + etcdStores).filter { $0.label == only }
        let againstSmall = picked.contains { largeStores.contains($0) || etcdStores.contains($0) }
        return againstSmall ? [smallStore, smallFallingDue] + picked : picked
    }

    static var stores: [StoreSpec] {
        let feeds = feedSizes.filter { $0 != smallStore.feedItems }.map { StoreSpec(accounts: 2, feedItems: $0, contacts: 1) }
        return [smallStore, smallFallingDue] + feeds + [
            StoreSpec(accounts: manyAccounts, feedItems: 1_000, contacts: 1),
            StoreSpec(accounts: manyContacts + 1, feedItems: 100, contacts: manyContacts),
        ] + overdueStores
    }

    /// The command lines with their targets (in table order), given the seeded stores.
    static func cases(binary: String, baseline: String, stores: [SeededStore]) -> [BenchCase] {
        var cases = [
            BenchCase(command: "C do-nothing", size: "", program: baseline, arguments: [], store: nil),
            BenchCase(command: "--version", size: "", program: binary, arguments: ["--version"], store: nil,
                      targets: [.instructions(500_000)]),
        ]
        if let hash = HashRow.row() { cases.append(hash) }
        let small = stores.first { $0.spec == smallStore }
        let ordinary = stores.filter { $0.spec.contacts == 1 && $0.spec.overdue == 0 && !$0.spec.fallingDue }
        let biggest = ordinary.map(\.spec.feedItems).max() ?? 0
        // Issue 17's instruction targets; every row must also cost the same
        // as on the smallest store (flat from 1k to 100k items, 2 to 1,000 accounts).
        let quick: [(String, (SeededStore) -> [String], Int?)] = [
            ("status", { _ in ["status"] }, 1_200_000),
            ("notifications --limit 20", { _ in ["notifications", "--limit", "20"] }, 1_500_000),
            ("notifications --unread --limit 20", { _ in ["notifications", "--unread", "--limit", "20"] }, 1_500_000),
            ("notifications --json --limit 20", { _ in ["notifications", "--json", "--limit", "20"] }, nil),
            ("notifications read ID (old)", { ["notifications", "read", $0.oldItemID.rawValue] }, 3_000_000),
            ("tick", { _ in ["tick"] }, nil),
            ("checkin", { _ in ["checkin"] }, 1_500_000),
            ("ping send", { ["ping", "send", $0.dependentName] }, nil),
        ]
        for (command, words, limit) in quick {
            for store in ordinary {
                var row = BenchCase(command: command, size: store.spec.label, program: binary,
                                    arguments: words(store), store: store)
                if let limit { row.targets.append(.instructions(limit)) }
                if let small, store.spec != small.spec {
                    row.targets.append(.flatInstructions(against: command + " @ " + small.spec.label, label: small.spec.label))
                }
                if store.spec.feedItems == biggest, store.spec.accounts == 2 { row.targets.append(.peakMegabytes(16)) }
                cases.append(row)
            }
        }
        // One thing due (issue 32.2): each run of `tick` finds one other
        // account due, at an instant of its own just after the pinned time,
        // and catches it up (`FallingDue` checks that it did); as cheap with
        // 100,000 accounts' wakes in the schedule as with 2 accounts.
        let smallDue = stores.first { $0.spec == smallFallingDue }
        for store in stores {
            guard let turns = store.fallingDue else { continue }
            var row = BenchCase(command: FallingDue.row, size: store.spec.label, program: binary, arguments: ["tick"],
                                store: store, turns: turns)
            if let smallDue, store.spec != smallDue.spec {
                row.targets.append(.flatInstructions(against: row.command + " @ " + smallDue.spec.label, label: smallDue.spec.label))
            }
            cases.append(row)
        }
        let feeds = ordinary.filter { $0.spec.accounts == 2 }
        // The whole feed, streamed as JSON and printed a page at a time for people: flat memory.
        for (command, words) in [("notifications --json", ["notifications", "--json"]), ("notifications", ["notifications"])] {
            for store in feeds {
                var row = BenchCase(command: command, size: store.spec.label, program: binary,
                                    arguments: words, store: store, heavy: true)
                if store.spec.feedItems == biggest, let first = feeds.first, first.spec != store.spec {
                    row.targets = [.flatMemory(against: row.command + " @ " + first.spec.label, label: first.spec.label)]
                }
                cases.append(row)
            }
        }
        // Everyone due at once: a command takes its own account and a fixed
        // slice of the others (each run leaves the rest due), so its cost
        // must not grow with how many are due.
        let overdue = stores.filter { $0.spec.overdue > 0 }.sorted { $0.spec.overdue < $1.spec.overdue }
        for store in overdue {
            var row = BenchCase(command: "status (others due)", size: store.spec.label, program: binary,
                                arguments: ["status"], store: store)
            if let first = overdue.first, first.spec != store.spec {
                row.targets.append(.flatInstructions(against: row.command + " @ " + first.spec.label, label: first.spec.label))
            }
            cases.append(row)
        }
        // A whole-store look: linear in the number of accounts (issue 32.5),
        // from the 1,000-account store to the largest store of overdue accounts.
        let wholeStores = stores.filter { $0.spec.accounts >= manyAccounts && !$0.spec.wakesOnly }
            .sorted { $0.spec.accounts < $1.spec.accounts }
        if let first = wholeStores.first, let last = wholeStores.last, first.spec != last.spec {
            let base = BenchCase(command: "doctor", size: first.spec.label, program: binary, arguments: ["doctor"], store: first)
            let scale = Double(last.spec.accounts) / Double(first.spec.accounts)
            cases += [base, BenchCase(command: "doctor", size: last.spec.label, program: binary, arguments: ["doctor"], store: last,
                                      targets: [.linearInstructions(against: base.key, label: first.spec.label, scale: scale)])]
        }
        // What the signed-in account shows of its contacts and pings costs
        // the same whatever their number (issue 32.4).
        for store in stores where store.spec.contacts > 1 {
            cases += [
                BenchCase(command: "status", size: store.spec.label, program: binary, arguments: ["status"], store: store,
                          targets: [.instructions(3_000_000)]),
                BenchCase(command: "ping list", size: store.spec.label, program: binary, arguments: ["ping", "list"], store: store,
                          targets: [.instructions(3_000_000)]),
                BenchCase(command: "contacts list", size: store.spec.label, program: binary,
                          arguments: ["contacts", "list"], store: store),
            ]
        }
        return cases
    }
}
