import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Sign-in, status and profile.
enum AccountCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("login") { Login.spec },
        SubcommandEntry("logout") { Logout.spec },
        SubcommandEntry("status") { Status.spec },
        SubcommandEntry("profile") { Profile.spec },
    ]
}

/// `status [--check | --watch]`
struct Status: CommandInput, Equatable {
    static let check = Flag(
        "check", help: "Print nothing; exit 11 when your alert is active, 10 when you or one of your jobs is overdue, 13 when you are fine but a dependent needs you, 0 otherwise.")
    static let watch = Flag(
        "watch", help: "Keep the status on the screen, redrawn every second and at once when something changes, until Ctrl-C; needs a terminal.")

    static let spec = CommandSpec(
        "status",
        summary: "Show your check-in status, alert, pings, unread notifications and the dependents who need you",
        discussion: [
            "Needs you lists the dependents with an alert, an overdue check-in, or an account that cannot be read. Watched says how many responders you have: with none, a missed check-in reaches nobody.",
        ],
        options: [check.spec, watch.spec],
        examples: [
            CommandExample("status", "see when your next check-in is due, and who needs you"),
            CommandExample("status --check", "print nothing; exit 10 when overdue, 11 during an alert, 13 when a dependent needs you (for prompts and scripts)"),
            CommandExample("status --watch", "a live countdown in a spare terminal"),
        ],
        input: .running(Status.self))

    let check: Bool
    let watch: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        check = parsed[Self.check]
        watch = parsed[Self.watch]
        // Checked here rather than as an exclusive group, which would cost
        // every plain `status` the group's check.
        if check, watch { throw parsed.problem(.conflict("--check", "--watch")) }
    }
}

