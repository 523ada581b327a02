import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends

/// The accounts of a store whose check-in reminders fall due one after
/// another just after the pinned time, `spacing` apart, one for each run of
/// `tick (one due)` (issue 32.2: `tick` with one thing due).
///
/// Run k runs at its own instant (`LIFESIGNAL_NOW`), half a spacing after
/// the k-th account's reminder and half a spacing before the next one's,
/// so every run finds exactly one account due, a real one, and catches it
/// up; the other rows of the store run at the pinned time, when none is due
/// yet. After each run `endTurn` reads the store to make sure of it: the
/// row can never silently measure a tick with nothing due.
final class FallingDue {
    /// Between two accounts' reminders.
    static let spacing: TimeInterval = 0.25
    /// Every turn falls within `Keeping.lookRefresh` of the pinned time, so
    /// no turn's tick writes down the store's look (nor does a tick at the
    /// pinned time then write it back): each run does the same work.
    static var maximumTurns: Int { Int(Keeping.lookRefresh / spacing) - 2 }

    let root: String
    /// The pinned time of the store's other rows.
    let pinned: Date
    /// The account of each turn, in turn order.
    let accounts: [EntityID]
    /// The turn of the row's next run.
    private(set) var turn = 0
    /// The feed items of the current turn's account before its run.
    private var feedBefore = 0

    init(root: String, pinned: Date, accounts: [EntityID]) {
        self.root = root
        self.pinned = pinned
        self.accounts = accounts
    }

    /// When turn `turn`'s account's reminder falls due.
    static func reminder(_ turn: Int, after pinned: Date) -> Date {
        pinned.addingTimeInterval(Double(turn + 1) * spacing)
    }

    /// The instant of the next run, as `LIFESIGNAL_NOW` takes it.
    var nowText: String { ISO8601.format(instant(turn)) }

    private func instant(_ turn: Int) -> Date {
        Self.reminder(turn, after: pinned).addingTimeInterval(Self.spacing / 2)
    }

    /// Checks that at the current turn's instant exactly its account is
    /// due, with its account file (a due wake without one is damage).
    func expectTurn() throws { try expectTurn(afterRunAt: nil) }

    /// After a run: checks that it caught up the turn's account (nothing
    /// due at its instant any more, the reminder in the account's feed),
    /// then moves on to the next turn and checks that (so a run that caught
    /// up more than its one account is found too).
    func endTurn() throws {
        guard turn < accounts.count else {
            throw BenchError.unexpectedOutput(label: Self.row, detail: "it ran more often than the \(accounts.count) accounts falling due")
        }
        let id = accounts[turn], now = instant(turn)
        let (stillDue, feed) = try read { store in (try store.isWakeDue(at: now), try store.feedSummary(of: id).total) }
        guard !stillDue, feed > feedBefore else {
            throw BenchError.unexpectedOutput(label: Self.row, detail: "the run at \(ISO8601.format(now)) did not catch up "
                                              + "its one due account \(id) (still due: \(stillDue); feed \(feedBefore) → \(feed))")
        }
        turn += 1
        if turn < accounts.count { try expectTurn(afterRunAt: now) }
    }

    /// The row that takes the turns.
    static let row = "tick (one due)"

    private func expectTurn(afterRunAt run: Date?) throws {
        let id = accounts[turn], now = instant(turn)
        let (due, account, feed) = try read { store in
            (try store.dueWakes(at: now).map(\.accountID), try store.account(id), try store.feedSummary(of: id).total)
        }
        guard due == [id], account != nil else {
            let found = "at \(ISO8601.format(now)) \(due.count) accounts are due, not exactly \(id)"
                + (account == nil ? " (and it has no account)" : "")
            guard let run else { throw BenchError.seeding(found) }
            throw BenchError.unexpectedOutput(label: Self.row, detail: "after the run at \(ISO8601.format(run)), " + found)
        }
        feedBefore = feed
    }

    private func read<T>(_ body: (LayoutStore) throws -> T) throws -> T {
        let engine = SharedStore(backend: try DirectoryBackend(root: root, fileSystem: SeedingFileSystem()), clock: .simulated)
        return try engine.readWithoutCatchUp(body)
    }
}

extension Seeder {
    /// Signs up `count` accounts in `seeded`'s store, each checked in so
    /// that its reminder falls due at its turn (`FallingDue.reminder`),
    /// written without a catch-up as the other accounts are.
    func seedFallingDue(_ count: Int, into seeded: SeededStore) throws -> FallingDue {
        guard count <= FallingDue.maximumTurns else {
            throw BenchError.usage("error: the tick (one due) rows take at most \(FallingDue.maximumTurns - 2) rounds, not \(count - 2)")
        }
        let engine = SharedStore(backend: try DirectoryBackend(root: seeded.root, fileSystem: SeedingFileSystem()), clock: .simulated)
        let env = CoreEnvironment(now: now, random: .seeded(UInt64(seeded.spec.accounts)))
        // Phone numbers after those of the store's own accounts.
        let numbers = Array((seeded.spec.accounts + 1)...(seeded.spec.accounts + count))
        let codes = try engine.backend.write { transaction in
            try Self.issueCodes(for: numbers, LayoutStore(transaction, name: engine.name), env: env)
        }
        let accounts = try engine.backend.write { transaction in
            let store = LayoutStore(transaction, name: engine.name)
            return try zip(numbers, codes).enumerated().map { turn, numbered in
                let (number, code) = numbered
                let (account, _) = try signUp(store, env: env, first: Names.first(number), last: Names.last(number),
                                              number: number, code: code)
                let reminder = FallingDue.reminder(turn, after: now)
                let checkedIn = reminder.addingTimeInterval(-Double(account.checkInInterval - account.reminderInterval))
                try checkIn(account.id, store, env: CoreEnvironment(now: checkedIn, random: env.random))
                return account.id
            }
        }
        let falling = FallingDue(root: seeded.root, pinned: now, accounts: accounts)
        try falling.expectTurn()
        return falling
    }
}
