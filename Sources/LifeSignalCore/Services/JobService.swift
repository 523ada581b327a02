import FoundationEssentials

/// An account's jobs (`jobs add`, `jobs remove`) and their check-ins
/// (`checkin --job NAME [-- COMMAND]`).
///
/// A job's check-in is the job's alone: it never meets the account's own
/// deadline (a cron job that ran says nothing of its owner), and it needs
/// no check-in code (nothing a cron job does can be under duress).
public struct JobService {
    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    private var deadlines: DeadlineService { DeadlineService(store: store, env: env) }
    private var notifier: Notifier { Notifier(store: store, env: env) }

    /// How a new job is due: every so long, or at a time of day.
    public enum Due: Sendable, Equatable {
        case every(Int)
        case daily(DailyDeadline)
    }

    /// Adds a job, watched from now: due one interval from now, or at its
    /// first daily deadline after now.
    @discardableResult
    public func add(_ account: inout Account, name: String, due: Due, grace: Int?, maxRuntime: Int?) throws -> Job {
        let name = try JobRules.name(name)
        var every: Int?, schedule: DailySchedule?
        switch due {
        case .every(let seconds):
            try Self.require(seconds, in: JobRules.everyBounds, "a job's interval")
            every = seconds
        case .daily(let deadline):
            schedule = DailySchedule(deadline: deadline)
        }
        if let grace { try Self.require(grace, in: DeadlineBounds.grace, "a job's grace period") }
        if let maxRuntime { try Self.require(maxRuntime, in: JobRules.maxRuntimeBounds, "a job's longest run") }
        guard !account.jobs.contains(where: { $0.name == name }) else {
            throw LifeSignalError.refused("you already have a job named \(name)", hint: "lifesignal jobs show \(name)")
        }
        guard account.jobs.count < JobRules.maximumJobs else {
            throw LifeSignalError.refused("you have \(JobRules.maximumJobs) jobs, as many as an account may have",
                                          hint: "lifesignal jobs remove NAME")
        }
        let job = Job(name: name, every: every, schedule: schedule, grace: grace ?? 0, maxRuntime: maxRuntime,
                      createdAt: env.now)
        account.jobs.append(job)
        try deadlines.reschedule(&account)
        return try self.job(name, of: account)
    }

    /// Removes a job: nothing more is told of it. Returns it.
    @discardableResult
    public func remove(_ account: inout Account, name: String) throws -> Job {
        let job = try self.job(name, of: account)
        account.jobs.removeAll { $0.name == name }
        try deadlines.reschedule(&account)
        return job
    }

    /// The job named `name`; refused (not found) when there is none.
    public func job(_ name: String, of account: Account) throws -> Job {
        account.jobs[try position(name, in: account)]
    }

    /// Records that a run of the job's command started (for `--max-runtime`).
    public func started(_ account: inout Account, name: String, command: String) throws {
        let index = try position(name, in: account)
        account.jobs[index].running = JobRunStart(at: env.now, command: command)
        try deadlines.reschedule(&account)
    }

    /// What a job's check-in or run told the responders.
    public struct Outcome: Sendable, Equatable {
        /// The job as it now is.
        public var job: Job
        /// Responders told of a failed run (nil when it did not fail, or
        /// failed again before a success: see `failedAgain`).
        public var toldFailure: Reach?
        /// The run failed while the job was failing already: the responders,
        /// told at the first failure, are not told again until it recovers.
        public var failedAgain = false
        /// Responders told it recovered (after a failure or a missed deadline).
        public var toldRecovered: Reach?
    }

    /// Records the end of a run: a success checks the job in, a failure
    /// tells every responder at once (with its exit status and, when kept,
    /// the end of its output), once a failing spell (a job run from cron
    /// every minute must not page anyone every minute); a success after a
    /// failure, or after a missed deadline, tells them it recovered. The run is kept (the newest
    /// `JobRules.runsKept`, without their output).
    public func finished(_ account: inout Account, name: String, run: JobRun) throws -> Outcome {
        let index = try position(name, in: account)
        var job = account.jobs[index]
        if job.running?.at == run.at { job.running = nil }
        // The output goes with the failure's notice and stays on `failing`
        // alone: the history keeps durations, not 20 runs' output in the account.
        var kept = run
        kept.output = nil
        job.runs.append(kept)
        if job.runs.count > JobRules.runsKept { job.runs.removeFirst(job.runs.count - JobRules.runsKept) }
        account.jobs[index] = job
        guard run.succeeded else {
            let spellGoesOn = account.jobs[index].failing != nil
            account.jobs[index].failing = run
            if spellGoesOn {
                try deadlines.reschedule(&account)
                return Outcome(job: account.jobs[index], failedAgain: true)
            }
            let reach = try notifier.fanOutToResponders(from: &account, key: "job-failed:" + env.newID().rawValue,
                                                        JobNotices.failed(account, job: name, run: run))
            try deadlines.reschedule(&account)
            return Outcome(job: account.jobs[index], toldFailure: reach)
        }
        return try checkIn(&account, name: name)
    }

    /// Checks the job in now. Responders told it missed its deadline, or
    /// all of them when its last run had failed, are told it recovered.
    public func checkIn(_ account: inout Account, name: String) throws -> Outcome {
        let index = try position(name, in: account)
        let deadline = JobDeadline(account.jobs[index])
        let responders = try store.responders(of: account.id).links
        var recovered: Reach?
        var told = deadline.toldResponders(of: account, responders: responders)
        var after = "missing its check-in"
        if account.jobs[index].failing != nil {
            told = responders.map(\.contactID)
            after = "a failed run"
        }
        account.jobs[index].lastCheckIn = env.now
        account.jobs[index].failing = nil
        if !told.isEmpty {
            recovered = try notifier.fanOut(from: &account, key: "job-ok:" + env.newID().rawValue, to: told,
                                            JobNotices.recovered(account, job: name, after: after))
        }
        try deadlines.reschedule(&account)
        return Outcome(job: account.jobs[index], toldRecovered: recovered)
    }

    private func position(_ name: String, in account: Account) throws(LifeSignalError) -> Int {
        guard let index = account.jobs.firstIndex(where: { $0.name == name }) else {
            throw LifeSignalError.notFound("you have no job named \(quoted(name))", hint: "lifesignal jobs")
        }
        return index
    }

    private static func require(_ seconds: Int, in bounds: ClosedRange<Int>, _ what: String) throws(LifeSignalError) {
        guard bounds.contains(seconds) else {
            throw LifeSignalError.invalid("\(what) must be from \(DurationText.format(seconds: bounds.lowerBound)) to "
                + "\(DurationText.format(seconds: bounds.upperBound)), not \(DurationText.format(seconds: seconds))")
        }
    }
}
