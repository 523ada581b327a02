import FoundationEssentials
import LifeSignalCore
import StoreBackends

/// How a look at the schedule reads it: "is anything due?" before every
/// command, the exact next wake an agent sleeps until, and the entries a
/// catch-up takes, each at a cost bounded by the levels it has to go into
/// (`ScheduleName`), whatever the number of accounts.
///
/// "Is anything due?" goes into a directory of the schedule only when now
/// falls in its stretch (`ScheduleSpan`): an hour wholly past is due
/// whatever it holds, one to come is not. On a directory store that is a
/// look at the smallest name of the schedule's hours, then, in the current
/// hour only, of its minutes (at most 60), then in the current minute of
/// its seconds (at most 60), then in the current second of its entries:
/// only there does the cost follow the number of accounts, and only for
/// that second (a crowd with the same daily deadline costs each command
/// a look over the crowd's entries during the one second they fall in).
/// On etcd it is the one range with a limit of 1 it always was (prefetched
/// with the command's first reads).
extension LayoutStore {
    /// The earliest wake in the schedule, exactly: what an agent sleeps
    /// until. An older schedule or damage is `.distantPast` (due at once):
    /// the catch-up converts it, or names it.
    public func nextScheduledWake() throws -> Date? {
        switch try firstLook(descending: { _ in true }) {
        case .nothing: nil
        case .from(let date): date
        case .olderOrDamaged: .distantPast
        }
    }

    /// Whether anything in the schedule is due at `now` (an older schedule
    /// or damage is), read without joining the transaction's checks and
    /// without going into a directory whose name answers.
    public func isWakeDue(at now: Date) throws -> Bool {
        switch try firstLook(dueAt: now) {
        case .nothing: return false
        case .from(let date): return date <= now
        case .olderOrDamaged: return true
        }
    }

    /// What the schedule's first look finds (`firstLook(descending:)`).
    enum ScheduleFirstLook: Equatable {
        case nothing
        /// The first wake, or the start of a directory not looked into
        /// (a lower bound of everything in it).
        case from(Date)
        /// A name that is not of this schedule's form sorts first.
        case olderOrDamaged
    }

    /// The first look for "is anything due at `now`?": it goes only into
    /// the directories whose stretch holds `now`.
    func firstLook(dueAt now: Date) throws -> ScheduleFirstLook {
        let due = ScheduleName.millisecondsDue(at: now)
        return try firstLook(descending: { $0.contains(due) })
    }

    /// The schedule's first entry, or its first directory whose span
    /// `descending` declines to go into (where the backend looks level by
    /// level).
    func firstLook(descending: (ScheduleSpan) -> Bool) throws -> ScheduleFirstLook {
        guard let first = try files.firstFileOutsideReadSet(under: StorePaths.schedule, descending: { path in
            ScheduleSpan(Self.components(of: path)).map(descending) ?? false
        }) else { return .nothing }
        let parts = Self.components(of: first)
        if parts.count == 5, let entry = try? entry(at: parts) { return .from(entry.at) }
        if let span = ScheduleSpan(parts) { return .from(span.startDate) }
        return .olderOrDamaged
    }

    /// Visits the schedule's entries due at `now` in time order, as (path,
    /// wake, account), until `visit` returns false: a page at a time where
    /// the backend can (on etcd, a range with a limit), else directory by
    /// directory, going only into those whose stretch has begun.
    func visitDueEntries(at now: Date, _ visit: (String, Date, EntityID) throws -> Bool) throws {
        let due = ScheduleName.millisecondsDue(at: now)
        // An older schedule's names sort before every hour (`ScheduleName`)
        // and are being converted: the pages start after them.
        let hours = StorePaths.schedule + "/" + ScheduleName.hourMark
        if var page = try files.pageOutsideReadSet(under: StorePaths.schedule, after: hours, limit: Self.schedulePage) {
            while true {
                for path in page.paths {
                    let parts = Self.components(of: path)
                    if parts.count == 2, ScheduleName.isOlderForm(parts[1]) { continue }
                    let entry = try entry(at: parts)
                    guard ScheduleName.entryMilliseconds(entry.at) <= due, try visit(path, entry.at, entry.id) else { return }
                }
                guard page.hasMore, let last = page.paths.last,
                      let next = try files.pageOutsideReadSet(under: StorePaths.schedule, after: last, limit: Self.schedulePage)
                else { return }
                page = next
            }
        }
        _ = try visitDueEntries(in: [StorePaths.schedule], due: due, visit)
    }

    /// `visitDueEntries(at:_:)` in the directory with the components
    /// `parts`; false once the visit is over.
    private func visitDueEntries(in parts: [String], due: Int64, _ visit: (String, Date, EntityID) throws -> Bool) throws -> Bool {
        let directory = parts.joined(separator: "/")
        for name in try files.listOutsideReadSet(directory) {
            let child = parts + [name]
            if parts.count == 4 {
                let entry = try entry(at: child)
                guard ScheduleName.entryMilliseconds(entry.at) <= due, try visit(directory + "/" + name, entry.at, entry.id) else {
                    return false
                }
                continue
            }
            if parts.count == 1, ScheduleName.isOlderForm(name) { continue }
            guard let span = ScheduleSpan(child) else {
                throw StoreError.damaged(path: codec.root + "/" + directory + "/" + name, reason: Self.levelDamage[parts.count - 1])
            }
            guard span.start <= due, try visitDueEntries(in: child, due: due, visit) else { return false }
        }
        return true
    }

    /// What a name that is not of its level is, by level below `schedule/`.
    static let levelDamage = [
        "it is not an hour of the schedule (h and 8 digits)", "it is not a minute of the schedule's hour (00 to 59)",
        "it is not a second of the schedule's minute (00 to 59)",
    ]

    /// Schedule entries read in one request where the backend pages.
    static let schedulePage = 256

    /// The entry at the path with the components `parts`; damage when it is
    /// not an entry of the second it is in.
    func entry(at parts: [String]) throws -> (at: Date, id: EntityID) {
        guard parts.count == 5, let span = ScheduleSpan(Array(parts.prefix(4))), let entry = ScheduleName.entry(parts[4]),
              span.contains(ScheduleName.entryMilliseconds(entry.at)) else {
            throw StoreError.damaged(path: codec.root + "/" + parts.joined(separator: "/"),
                                     reason: "it is not a schedule entry of its second (<milliseconds>-<account ID>)")
        }
        return entry
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
}
