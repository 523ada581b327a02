import Foundation
import LifeSignalCore
import LifeSignalStore
import Testing
import TestSupport

/// What `AlarmWorld` compares after each step: every person's alarm
/// notices, read from the real feeds, and those their preferences hand to
/// the notify command, against the model's; each person's deadline, alert
/// and jobs as `status` shows them.
extension AlarmWorld {
    /// Every person's alarm notices, read from the real feeds, against the model's.
    func compare(_ label: String) throws {
        try store.readWithoutCatchUp { layout in try compare(label, layout) }
    }

    private func compare(_ label: String, _ store: LayoutStore) throws {
        let names = Dictionary(uniqueKeysWithValues: model.people.enumerated().map { ($0.element.name, $0.offset) })
        for p in accounts.indices {
            guard let account = try store.account(accounts[p]) else { throw HarnessFailure("\(label): account \(p) is gone") }
            // Only a feed that grew is read again (this is most of the test's time).
            if try store.feedSummary(of: accounts[p]).nextIndex > nextIndex[p] {
                try store.visitFeed(of: accounts[p], from: nextIndex[p]) { item in
                    nextIndex[p] = item.index + 1
                    if AlarmFeedReading.isDrillNotice(item) {
                        try #require(account.preferences.delivers(item), "\(label): a drill's notice is held back: \(item.title)")
                        drillNotices[p] += 1
                        return true
                    }
                    guard let event = try AlarmFeedReading.event(item, owner: p, names: names) else { return true }
                    seen[p].append(event)
                    if account.preferences.delivers(item) { handed[p].append(event) }
                    return true
                }
            }
            try #require(drillNotices[p] == model.drillNotices[p, default: 0],
                         "\(label): \(model.people[p].name) holds \(drillNotices[p]) drill notices, the rules say \(model.drillNotices[p, default: 0])")
            let real = seen[p].sorted(), expected = (model.expected[p] ?? []).sorted()
            try #require(real == expected, "\(label): \(model.people[p].name) holds\n\(real)\nbut the rules say\n\(expected)")
            let told = model.expected[p] ?? []
            expectedHanded[p] += told[judged[p]...].filter { model.hands($0.kind, to: p) }
            judged[p] = told.count
            let (given, meant) = (handed[p].sorted(), expectedHanded[p].sorted())
            try #require(given == meant, "\(label): \(model.people[p].name)'s notify command is handed\n\(given)\nbut the rules say\n\(meant)")
            // What status shows: the deadline (a told miss stands) and the alert.
            let shown = "\(label): \(model.people[p].name) is due \(String(describing: account.nextCheckInDue)), "
                + "alert \(account.isAlertActive); the rules say \(String(describing: model.due(p))), \(model.people[p].alert)"
            try #require(account.nextCheckInDue == model.due(p) && account.isAlertActive == model.people[p].alert, "\(shown)")
            let jobs = account.jobs.map { "\($0.name) due \(String(describing: JobDeadline($0).nextCheckInDue(of: account, zones: Self.zones)))" }
            let modelJobs = model.people[p].jobs.indices.map { "\(model.people[p].jobs[$0].name) due \(String(describing: model.jobDue(p, $0) as Date?))" }
            try #require(jobs == modelJobs, "\(label): \(model.people[p].name)'s jobs are \(jobs); the rules say \(modelJobs)")
        }
    }
}
