import ByteKeyed
import FoundationEssentials
import LifeSignalCore
import StoreBackends

/// The deadline schedule: one empty file per account that needs waking,
/// named by when (`ScheduleName`: `schedule/h<hour>/<minute>/<second>/<milliseconds>-<account ID>`),
/// so names sort by time and the levels of directories are a timer wheel.
///
/// Writers of different accounts never touch the same file: rescheduling
/// deletes the account's old entry and writes its new one, which the
/// account's own `wake.json` remembers. "Is anything due?" goes only into
/// the directories whose stretch holds now (`ScheduleLook`), without
/// joining the transaction's checks, whatever the number of accounts. A
/// directory with no entries left disappears (no backend keeps an empty
/// directory).
package struct AccountWake: Codable, Equatable {
    var at: Date
    /// The account's own file that could not be read at its last look
    /// (`ScheduledWake.unreadable`): its responders were told of it once.
    var unreadable: String?
    /// While some responders are still to be told of `unreadable` (more
    /// than one transaction carries): the last one told, in ID order; nil
    /// once everyone was (`ScheduledWake.toldThrough`).
    var toldThrough: EntityID?
    /// An older lifesignal's count of those told (`ScheduledWake.toldCount`):
    /// read, never written.
    var told: Int? = nil
}

extension LayoutStore {
    public func schedule(_ id: EntityID, at wake: Date?) throws {
        try schedule(id, at: wake, unreadable: nil, toldThrough: nil, old: try load(AccountWake.self, StorePaths.wake(id)))
    }

    @discardableResult
    public func scheduleDespiteDamage(_ id: EntityID, at wake: Date?, unreadable: String?, toldThrough: EntityID?) throws -> Bool {
        let old: AccountWake?
        do {
            old = try load(AccountWake.self, StorePaths.wake(id))
        } catch let failure as StoreError where failure.isUnreadableFile && isAboutWakeFile(failure, of: id) {
            // The wake file cannot say which entry is the account's: every
            // entry of it goes, the new one comes, and the damaged (or
            // refused) file is left as it is.
            for path in try files.files(under: StorePaths.schedule) where path.hasSuffix("-" + id.rawValue) {
                try remove(path)
            }
            if let wake = wake.map(ScheduleName.normalized) { try writeFile(ScheduleName.path(at: wake, id), []) }
            return false
        }
        try schedule(id, at: wake, unreadable: unreadable, toldThrough: toldThrough, old: old)
        return true
    }

    /// Whether `failure` names the account's wake file or the account's
    /// directory it is in (refused as planted), not some other file.
    private func isAboutWakeFile(_ failure: StoreError, of id: EntityID) -> Bool {
        let named = failure.filePath
        return named == codec.fullPath(StorePaths.wake(id)) || named == codec.fullPath(StorePaths.accountDirectory(id))
    }

    private func schedule(_ id: EntityID, at wake: Date?, unreadable: String?, toldThrough: EntityID?, old: AccountWake?) throws {
        let wake = wake.map(ScheduleName.normalized)
        guard old.map({ ScheduleName.entryMilliseconds($0.at) }) != wake.map(ScheduleName.entryMilliseconds)
                || old?.unreadable != unreadable || old?.toldThrough != toldThrough || old?.told != nil else {
            // Unchanged; its entry must still be there (one that was taken
            // for a stray, or lost to an older lifesignal on the same store).
            if let wake, try files.read(ScheduleName.path(at: wake, id)) == nil {
                try writeFile(ScheduleName.path(at: wake, id), [])
            }
            return
        }
        // The old entry is removed without a look first: wake.json says it
        // is there, and on etcd the look would cost a round trip.
        if let old { try removeUnread(ScheduleName.path(at: old.at, id)) }
        if let wake {
            try writeFile(ScheduleName.path(at: wake, id), [])
            try store(AccountWake(at: wake, unreadable: unreadable, toldThrough: toldThrough), StorePaths.wake(id))
        } else {
            try remove(StorePaths.wake(id))
        }
    }

    public func dueWakes(at now: Date, limit: Int?) throws -> [ScheduledWake] {
        try dueWakes(at: now, limit: limit ?? .max, spread: 0)
    }

    public func dueWakes(at now: Date, limit: Int, spread: Int) throws -> [ScheduledWake] {
        // The common answer, "nothing", is read without joining the transaction's checks.
        guard limit > 0 else { return [] }
        switch try firstLook(dueAt: now) {
        case .nothing: return []
        case .from(let first) where first > now: return []
        case .from: break
        case .olderOrDamaged: try convertOlderSchedule()
        }
        // The entries are looked at without joining the commit's checks, so
        // that processes catching up at once do not conflict over the
        // schedule: each account's own wake.json, read below as the
        // transaction's own, is what makes a second evaluation of it conflict.
        let (wanted, overflow) = limit.addingReportingOverflow(max(spread, 0))
        var window: [(at: Date, id: EntityID, paths: [String])] = []
        var positions = ByteKeyedTable<Int>()
        try visitDueEntries(at: now) { path, at, id in
            let entry = (at: at, id: id)
            if let position = positions[entry.id.rawValue] {
                window[position].paths.append(path)
            } else {
                positions[entry.id.rawValue] = window.count
                window.append((entry.at, entry.id, [path]))
            }
            return overflow || window.count < wanted
        }
        let offset = window.count > limit ? Int.random(in: 0...(window.count - limit)) : 0
        var due: [ScheduledWake] = []
        for candidate in window.dropFirst(offset).prefix(limit) {
            let recorded: AccountWake?
            do {
                recorded = try load(AccountWake.self, StorePaths.wake(candidate.id))
            } catch let failure as StoreError where failure.isUnreadableFile {
                // That account's own wake file is damaged or refused: its
                // catch-up works around it; nobody else's is held up by it.
                due.append(ScheduledWake(accountID: candidate.id, at: candidate.at))
                continue
            }
            due.append(ScheduledWake(accountID: candidate.id, at: candidate.at, unreadable: recorded?.unreadable,
                                     toldThrough: recorded?.toldThrough, toldCount: recorded?.told))
            // An entry the account's wake.json does not name (left by a
            // crash of an older version, or copied in by hand) would stay
            // due for ever: the account is looked at, and the entry goes.
            for path in candidate.paths {
                let named = recorded.map { ScheduleName.path(at: $0.at, candidate.id) == path } ?? false
                if !named { try remove(path) }
            }
        }
        return due
    }

    /// The account's own wake when it has come at `now` (its wake.json,
    /// read as the transaction's own); nil when it has not, or when that
    /// file cannot be read (the schedule's own look contains that).
    public func dueWake(of id: EntityID, at now: Date) throws -> ScheduledWake? {
        let recorded: AccountWake?
        do {
            recorded = try load(AccountWake.self, StorePaths.wake(id))
        } catch let failure as StoreError where failure.isUnreadableFile {
            return nil
        }
        guard let recorded, recorded.at <= now else { return nil }
        return ScheduledWake(accountID: id, at: recorded.at, unreadable: recorded.unreadable, toldThrough: recorded.toldThrough,
                             toldCount: recorded.told)
    }
}
