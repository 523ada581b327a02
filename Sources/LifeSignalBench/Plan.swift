/// Which stores are seeded and which command lines run against which,
/// with the targets attached to each row.
struct Plan {
    static let feedSizes = [1_000, 10_000, 100_000]
    static let manyAccounts = 1_000
    static let manyContacts = 200
    /// The row each 1,000-account row must match: same feed, 2 accounts.
    static let smallStore = StoreSpec(accounts: 2, feedItems: 1_000, contacts: 1)

    static var stores: [StoreSpec] {
        feedSizes.map { StoreSpec(accounts: 2, feedItems: $0, contacts: 1) } + [
            StoreSpec(accounts: manyAccounts, feedItems: 1_000, contacts: 1),
            StoreSpec(accounts: manyContacts + 1, feedItems: 100, contacts: manyContacts),
        ]
    }

    /// The command lines with their targets (in table order), given the seeded stores.
    static func cases(binary: String, baseline: String, stores: [SeededStore]) -> [BenchCase] {
        var cases = [
            BenchCase(command: "C do-nothing", size: "", program: baseline, arguments: [], store: nil),
            BenchCase(command: "--version", size: "", program: binary, arguments: ["--version"], store: nil),
        ]
        let small = stores.first { $0.spec == smallStore }
        let ordinary = stores.filter { $0.spec.contacts == 1 }
        let biggest = ordinary.map(\.spec.feedItems).max() ?? 0
        let quick: [(String, [String], Double?)] = [
            ("status", ["status"], 4),
            ("notifications --limit 20", ["notifications", "--limit", "20"], 4),
            ("notifications --json --limit 20", ["notifications", "--json", "--limit", "20"], nil),
            ("tick", ["tick"], 4),
            ("checkin", ["checkin"], 6),
        ]
        for (command, arguments, limit) in quick + [("ping send", [], 6)] {
            for store in ordinary {
                let words = command == "ping send" ? ["ping", "send", store.dependentName] : arguments
                var row = BenchCase(command: command, size: store.spec.label, program: binary,
                                    arguments: words, store: store)
                if let limit { row.targets.append(.ratio(limit)) }
                if store.spec.feedItems == biggest, store.spec.accounts == 2 { row.targets.append(.peakMegabytes(16)) }
                if store.spec.accounts > 2, let small {
                    row.targets.append(.sameAs(key: command + " @ " + small.spec.label, label: small.spec.label))
                }
                cases.append(row)
            }
        }
        let feeds = ordinary.filter { $0.spec.accounts == 2 }
        for store in feeds {
            var row = BenchCase(command: "notifications --json", size: store.spec.label, program: binary,
                                arguments: ["notifications", "--json"], store: store, heavy: true)
            if store.spec.feedItems == biggest, let first = feeds.first, first.spec != store.spec {
                row.targets = [.milliseconds(1_000),
                               .flatMemory(against: row.command + " @ " + first.spec.label, label: first.spec.label)]
            }
            cases.append(row)
        }
        for store in stores where store.spec.contacts > 1 {
            cases.append(BenchCase(command: "contacts list", size: store.spec.label, program: binary,
                                   arguments: ["contacts", "list"], store: store))
        }
        return cases
    }
}
