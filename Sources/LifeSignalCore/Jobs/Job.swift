import FoundationEssentials

/// A schedule of its own within one account (`jobs add backup --every 1d`):
/// a cron job, a backup, anything that should check in on time. Missed, it
/// tells the account's responders with the rules of a person's deadline
/// (`JobDeadline`); a failed run tells them at once.
///
/// A job's check-in never meets the person's own deadline: a cron job that
/// runs says nothing about whether its owner is safe.
public struct Job: Codable, Sendable, Equatable {
    /// 1–32 characters of `a-z 0-9 - _` (`JobRules.name`).
    public var name: String
    /// Seconds between check-ins for a rolling deadline; with a daily one,
    /// nil (a day, should its zone be unreadable).
    public var every: Int?
    /// The fixed daily deadline, in the account's zone; nil with `every`.
    public var schedule: DailySchedule?
    /// Seconds after the deadline before responders are told.
    public var grace: Int
    /// Seconds a run may take before responders are told it is still going.
    public var maxRuntime: Int?
    /// When it was added: its first deadline counts from then.
    public var createdAt: Date
    /// Its last check-in (a successful run, or `checkin --job NAME`).
    public var lastCheckIn: Date?
    /// What the deadline engine did of its current deadline.
    public var deadlines: DeadlineMarks
    /// Its latest runs, oldest first, at most `JobRules.runsKept`.
    public var runs: [JobRun]
    /// The run in progress, as far as the store knows (a run that never
    /// reported its end stays until the next one starts).
    public var running: JobRunStart?
    /// The failure the responders were told of, until a successful run
    /// tells them it recovered.
    public var failing: JobRun?

    public init(name: String, every: Int?, schedule: DailySchedule?, grace: Int, maxRuntime: Int?, createdAt: Date) {
        self.name = name
        self.every = every
        self.schedule = schedule
        self.grace = grace
        self.maxRuntime = maxRuntime
        self.createdAt = createdAt
        deadlines = DeadlineMarks()
        runs = []
    }

    /// The latest run that ended.
    public var lastRun: JobRun? { runs.last }
}

/// One run of a job's command that ended.
public struct JobRun: Codable, Sendable, Equatable {
    /// When it started.
    public var at: Date
    /// How long it took, in whole milliseconds.
    public var milliseconds: Int
    /// Its exit status as a shell gives it (128 + signal when killed).
    public var exitStatus: Int
    /// The command's name or its label: never its arguments.
    public var command: String
    /// The end of its output (`--keep-output`), made safe to show; nil when
    /// not kept, and in the history (`Job.runs`) always.
    public var output: String?

    public init(at: Date, milliseconds: Int, exitStatus: Int, command: String, output: String? = nil) {
        self.at = at
        self.milliseconds = milliseconds
        self.exitStatus = exitStatus
        self.command = command
        self.output = output
    }

    public var succeeded: Bool { exitStatus == 0 }

    /// Seconds it took.
    public var duration: Double { Double(milliseconds) / 1000 }
}

/// A run that started and has not reported its end.
public struct JobRunStart: Codable, Sendable, Equatable {
    public var at: Date
    public var command: String

    public init(at: Date, command: String) {
        self.at = at
        self.command = command
    }
}
