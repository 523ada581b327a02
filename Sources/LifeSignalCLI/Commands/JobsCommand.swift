import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Jobs: schedules of their own for cron jobs and the like (`jobs`, `jobs add`, `jobs show`, `jobs remove`).
enum JobsCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("jobs") { JobsCommandTable.jobs },
    ]

    static let jobs = CommandSpec(
        "jobs",
        summary: "List, add, show and remove your jobs: schedules of their own for cron jobs, backups and the like",
        discussion: [
            "A job has its own deadline, rolling (--every) or daily (--deadline, on your account's clock), and its own grace period. 'checkin --job NAME -- COMMAND' runs COMMAND and checks the job in when it succeeds. A job that misses its deadline tells every responder (\"Ada's job backup missed its check-in\") with the rules of a missed check-in: each responder after their delay, repeats, pauses. A failed run tells them at once (once until it succeeds again: a job that keeps failing does not page anyone at every run), and the next success that it recovered.",
            "A job's check-in never counts as yours: a cron job that ran says nothing about whether you are safe.",
        ],
        subcommandEntries: [
            SubcommandEntry("list") { JobsList.spec },
            SubcommandEntry("add") { JobsAdd.spec },
            SubcommandEntry("show") { JobsShow.spec },
            SubcommandEntry("remove") { JobsRemove.spec },
        ],
        defaultSubcommand: "list",
        examples: [
            CommandExample("jobs add backup --every 1d --grace 2h", "the backup checks in at least once a day"),
            CommandExample("checkin --job backup -- /usr/local/bin/backup.sh", "in the crontab: run it, check the job in if it succeeds"),
            CommandExample("jobs show backup", "its deadline and its latest runs"),
        ])
}

enum JobsInputs {
    static let name = Argument<String>(
        "NAME", help: "The job's name: 1 to 32 characters of a-z, 0-9, - and _.",
        expected: "1 to 32 characters of a-z, 0-9, - and _") { text in try? JobRules.name(text) }
}

/// `jobs [list]`
struct JobsList: CommandInput, Equatable {
    static let spec = CommandSpec(
        "list", summary: "List your jobs: whether each is on time, and its last run", input: .running(JobsList.self))

    init(from parsed: ParsedCommand) {}
}

extension JobsList: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let core = try c.core()
        let account = try c.reading { _, account in account }
        if c.json {
            c.printJSON(.array(account.jobs.map { JobsText.json($0, of: account, now: now, zones: core.zones) }))
            return success
        }
        guard !account.jobs.isEmpty else {
            c.say("No jobs yet.")
            c.hint("lifesignal jobs add NAME --every 1d")
            return success
        }
        c.print(JobsText.table(account, now: now, zones: core.zones, c.style))
        return success
    }
}

/// `jobs add NAME (--every DURATION | --deadline TIME [--days DAYS]) [--grace DURATION] [--max-runtime DURATION]`
struct JobsAdd: CommandInput, Equatable {
    static let every = Option<Int>(
        "every", valueName: "DURATION", help: "Due one DURATION after its last check-in (at least 1m, at most 30d).",
        expected: SharedInputs.durationExpected, completion: .choices(["1h", "1d", "7d"]), convert: SharedInputs.duration)
    static let deadline = Option<TimeOfDay>(
        "deadline", valueName: "TIME", help: "Due by TIME (HH:MM, 24 h) each chosen day, on your account's clock.",
        expected: "a time of day such as 03:00") { text in try? TimeOfDay(parsing: text) }
    static let graceOption = Option<Int>(
        "grace", valueName: "DURATION", help: "How long after the deadline before your responders are told (default 0).",
        expected: SharedInputs.durationExpected, completion: .choices(["30m", "1h", "2h"]), convert: SharedInputs.duration)
    static let maxRuntimeOption = Option<Int>(
        "max-runtime", valueName: "DURATION", help: "Tell your responders once when a run is still going this long after it started.",
        expected: SharedInputs.durationExpected, completion: .choices(["30m", "1h", "2h"]), convert: SharedInputs.duration)

