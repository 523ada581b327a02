import FoundationEssentials

/// What responders read about a job: "Ada's job backup missed its check-in".
/// Every notice names the job (`FeedDraft.job`) and is of type `checkIn`.
public enum JobNotices {
    /// "Ada's job backup".
    static func subject(_ account: Account, job: String) -> String { "\(account.fullName)'s job \(job)" }

    static func missed(_ account: Account, job: String, due: Date) -> FeedDraft {
        FeedDraft(type: .checkIn, title: "\(subject(account, job: job)) missed its check-in",
                  message: "\(subject(account, job: job)) was due to check in at \(ISO8601.format(due)) and did not. "
                      + "It may not have run, or may have failed without telling.",
                  relatedContactID: account.id, isCritical: true, job: job).zoned([due], of: account)
    }

    static func stillMissed(_ account: Account, job: String, due: Date, period: Int) -> FeedDraft {
        FeedDraft(type: .checkIn, title: "\(subject(account, job: job)) still has not checked in",
                  message: "\(subject(account, job: job)) was due to check in at \(ISO8601.format(due)) and has not since. "
                      + "You are told again every \(DurationText.format(seconds: period)) until it checks in.",
                  relatedContactID: account.id, isCritical: true, job: job).zoned([due], of: account)
    }

    /// A run that failed: at once, with its exit status and, when kept, the end of its output.
    public static func failed(_ account: Account, job: String, run: JobRun) -> FeedDraft {
        var message = "\(subject(account, job: job)) failed: \(run.command) exited with status \(run.exitStatus) "
            + "after \(DurationText.format(seconds: max(0, run.milliseconds / 1000))) (started \(ISO8601.format(run.at)))."
        if let output = run.output { message += " The end of its output:\n" + output }
        return FeedDraft(type: .checkIn, title: "\(subject(account, job: job)) failed",
                         message: message, relatedContactID: account.id, isCritical: true, job: job,
                         exitStatus: run.exitStatus)
    }

    /// A successful run after a failure, or a check-in after a missed
    /// deadline: an all-clear.
    public static func recovered(_ account: Account, job: String, after: String) -> FeedDraft {
        FeedDraft(type: .checkIn, title: "\(subject(account, job: job)) recovered",
                  message: "\(subject(account, job: job)) checked in again after \(after).",
                  relatedContactID: account.id, job: job, allClear: true)
    }

    /// A responder handling a missed job (`ack`): the account's own notice and the other responders'.
    static func handling(_ account: Account, job: String, by responder: Account) -> (own: FeedDraft?, others: FeedDraft) {
        let own = FeedDraft(
            type: .checkIn, title: "\(responder.fullName) is handling your job \(job)'s missed check-in",
            message: "\(responder.fullName) said they are handling the missed check-in of your job \(job); your other "
                + "responders were told, and the reminders stop.",
            relatedContactID: responder.id, acknowledgedBy: responder.id, job: job)
        let others = FeedDraft(
            type: .checkIn, title: "\(responder.fullName) is handling the missed check-in of \(subject(account, job: job))",
            message: "\(responder.fullName) said they are handling the missed check-in of \(subject(account, job: job)); "
                + "you will not be reminded of it again.",
            relatedContactID: account.id, acknowledgedBy: responder.id, job: job)
        return (own, others)
    }

    static func overrun(_ account: Account, job: String, run: JobRunStart, limit: Int) -> FeedDraft {
        FeedDraft(type: .checkIn, title: "\(subject(account, job: job)) is still running",
                  message: "\(subject(account, job: job)) (\(run.command)) started at \(ISO8601.format(run.at)) and was "
                      + "still running \(DurationText.format(seconds: limit)) later, its longest allowed run.",
                  relatedContactID: account.id, isCritical: true, job: job)
    }
}
