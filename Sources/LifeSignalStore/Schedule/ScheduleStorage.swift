import FoundationEssentials
import LifeSignalCore

/// The deadline schedule: a timer wheel of hour buckets.
///
/// `schedule/wake.json` holds the earliest wake time and the list of
/// non-empty buckets, so the common question "is anything due?" is one
/// small read whatever the number of accounts. Each bucket file lists the
/// accounts that wake within that hour; each account remembers its own
/// wake so rescheduling touches two buckets at most.
struct WakeHead: Codable {
    var next: Date?
    var buckets: [Int] = []
}

struct ScheduleEntry: Codable {
    var accountID: EntityID
    var at: Date
    /// The account's own file that could not be read at its last look
    /// (`ScheduledWake.unreadable`).
    var unreadable: String?
}

struct AccountWake: Codable, Equatable {
    var at: Date
    var unreadable: String?
}

extension FileStore {
    static func bucket(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 3600).rounded(.down))
    }

    private func head() throws -> WakeHead {
        try load(WakeHead.self, StoreLayout.wakeHead) ?? WakeHead()
    }

    private func entries(_ bucket: Int) throws -> [ScheduleEntry] {
        try load([ScheduleEntry].self, StoreLayout.scheduleBucket(bucket)) ?? []
    }

    public func nextScheduledWake() throws -> Date? {
        try head().next
    }

    public func schedule(_ id: EntityID, at wake: Date?) throws {
        let old = try load(AccountWake.self, StoreLayout.wake(id))
        let new = wake.map { AccountWake(at: $0) }
        guard old != new else { return }
        try reschedule(id, from: old.map { [Self.bucket(of: $0.at)] } ?? [], to: new, writeWakeFile: true)
    }

    public func scheduleDespiteDamage(_ id: EntityID, at wake: Date?, unreadable: String?) throws {
        let new = wake.map { AccountWake(at: $0, unreadable: unreadable) }
        do {
            let old = try load(AccountWake.self, StoreLayout.wake(id))
            guard old != new else { return }
            try reschedule(id, from: old.map { [Self.bucket(of: $0.at)] } ?? [], to: new, writeWakeFile: true)
        } catch let failure as StoreError where failure.kind == .damaged && failure.filePath == codec.fullPath(StoreLayout.wake(id)) {
            // The account's wake file cannot say which bucket holds it: look
            // in every one, and leave the damaged file as it is.
            try reschedule(id, from: try head().buckets, to: new, writeWakeFile: false)
        }
    }

    /// Moves the account's entry out of the `from` buckets and into the one
    /// for `new`, keeping the head's earliest wake right.
    private func reschedule(_ id: EntityID, from buckets: [Int], to new: AccountWake?, writeWakeFile: Bool) throws {
        var head = try head()
        for bucket in buckets {
            let entries = try entries(bucket)
            let remaining = entries.filter { $0.accountID != id }
            if remaining.count != entries.count { try writeBucket(bucket, remaining, head: &head) }
        }
        if let new {
            let bucket = Self.bucket(of: new.at)
            var list = try entries(bucket).filter { $0.accountID != id }
            list.append(ScheduleEntry(accountID: id, at: new.at, unreadable: new.unreadable))
            try writeBucket(bucket, list, head: &head)
            if writeWakeFile { try store(new, StoreLayout.wake(id)) }
        } else if writeWakeFile {
            try remove(StoreLayout.wake(id))
        }
        head.next = try head.buckets.first.flatMap { try entries($0).map(\.at).min() }
        try store(head, StoreLayout.wakeHead)
    }

    public func dueWakes(at now: Date) throws -> [ScheduledWake] {
        var due: [ScheduleEntry] = []
        for bucket in try head().buckets where Double(bucket) * 3600 <= now.timeIntervalSince1970 {
            due += try entries(bucket).filter { $0.at <= now }
        }
        return due.sorted { ($0.at, $0.accountID) < ($1.at, $1.accountID) }
            .map { ScheduledWake(accountID: $0.accountID, at: $0.at, unreadable: $0.unreadable) }
    }

    private func writeBucket(_ bucket: Int, _ list: [ScheduleEntry], head: inout WakeHead) throws {
        let path = StoreLayout.scheduleBucket(bucket)
        if list.isEmpty {
            try remove(path)
            head.buckets.removeAll { $0 == bucket }
        } else {
            try store(list, path)
            if !head.buckets.contains(bucket) {
                head.buckets.append(bucket)
                head.buckets.sort()
            }
        }
    }
}