/// `status [--check | --watch]`: your own state, who watches over you, and
/// the dependents who need you now.
extension Status: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        if watch { return try StatusWatch(c).run() }
        let now = try c.now()
        // `--check` (a shell prompt's) reads no more than it needs.
        let detailed = !check || c.json
        let report = try c.reading { store, account in
            try StatusReport(account: account, store: store, now: now, detailed: detailed, zones: try c.core().zones)
        }
        let account = report.account
        // The zones only for an account with jobs: a daily job's deadline may need them.
        let zones = account.jobs.isEmpty ? ZoneCatalog.utcOnly : try c.core().zones
        if c.json {
            c.printJSON(.object([
                ("user", JSONViews.profile(account)),
                ("lastCheckIn", .date(account.lastCheckIn)),
                ("nextCheckInDue", .date(account.nextCheckInDue)),
                ("overdue", .bool(report.overdue)),
                ("isAlertActive", .bool(account.isAlertActive)),
                ("pendingPings", .int(report.pendingPings)),
                ("unreadNotifications", .int(report.unreadNotifications)),
                ("invitationsWaiting", .int(report.invitationsWaiting)),
                ("responderCount", .int(report.responderCount)),
                ("dependentsNeedingAttention", .array(report.dependentsNeedingAttention.map { Self.attention($0, now: now) })),
                ("graceEndsAt", .date(account.graceEndsAt)),
                ("pausedUntil", .date(report.pausedUntil)),
                ("acknowledgedBy", report.acknowledgedBy.map { JSONViews.contact($0, now: now) }
                    ?? report.acknowledgedByID.map { .object([("id", .id($0))]) } ?? .null),
                ("timeZone", .optional(account.timeZone)),
                ("schedule", ScheduleText.json(account)),
                ("trip", TripText.json(account)),
                ("jobs", .array(account.jobs.map { job in
                    JobsText.json(job, of: account, now: now, zones: zones)
                        .adding("acknowledgedBy", report.jobHandlers[job.name].map { JSONViews.contact($0, now: now) } ?? .null)
                })),
            ] + ReceiptText.json(report, now: now)))
        } else if !check {
            let hint = Self.render(report, now: now, c)
            JobsText.rows(account, now: now, zones: zones, handlers: report.jobHandlers.mapValues(\.name), c)
            if let hint { c.hint(hint) }
        }
        guard check else { return success }
        if account.isAlertActive { return ExitCode.alertActive.rawValue }
        if report.overdue { return ExitCode.overdue.rawValue }
        if account.jobs.contains(where: { JobDeadline($0).isOverdue(of: account, at: now, zones: zones) }) {
            return ExitCode.overdue.rawValue
        }
        return report.dependentsNeedingAttention.isEmpty ? success : ExitCode.dependentNeedsYou.rawValue
    }

    /// A dependent who needs you, as a contact object (or, when the account
    /// cannot be read, its ID and why).
    private static func attention(_ dependent: DependentAttention, now: Date) -> JSONValue {
        guard let contact = dependent.contact else {
            return .object([("id", .id(dependent.id)), ("isResponder", .bool(dependent.link.isResponder)),
                            ("isDependent", .bool(true)), ("addedAt", .date(dependent.link.addedAt)),
                            ("cannotBeChecked", .string(dependent.unreadable ?? "unreadable"))])
        }
        return JSONViews.contact(contact, now: now).adding("missedJobs", .array(dependent.missedJobs.map { job in
            .object([("name", .string(job.name)), ("due", .date(job.due))])
        }))
    }

    /// Prints the status for a person on `c.out`; returns the next command
    /// it suggests, if any, for the caller to show.
    static func render(_ report: StatusReport, now: Date, _ c: Context) -> String? {
        let account = report.account
        let s = c.style
        c.out.line(s.bold(TerminalText.line(account.fullName)) + (account.hasName ? " (\(account.phoneNumber))" : ""))
        var rows = TextTable(columns: [.fixed, .flexible])
        if let until = report.pausedUntil, let due = account.nextCheckInDue {
            let reason = account.pause?.reason.map { " (\(TerminalText.line($0)))" } ?? ""
            rows.add(["Check-in", "\(s.yellow("paused"))\(reason) until \(TimeText.both(until, now: now)); "
                      + "then due \(TimeText.local(due, now: now))"])
            rows.add(["Last", TimeText.both(account.lastCheckIn, now: now)])
        } else if let due = account.nextCheckInDue {
            var state = report.overdue ? s.red("OVERDUE") : s.green("on time")
            if report.overdue, let ends = account.graceEndsAt, now < ends {
                state = s.red("LATE") + " (your responders are told \(RelativeTime.describe(ends, now: now)))"
            }
            rows.add(["Check-in", "\(state): due \(TimeText.both(due, now: now))"])
            rows.add(["Last", TimeText.both(account.lastCheckIn, now: now)])
        } else {
            rows.add(["Check-in", "not started: check in once to start the timer"])
        }
        if let trip = account.tripInProgress {
            rows.add(["Trip", "due back \(TimeText.both(trip.due, now: now))" + (trip.note.map { ": \(TerminalText.line($0))" } ?? "")])
        }
        let every = account.dailySchedule.map { "by \($0.time) (\($0.days), \($0.zoneName(for: account)) time)" }
            ?? "every \(DurationText.format(seconds: account.checkInInterval))"
        var interval = every + ", reminder \(DurationText.format(seconds: account.reminderInterval)) before"
        if account.graceInterval > 0 { interval += ", grace \(DurationText.format(seconds: account.graceInterval))" }
        if let repeats = account.repeatInterval { interval += ", repeats every \(DurationText.format(seconds: repeats))" }
        rows.add(["Interval", interval])
        if report.onlyWatches {
            rows.add(["Watched", "nobody watches you: you watch over others, with no check-ins of your own"])
        } else {
            rows.add(["Watched", report.responderCount == 0 ? s.yellow("by nobody: a missed check-in reaches no one")
                      : ReceiptText.watched(report, now: now)])
        }
        rows.add(["Alert", account.alert.map { s.red("ACTIVE") + " since " + TimeText.both($0.activatedAt, now: now) } ?? "none"])
        if let handler = report.acknowledgedBy {
            rows.add(["Handling", "\(TerminalText.line(handler.name)) said they are on it"])
        }
        let senders = report.pendingPingSenders.map { TerminalText.line($0.fullName) }
        rows.add(["Pings", report.pendingPings == 0 ? "none pending"
                  : "\(report.pendingPings) pending" + (senders.isEmpty ? "" : ", from " + senders.joined(separator: ", "))])
        rows.add(["Unread", "\(report.unreadNotifications) notification\(report.unreadNotifications == 1 ? "" : "s")"])
        if report.invitationsWaiting > 0 {
            rows.add(["Invited", s.yellow("\(report.invitationsWaiting) invitation\(report.invitationsWaiting == 1 ? "" : "s") waiting for your answer")])
        }
        let unattended = report.isUnattended(at: now)
        if unattended { rows.add(["Deadlines", s.yellow(ReceiptText.unattended(report, now: now))]) }
        if let problem = report.lastLookProblem {
            rows.add(["Deadlines", s.yellow("cannot tell whether an agent or tick keeps this store: ") + problem])
        }
        c.print(rows)
        if let alarm = report.alarm, !report.responders.isEmpty {
            c.out.line("")
            c.out.line(s.bold(ReceiptText.title(alarm, now: now)))
            var told = TextTable(columns: [.fixed, .flexible], indent: 2)
            for responder in report.responders { told.add(ReceiptText.row(responder, now: now, s)) }
            c.print(told)
        }
        if !report.dependentsNeedingAttention.isEmpty {
            c.out.line("")
            c.out.line(s.bold("Needs you"))
            var needs = TextTable(columns: [.fixed, .fixed, .flexible], indent: 2)
            for dependent in report.dependentsNeedingAttention { needs.add(needsYou(dependent, now: now, s)) }
            c.print(needs)
        }
        return hint(report, unattended: unattended)
    }

    /// The next command the status suggests, if any.
    private static func hint(_ report: StatusReport, unattended: Bool) -> String? {
        let account = report.account
        if account.needsOnboarding { return "lifesignal profile set --first-name NAME --last-name NAME" }
        if report.overdue || (account.lastCheckIn == nil && !report.onlyWatches) { return "lifesignal checkin" }
        if let first = report.dependentsNeedingAttention.first, let name = first.account?.fullName {
            return "lifesignal contacts show \"\(name)\""
        }
        if report.responderCount == 0, !report.onlyWatches { return ReachText.addResponder }
        if unattended { return ReceiptText.setUpAgent }
        if report.invitationsWaiting > 0 { return "lifesignal contacts invitations" }
        if report.pendingPings > 0 {
            let one = report.pendingPingSenders.count == 1 ? report.pendingPingSenders.first : nil
            return one.map { "lifesignal ping respond \(ShellQuoting.quoted($0.fullName))" } ?? "lifesignal ping respond"
        }
        return report.unreadNotifications > 0 ? "lifesignal notifications --unread" : nil
    }

    private static func needsYou(_ dependent: DependentAttention, now: Date, _ s: Style) -> [String] {
        guard let account = dependent.account else {
            return [dependent.id.short, s.red("CANNOT BE CHECKED"), TerminalText.line(dependent.unreadable ?? "")]
        }
        var what: [String] = []
        if let alert = dependent.alert {
            let duress = account.alert == nil ? " (duress code)" : ""
            what.append(s.red("ALERT") + duress + " since " + TimeText.both(alert.activatedAt, now: now))
        }
        if let since = dependent.overdueSince {
            what.append(s.red("overdue") + " by \(RelativeTime.span(seconds: WholeSeconds.of(now.timeIntervalSince(since)))) "
                        + "(due \(TimeText.local(since, now: now)))")
        }
        if let handler = dependent.contact?.handler {
            what.append("\(TerminalText.line(handler.fullName)) is handling it")
        }
        for job in dependent.missedJobs {
            let late = RelativeTime.span(seconds: WholeSeconds.of(now.timeIntervalSince(job.due)))
            what.append(s.red("job \(job.name) missed its check-in") + ", overdue by \(late) "
                        + "(due \(TimeText.local(job.due, now: now)))")
        }
        return [TerminalText.line(account.fullName), account.phoneNumber, what.concatenated(separator: "; ")]
    }
}
