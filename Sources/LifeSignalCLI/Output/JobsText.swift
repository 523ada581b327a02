import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// How a job reads: on the terminal and as JSON (`jobs`, `jobs show`, `status`).
enum JobsText {
    /// `{"name", "nextCheckInDue", "overdue", "lastRun"}` (what `status --json` lists), and with
    /// `detailed` its schedule, grace, longest run, last check-in and latest runs (`jobs show --json`).
    static func json(_ job: Job, of account: Account, now: Date, zones: ZoneCatalog, detailed: Bool = false) -> JSONValue {
        let deadline = JobDeadline(job)
        var members: [(String, JSONValue)] = [
            ("name", .string(job.name)),
            ("nextCheckInDue", .date(deadline.nextCheckInDue(of: account, zones: zones))),
            ("overdue", .bool(deadline.isOverdue(of: account, at: now, zones: zones))),
            ("lastRun", job.lastRun.map(run) ?? .null),
        ]
        guard detailed else { return .object(members) }
        members += [
            ("every", job.schedule == nil ? job.every.map { .int($0) } ?? .null : .null),
            ("deadline", job.schedule.map { .string($0.time.description) } ?? .null),
            ("days", job.schedule.map { .string($0.days.description) } ?? .null),
            ("grace", .int(job.grace)),
            ("maxRuntime", job.maxRuntime.map { .int($0) } ?? .null),
            ("lastCheckIn", .date(job.lastCheckIn)),
            ("failing", job.failing.map { run($0).adding("output", .optional($0.output)) } ?? .null),
            ("running", job.running.map { .object([("at", .date($0.at)), ("command", .string($0.command))]) } ?? .null),
            ("runs", .array(job.runs.reversed().map(run))),
        ]
        return .object(members)
    }

    /// `{"at", "exitStatus", "duration"}` (whole seconds), with the command's name.
    static func run(_ run: JobRun) -> JSONValue {
        .object([("at", .date(run.at)), ("exitStatus", .int(run.exitStatus)),
                 ("duration", .int(Int(run.duration.rounded()))), ("command", .string(run.command))])
    }

    /// "on time: due …", "OVERDUE: due …", "LATE …", "failing"; with the
    /// name of the responder handling a missed one (`ack`), when known.
    static func state(_ job: Job, of account: Account, now: Date, zones: ZoneCatalog, handler: String? = nil,
                      _ s: Style) -> String {
        let deadline = JobDeadline(job)
        guard let due = deadline.nextCheckInDue(of: account, zones: zones) else { return "paused" }
        var state = now >= due ? s.red(deadline.isOverdue(of: account, at: now, zones: zones) ? "OVERDUE" : "LATE")
            : s.green("on time")
        if job.failing != nil { state += ", " + s.red("last run failed") }
        if let handler { state += ", \(TerminalText.line(handler)) is handling it" }
        return state + ": due " + TimeText.both(due, now: now)
    }

    static func lastRun(_ job: Job, now: Date) -> String {
        guard let run = job.lastRun else { return "no runs yet" }
        let how = run.succeeded ? "ok" : "exit \(run.exitStatus)"
        return "last run \(TimeText.local(run.at, now: now)), \(how), took \(duration(run))"
    }

    static func duration(_ run: JobRun) -> String {
        run.milliseconds < 60_000 ? "\(run.milliseconds / 100 / 10).\(run.milliseconds / 100 % 10)s"
            : DurationText.format(seconds: run.milliseconds / 1000)
    }

    static func schedule(_ job: Job) -> String {
        var text = job.schedule.map { "by \($0.time) (\($0.days), your account's time)" }
            ?? "every \(DurationText.format(seconds: job.every ?? 0))"
        if job.grace > 0 { text += ", grace \(DurationText.format(seconds: job.grace))" }
        if let limit = job.maxRuntime { text += ", runs at most \(DurationText.format(seconds: limit))" }
        return text
    }

    /// `status`'s lines of the account's jobs, after the rest.
    static func rows(_ account: Account, now: Date, zones: ZoneCatalog, handlers: [String: String], _ c: Context) {
        guard !account.jobs.isEmpty else { return }
        c.out.line("")
        c.out.line(c.style.bold("Jobs"))
        c.print(table(account, now: now, zones: zones, handlers: handlers, c.style, indent: 2))
    }

    /// A line per job: its name, whether it is on time, its last run.
    static func table(_ account: Account, now: Date, zones: ZoneCatalog, handlers: [String: String] = [:], _ s: Style,
                      indent: Int = 0) -> TextTable {
        var table = TextTable(columns: [.fixed, .fixed, .flexible], indent: indent)
        for job in account.jobs {
            table.add([job.name, state(job, of: account, now: now, zones: zones, handler: handlers[job.name], s),
                       lastRun(job, now: now)])
        }
        return table
    }

    static func show(_ job: Job, of account: Account, now: Date, zones: ZoneCatalog, _ c: Context) {
        if c.json {
            c.printJSON(json(job, of: account, now: now, zones: zones, detailed: true))
            return
        }
        var rows = TextTable(columns: [.fixed, .flexible])
        rows.add(["Job", job.name])
        rows.add(["Check-in", state(job, of: account, now: now, zones: zones, c.style)])
        rows.add(["Last", TimeText.both(job.lastCheckIn, now: now)])
        rows.add(["Schedule", schedule(job)])
        if let running = job.running {
            rows.add(["Running", "\(TerminalText.line(running.command)) since \(TimeText.both(running.at, now: now))"])
        }
        c.print(rows)
        guard !job.runs.isEmpty else { return }
        c.out.line("")
        var runs = TextTable(columns: [.fixed, .fixed, .fixed, .flexible], indent: 2)
        for run in job.runs.reversed() {
            runs.add([TimeText.local(run.at, now: now), run.succeeded ? "ok" : "exit \(run.exitStatus)", duration(run),
                      TerminalText.line(run.command)])
        }
        c.print(runs)
    }
}
