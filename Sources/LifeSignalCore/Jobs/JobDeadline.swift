import FoundationEssentials

/// A job's deadline on the one deadline engine: the job is seen as the
/// account with the job's timer (`view`), and the engine runs the job's
/// rules on it, so that a missed job follows every rule of a missed
/// check-in (exactly once, never early, grace, each responder's delay,
/// repeats, pause) with words of its own.
public struct JobDeadline: Sendable {
    public let job: Job
    public let engine: DeadlineEngine

    public init(_ job: Job) {
        self.job = job
        engine = DeadlineEngine(rules: [JobMissedRule(job: job.name), JobEscalationRule(job: job.name),
                                        JobRepeatRule(job: job.name), JobOverrunRule(job: job)])
    }

    /// The account as the rules see the job: the job's last check-in, its
    /// interval or daily deadline, its grace period and its marks; the
    /// account's zone, name, repeats and pause. Before its first check-in a
    /// job is watched from when it was added, as from the end of a pause:
    /// it is due at its first deadline after that.
    public func view(of account: Account) -> Account {
        var view = account
        let start = job.lastCheckIn ?? job.createdAt.addingTimeInterval(-0.001)
        view.lastCheckIn = start
        if let pause = account.pause, pause.until > start {
            view.pause = pause
        } else if job.lastCheckIn == nil {
            view.pause = DeadlinePause(startedAt: job.createdAt, until: job.createdAt, reason: nil)
        } else {
            view.pause = nil
        }
        view.checkInInterval = job.every ?? 86_400
        view.dailySchedule = job.schedule
        view.graceInterval = job.grace
        view.deadlines = job.deadlines
        view.trip = nil
        view.deadlineExtension = nil
        view.answerWindows = []
        return view
    }

    /// The job once the engine worked on its `view`: its marks and the
    /// deadline its schedule gave the cycle.
    public func updated(from view: Account) -> Job {
        var job = job
        job.deadlines = view.deadlines
        job.schedule = view.dailySchedule
        return job
    }

    /// The `view` with its daily deadline fitted and its marks aligned to
    /// its current cycle: what the engine would work on now.
    public func current(of account: Account, zones: ZoneCatalog) -> Account {
        var view = view(of: account)
        _ = DailySchedule.fit(&view, zones: zones)
        return engine.aligned(view)
    }

    /// When it is next due; nil while the account is paused with no deadline.
    public func nextCheckInDue(of account: Account, zones: ZoneCatalog) -> Date? {
        var view = view(of: account)
        _ = DailySchedule.fit(&view, zones: zones)
        return view.nextCheckInDue
    }

    /// Whether its grace period ended without a check-in at `now`: what
    /// responders are told of, and what `status --check` reports.
    public func isOverdue(of account: Account, at now: Date, zones: ZoneCatalog) -> Bool {
        var view = view(of: account)
        _ = DailySchedule.fit(&view, zones: zones)
        return view.isPastGrace(at: now)
    }

    /// The responders told of its current missed deadline (its escalation
    /// keys are a person's: `JobEscalationRule.key`).
    public func toldResponders(of account: Account, responders: [ContactLink]) -> [EntityID] {
        engine.toldResponders(view(of: account), responders: responders)
    }
}
