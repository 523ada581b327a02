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
}

struct AccountWake: Codable {
    var at: Date
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
        guard old?.at != wake else { return }
        var head = try head()
        if let old {
            let bucket = Self.bucket(of: old.at)
            let remaining = try entries(bucket).filter { $0.accountID != id }
            try writeBucket(bucket, remaining, head: &head)
        }
        if let wake {
            let bucket = Self.bucket(of: wake)
            var list = try entries(bucket).filter { $0.accountID != id }
            list.append(ScheduleEntry(accountID: id, at: wake))
            try writeBucket(bucket, list, head: &head)
            try store(AccountWake(at: wake), StoreLayout.wake(id))
        } else {
            try remove(StoreLayout.wake(id))
        }
        head.next = try head.buckets.first.flatMap { try entries($0).map(\.at).min() }
        try store(head, StoreLayout.wakeHead)
    }

    public func dueAccounts(at now: Date) throws -> [EntityID] {
        var due: [ScheduleEntry] = []
        for bucket in try head().buckets where Double(bucket) * 3600 <= now.timeIntervalSince1970 {
            due += try entries(bucket).filter { $0.at <= now }
        }
        return due.sorted { ($0.at, $0.accountID) < ($1.at, $1.accountID) }.map(\.accountID)
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
