import ByteKeyed
import FoundationEssentials
import LifeSignalCore
import StoreBackends

/// The deadline schedule: one empty file per account that needs waking,
/// named by when, `schedule/<hour>/<milliseconds>-<account ID>` (hours and
/// milliseconds since 1970, zero-padded to 8 and 15 digits), so names sort
/// by time and the directory of hours is a timer wheel.
///
/// Writers of different accounts never touch the same file: rescheduling
/// deletes the account's old entry and writes its new one, which the
/// account's own `wake.json` remembers. "Is anything due?" is two listings
/// (the first hour, then its first entry), made without joining the
/// transaction's checks, whatever the number of accounts. An hour with no
/// entries left disappears (no backend keeps an empty directory).
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
    public func nextScheduledWake() throws -> Date? {
        guard let first = try files.firstFileOutsideReadSet(under: StorePaths.schedule) else { return nil }
        let parts = Self.components(of: first)
        // An older lifesignal's schedule (its head and buckets sort after every
        // hour) or damage is "due": the catch-up converts it, or names it.
        guard parts.count == 3, ScheduleName.hour(parts[1]) != nil else { return .distantPast }
        return try entry(parts[2], hour: parts[1]).at
    }

    /// The non-empty components of `path`, as `split(separator: "/")` gives
    /// them, cut at the bytes: every command looks at the schedule first,
    /// and `split` made the runtime build an array of substrings' type there.
    static func components(of path: String) -> [String] {
        var components: [String] = []
        var current: [UInt8] = []
        for byte in path.utf8 {
            if byte != UInt8(ascii: "/") {
                current.append(byte)
            } else if !current.isEmpty {
                components.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { components.append(String(decoding: current, as: UTF8.self)) }
        return components
    }

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
        guard limit > 0, let earliest = try nextScheduledWake(), earliest <= now else { return [] }
        if earliest == .distantPast { try convertOlderSchedule() }
        // The entries are looked at without joining the commit's checks, so
        // that processes catching up at once do not conflict over the
        // schedule: each account's own wake.json, read below as the
        // transaction's own, is what makes a second evaluation of it conflict.
        let (wanted, overflow) = limit.addingReportingOverflow(max(spread, 0))
        var window: [(at: Date, id: EntityID, paths: [String])] = []
        var positions = ByteKeyedTable<Int>()
        try visitScheduleEntries { hour, name in
            let entry = try entry(name, hour: hour)
            guard entry.at <= now else { return false }
            let path = StorePaths.scheduleHour(hour) + "/" + name
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

    /// Visits the schedule's entries in time order, as (hour, name), until
    /// `visit` returns false: a page at a time where the backend can (on
    /// etcd, a range with a limit), else hour by hour.
    private func visitScheduleEntries(_ visit: (String, String) throws -> Bool) throws {
        if var page = try files.pageOutsideReadSet(under: StorePaths.schedule, after: nil, limit: Self.schedulePage) {
            while true {
                for path in page.paths {
                    let parts = Self.components(of: path)
                    guard parts.count == 3, ScheduleName.hour(parts[1]) != nil else {
                        throw StoreError.damaged(path: codec.root + "/" + path, reason: "it is not an entry of the schedule")
                    }
                    guard try visit(parts[1], parts[2]) else { return }
                }
                guard page.hasMore, let last = page.paths.last,
                      let next = try files.pageOutsideReadSet(under: StorePaths.schedule, after: last, limit: Self.schedulePage)
                else { return }
                page = next
            }
        }
        for hour in try files.listOutsideReadSet(StorePaths.schedule) {
            guard ScheduleName.hour(hour) != nil else {
                throw StoreError.damaged(path: codec.root + "/" + StorePaths.scheduleHour(hour),
                                         reason: "it is not an hour of the schedule (8 digits)")
            }
            for name in try files.listOutsideReadSet(StorePaths.scheduleHour(hour)) {
                guard try visit(hour, name) else { return }
            }
        }
    }

    /// Schedule entries read in one request where the backend pages.
    static let schedulePage = 256

    /// The entry named `name` in the directory of `hour`; damage when the
    /// name is not an entry of that hour.
    func entry(_ name: String, hour: String) throws -> (at: Date, id: EntityID) {
        guard let entry = ScheduleName.entry(name), ScheduleName.hour(of: entry.at) == ScheduleName.hour(hour) else {
            throw StoreError.damaged(path: codec.root + "/" + StorePaths.scheduleHour(hour) + "/" + name,
                                     reason: "it is not a schedule entry of its hour (<milliseconds>-<account ID>)")
        }
        return entry
    }

    /// Rewrites the schedule of a store from before per-account entries (a
    /// head `schedule/wake.json` and hour buckets `schedule/<hour>.json`)
    /// as entries, in the transaction that first needs it.
    private func convertOlderSchedule() throws {
        for name in try files.listOutsideReadSet(StorePaths.schedule) where ScheduleName.hour(name) == nil {
            let path = StorePaths.schedule + "/" + name
            guard name == "wake.json" || (name.hasSuffix(".json") && Int(name.dropLast(5)) != nil) else {
                throw StoreError.damaged(path: codec.root + "/" + path, reason: "it is not part of the schedule")
            }
            if name != "wake.json" {
                for older in try load([OlderScheduleEntry].self, path) ?? [] {
                    let wake = ScheduleName.normalized(older.at)
                    try writeFile(ScheduleName.path(at: wake, older.accountID), [])
                    try store(AccountWake(at: wake), StorePaths.wake(older.accountID))
                }
            }
            try remove(path)
        }
    }
}

/// An entry of an hour bucket in the schedule of an older lifesignal.
package struct OlderScheduleEntry: Codable, Equatable {
    var accountID: EntityID
    var at: Date
}

/// The names of the schedule's hours and entries.
enum ScheduleName {
    static let hourDigits = 8
    static let millisecondDigits = 15
    private static let largestMillisecond: Int64 = 999_999_999_999_999

    /// Milliseconds since 1970, rounded up so an entry is never due early,
    /// within what the names can hold.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.up)
        return value.isFinite ? Int64(min(max(value, 0), Double(largestMillisecond))) : 0
    }

    /// `date` on the whole millisecond its entry names, as `wake.json` keeps it.
    static func normalized(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// The millisecond of a date already normalised (as read back from
    /// `wake.json` or an entry's name, where arithmetic may have left it a
    /// hair off the exact value): the nearest one, never the next.
    static func entryMilliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        return value.isFinite ? Int64(min(max(value, 0), Double(largestMillisecond))) : 0
    }

    static func hour(of date: Date) -> Int64 {
        entryMilliseconds(date) / 3_600_000
    }

    /// The entry's path for a wake at `date` (already normalised).
    static func path(at date: Date, _ id: EntityID) -> String {
        let ms = entryMilliseconds(date)
        return StorePaths.scheduleHour(padded(ms / 3_600_000, hourDigits)) + "/" + padded(ms, millisecondDigits) + "-" + id.rawValue
    }

    /// The hour an hour directory's name stands for, nil when it is not one.
    static func hour(_ name: String) -> Int64? {
        guard name.utf8.count == hourDigits, name.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(name)
    }

    /// The wake and account an entry's name stands for, nil when it is not one.
    static func entry(_ name: String) -> (at: Date, id: EntityID)? {
        let bytes = Array(name.utf8)
        guard bytes.count > millisecondDigits + 1, bytes[millisecondDigits] == UInt8(ascii: "-"),
              bytes[..<millisecondDigits].allSatisfy({ (48...57).contains($0) }),
              let ms = Int64(String(decoding: bytes[..<millisecondDigits], as: UTF8.self)),
              let id = EntityID(validatingUTF8: bytes[(millisecondDigits + 1)...]) else {
            return nil
        }
        return (Date(timeIntervalSince1970: Double(ms) / 1000), id)
    }

    private static func padded(_ value: Int64, _ digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
}
