import FoundationEssentials
import LifeSignalCore
import StoreBackends

/// Rewrites the schedules of older lifesignals in this one's form
/// (`ScheduleName`), in the catch-up that first sees them: both sort
/// before every hour of this form, so the first look at the schedule does.
///
/// - Before per-account entries: a head `schedule/wake.json` and hour
///   buckets `schedule/<hour>.json`, converted at once.
/// - Before minutes and seconds: `schedule/<hour>/<milliseconds>-<account ID>`,
///   moved `olderEntriesPerStep` entries a transaction, the earliest first,
///   so that no transaction grows with the store; while some are left the
///   schedule stays "due", and the next catch-up moves more. The
///   accounts' `wake.json` files name the same wakes and stay as they are.
extension LayoutStore {
    /// Entries of the schedule before minutes and seconds moved in one transaction.
    static let olderEntriesPerStep = 512

    func convertOlderSchedule() throws {
        var moved = 0
        for name in try files.listOutsideReadSet(StorePaths.schedule) where ScheduleName.hour(name) == nil {
            let path = StorePaths.schedule + "/" + name
            if let hour = ScheduleName.olderHour(name) {
                for entryName in try files.listOutsideReadSet(path) {
                    guard moved < Self.olderEntriesPerStep else { return }
                    guard let entry = ScheduleName.entry(entryName), ScheduleName.entryMilliseconds(entry.at) / 3_600_000 == hour else {
                        throw StoreError.damaged(path: codec.root + "/" + path + "/" + entryName,
                                                 reason: "it is not a schedule entry of its hour (<milliseconds>-<account ID>)")
                    }
                    try writeFile(ScheduleName.path(at: entry.at, entry.id), [])
                    try removeUnread(path + "/" + entryName)
                    moved += 1
                }
                continue
            }
            guard ScheduleName.isOlderForm(name) else {
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