    static let spec = CommandSpec(
        "add",
        summary: "Add a job with its own deadline, watched from now",
        discussion: [
            "With --every the job is due one DURATION after its last check-in; with --deadline at TIME on each of --days (default daily), on your account's clock, and a check-in meets the first deadline after it. A new job is due at its first deadline from now.",
        ],
        arguments: [JobsInputs.name.spec],
        options: [every.spec, deadline.spec, CheckinDeadline.days.spec, graceOption.spec, maxRuntimeOption.spec],
        examples: [
            CommandExample("jobs add backup --every 1d --grace 2h", "a daily backup, told two hours after it is late"),
            CommandExample("jobs add report --deadline 07:00 --days weekdays", "a report done by 07:00 every weekday"),
        ],
        input: .running(JobsAdd.self))

    let name: String
    let due: JobService.Due
    let grace: Int?
    let maxRuntime: Int?

    init(from parsed: ParsedCommand) throws(UsageError) {
        name = try parsed.required(JobsInputs.name)
        let every = try parsed.value(Self.every), deadline = try parsed.value(Self.deadline)
        let days = try parsed.value(CheckinDeadline.days)
        switch (every, deadline) {
        case (let every?, nil):
            if days != nil { throw parsed.problem(.conflict("--days", "--every")) }
            due = .every(every)
        case (nil, let time?): due = .daily(DailyDeadline(time: time, days: days ?? .daily))
        case (.some, .some): throw parsed.problem(.conflict("--every", "--deadline"))
        case (nil, nil): throw parsed.problem(.missingArgument("--every DURATION or --deadline TIME"))
        }
        grace = try parsed.value(Self.graceOption)
        maxRuntime = try parsed.value(Self.maxRuntimeOption)
    }
}

extension JobsAdd: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let core = try c.core()
        let (job, account) = try c.writing { store, account in
            var account = account
            let job = try JobService(store: store, env: core).add(&account, name: name, due: due, grace: grace,
                                                                  maxRuntime: maxRuntime)
            return (job, account)
        }
        JobsText.show(job, of: account, now: core.now, zones: core.zones, c)
        return success
    }
}

/// `jobs show NAME`
struct JobsShow: CommandInput, Equatable {
    static let spec = CommandSpec(
        "show", summary: "Show a job: its deadline, whether it is overdue, and its latest runs with their durations",
        arguments: [JobsInputs.name.spec], input: .running(JobsShow.self))

    let name: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        name = try parsed.required(JobsInputs.name)
    }
}

extension JobsShow: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let core = try c.core()
        let (job, account) = try c.reading { store, account in
            (try JobService(store: store, env: core).job(name, of: account), account)
        }
        JobsText.show(job, of: account, now: core.now, zones: core.zones, c)
        return success
    }
}

/// `jobs remove NAME [--yes]`
struct JobsRemove: CommandInput, Equatable {
    static let yes = Flag("yes", short: "y", help: "Remove without asking.")

    static let spec = CommandSpec(
        "remove",
        summary: "Remove a job: nothing more is told of it",
        discussion: ["Asks for confirmation on a terminal (declining exits 14); elsewhere --yes is required."],
        arguments: [JobsInputs.name.spec], options: [yes.spec], input: .running(JobsRemove.self))

    let name: String
    let yes: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        name = try parsed.required(JobsInputs.name)
        yes = parsed[Self.yes]
    }
}

extension JobsRemove: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let core = try c.core()
        _ = try c.reading { store, account in try JobService(store: store, env: core).job(name, of: account) }
        try c.requireConfirmation("Remove the job \(name)? Nobody will be told of it any more.", yes: yes,
                                  declined: "Not removed; the job \(name) stays.")
        try c.writing { store, account in
            var account = account
            try JobService(store: store, env: core).remove(&account, name: name)
        }
        if c.json { c.printJSON(.object([("removed", .string(name))])) } else { c.say("Removed the job \(name).") }
        return success
    }
}
