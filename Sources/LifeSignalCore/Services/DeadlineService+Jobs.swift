import FoundationEssentials

/// The account's jobs on the one deadline engine: each job's deadline is
/// brought up to date with the account's, in the same transaction, within
/// the same bound of notices (`StoreWriting.reserveNotice`).
extension DeadlineService {
    /// Fires what is due of every job's deadline and delivers its notices;
    /// what this transaction cannot carry, or could not deliver, is owed
    /// on the job's marks and handed out by the next step. Returns how many
    /// notices went out.
    func bringJobsUpToDate(_ account: inout Account, responders: [ContactLink]) throws -> Int {
        guard !account.jobs.isEmpty else { return 0 }
        let notifier = Notifier(store: store, env: env)
        var sent = 0
        for index in account.jobs.indices {
            let deadline = JobDeadline(account.jobs[index])
            var view = deadline.view(of: account)
            _ = DailySchedule.fit(&view, zones: env.zones)
            let dues = deadline.engine.evaluate(&view, responders: responders, now: env.now, notices: store.remainingNotices)
            for due in dues {
                guard store.reserveNotice() else {
                    deadline.engine.owe(due, in: &view, retryAt: env.now.addingTimeInterval(-0.001))
                    continue
                }
                if let item = try notifier.deliverItem(due.notice.recipient, due.notice.draft) {
                    deadline.engine.delivered(due, item: item, at: env.now, in: &view)
                    sent += 1
                } else {
                    deadline.engine.owe(due, in: &view, retryAt: env.now.addingTimeInterval(Self.retryDelay))
                }
            }
            account.jobs[index] = deadline.updated(from: view)
        }
        return sent
    }

    /// When the account's jobs next need attention (a milestone, an owed notice).
    func nextJobWake(for account: Account, responders: [ContactLink]) -> Date? {
        account.jobs.lazy.compactMap { job in
            let deadline = JobDeadline(job)
            var view = deadline.view(of: account)
            _ = DailySchedule.fit(&view, zones: env.zones)
            return deadline.engine.nextWake(for: view, responders: responders)
        }.min()
    }
}
