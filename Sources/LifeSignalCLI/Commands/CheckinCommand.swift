import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Check-ins and their schedule.
enum CheckinCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("checkin") { Checkin.spec },
    ]
}

/// `checkin [--code CODE] [--label TEXT] [-- COMMAND [ARG...]]`
struct Checkin: CommandInput, Equatable {
    static let code = Option<String>(
        "code", valueName: "CODE",
        help: "Your check-in code, when you set codes (LIFESIGNAL_CHECKIN_CODE keeps it out of the process list; on a terminal you are asked).")
    static let label = Option<String>(
        "label", valueName: "TEXT",
        help: "What your circle sees of the command in your check-in history (by default its name only).",
        expected: "one line of at most \(CheckInLabel.maxBytes) bytes", convert: CheckInLabel.valid)
    static let job = Option<String>(
        "job", valueName: "NAME", help: "Check in one of your jobs ('jobs add'), not yourself: after COMMAND when given.",
        expected: "a job's name: 1 to 32 characters of a-z, 0-9, - and _") { text in try? JobRules.name(text) }
    static let keepOutput = Flag(
        "keep-output", help: "With --job: when COMMAND fails, its last 20 lines (at most 4 KB) go to your responders with the failure.")

    static let spec = CommandSpec(
        "checkin",
        summary: "Check in now, or when a command succeeds",
        discussion: [
            "With -- COMMAND, runs COMMAND and checks in only if it exits 0; lifesignal then exits with COMMAND's status. Your circle sees only the command's name (its first word, without directories), never its arguments, unless --label names it otherwise.",
            "With --job NAME it checks in that job instead of you (a job's check-in never counts as yours): COMMAND's output is shown as it runs, its duration kept ('jobs show'); when it fails, every responder is told at once with its exit status (and, with --keep-output, the end of its output, made safe to show), and the next success tells them it recovered. A job's check-in needs no code.",
            "Once you set check-in codes ('checkin code set'), a check-in needs one. The duress code checks in exactly like the real one, with the same output, and silently raises an alert to every responder. A wrong code changes nothing (exit 5); after 5 wrong codes in a row you have to wait a minute, doubling with each further one.",
        ],
        options: [code.spec, label.spec, job.spec, keepOutput.spec],
        subcommandEntries: [
            SubcommandEntry("history") { CheckinHistory.spec },
            SubcommandEntry("interval") { CheckinInterval.spec },
            SubcommandEntry("deadline") { CheckinDeadline.spec },
            SubcommandEntry("extend") { CheckinExtend.spec },
            SubcommandEntry("pause") { CheckinPause.spec },
            SubcommandEntry("resume") { CheckinResume.spec },
            SubcommandEntry("code") { CheckinCodeCommands.spec },
        ],
        isRunnable: true,
        passthrough: ArgumentSpec("COMMAND", help: "A command to run; check in only if it succeeds.", isVariadic: true),
        examples: [
            CommandExample("checkin", "check in now"),
            CommandExample("checkin -- ./backup.sh", "check in only if the backup succeeds"),
            CommandExample("checkin --label nightly-sync -- rsync -a ~/notes backup:", "the same, shown to your circle as nightly-sync"),
            CommandExample("checkin --code \"$CODE\"", "check in with your code, from a script"),
            CommandExample("checkin --job backup --keep-output -- /usr/local/bin/backup.sh", "in a crontab: check the job backup in when it succeeds"),
        ],
        input: .running(Checkin.self))

    /// The command to run first, nil for a plain check-in.
    let command: [String]?
    /// The code typed on the command line.
    let code: String?
    /// What the store keeps instead of the command's name.
    let label: String?
    /// The job to check in instead of the account.
    let job: String?
    /// With `job`: the end of a failed command's output goes to the responders.
    let keepOutput: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        if let words = parsed.passthrough, words.isEmpty {
            throw parsed.problem(.missingArgument("COMMAND after --"))
        }
        command = parsed.passthrough
        code = try parsed.value(Self.code)
        label = try parsed.value(Self.label)
        job = try parsed.value(Self.job)
        keepOutput = parsed[Self.keepOutput]
        if keepOutput, job == nil || command == nil {
            throw parsed.problem(.missingArgument("--job NAME and -- COMMAND for --keep-output"))
        }
        if label != nil, command == nil {
            throw parsed.problem(.missingArgument("-- COMMAND for --label"))
        }
        if job != nil, code != nil { throw parsed.problem(.conflict("--job", "--code")) }
    }
}

extension Checkin: RunnableCommand {
    /// Checks in now, or after `command` succeeded; with codes set, only
    /// with one of them (the duress code reads exactly like the real one).
    /// A store out of reach says the check-in was not recorded.
    func run(_ c: Context) throws -> Int32 {
        if let job { return try JobCheckIn(name: job, command: command, label: label, keepOutput: keepOutput).run(c) }
        return try UnreachedStore.saying(.checkIn) { try checkIn(c) }
    }

    private func checkIn(_ c: Context) throws -> Int32 {
        var commandText: String?
        var duress: Reach?
        var typed = code ?? CheckInCodeInput.fromEnvironment(c)
        if let words = command {
            // Fail early when not signed in, or without a right code, before running anything.
            _ = try c.session()
            if try c.reading({ _, account in account.checkInCodes != nil }) {
                duress = try CheckInCodeInput.verify(try typed ?? CheckInCodeInput.ask(c), c)
            } else if code != nil {
                throw CheckInCodeInput.noCodes
            }
            let outcome = c.env.processRunner.run(ProcessRequest(
                arguments: words, input: nil, environment: c.env.childEnvironment(), timeout: nil, output: .inherited))
            guard outcome.succeeded else {
                if case .couldNotStart = outcome {
                    c.err.line("error: the command \(outcome.summary)")
                } else {
                    c.err.line("error: not checking in: the command \(outcome.summary)")
                }
                return outcome.shellStatus
            }
            commandText = CheckInLabel.stored(command: words, label: label)
            typed = nil
        }
        let now = try c.now()
        let verified = command != nil
        var result = try checkIn(c, code: typed, verified: verified, command: commandText, duress: duress)
        if case .needsCode = result {
            result = try checkIn(c, code: try CheckInCodeInput.ask(c), verified: verified, command: commandText, duress: duress)
        }
        guard case .done(let account, let outcome) = result else { throw CheckInCodeInput.noCodes }
        if c.json {
            c.printJSON(.object([("lastCheckIn", .date(account.lastCheckIn)), ("nextCheckInDue", .date(account.nextCheckInDue))]
                + (outcome.outcome.warnUnwatched ? [("warning", .string(CheckInText.unwatched))] : [])))
        } else {
            c.say("Checked in. Next check-in due \(TimeText.both(account.nextCheckInDue, now: now)).")
        }
        try CheckInText.report(outcome, c)
        return success
    }

    private enum Result {
        case done(Account, CheckInText.Outcome)
        /// Codes are set and none was given: ask, then try again.
        case needsCode
    }

    /// One transaction: the code checked unless `verified` already (a wrong
    /// one is committed as a wrong attempt, then refused), then the check-in.
    private func checkIn(_ c: Context, code typed: String?, verified: Bool, command: String?,
                         duress earlier: Reach?) throws -> Result {
        enum Step { case result(Result), refused(LifeSignalError) }
        let step: Step = try c.writing { store, account in
            var account = account
            var duress = earlier
            if account.checkInCodes != nil, !verified {
                guard let typed else { return .result(.needsCode) }
                switch try CheckInCodeService(store: store, env: try c.core()).verify(typed, account: &account) {
                case .refused(let error): return .refused(error)
                case .accepted(let reach): duress = reach
                }
            } else if account.checkInCodes == nil, code != nil, !verified {
                return .refused(CheckInCodeInput.noCodes)
            }
            let outcome = try AccountService(store: store, env: try c.core())
                .checkIn(&account, command: command, duressReach: duress)
            return .result(.done(account, CheckInText.Outcome(outcome, in: store)))
        }
        switch step {
        case .result(let result): return result
        case .refused(let error): throw error
        }
    }
}

/// What a check-in (or a ping's answer, which is one) says besides itself.
enum CheckInText {
    struct Outcome {
        var outcome: AccountService.CheckInOutcome
        var toldSafe: ReachText.Named?

        init(_ outcome: AccountService.CheckInOutcome, in store: LayoutStore) {
            self.outcome = outcome
            toldSafe = outcome.toldSafe.map { ReachText.Named($0, in: store) }
        }
    }

    /// Responders told you are safe (all of them, in transactions of their
    /// own past the first); that part of your account could not be read
    /// (always, on stderr); and, once, that nobody watches you. Notices the
    /// account still owes otherwise (a duress alert's) are handed out after
    /// it, silently: the duress code's output is the real code's.
    static func report(_ result: Outcome, _ c: Context) throws {
        for problem in result.outcome.damaged {
            ReachText.warnDamage(problem, done: "your check-in counts all the same", c)
        }
        var toldSafe = result.toldSafe
        if let told = toldSafe, told.reach.pending != nil { toldSafe = try ReachText.finished(told, c) }
        if let wording = result.outcome.safeUnderDuress, let told = toldSafe {
            toldSafe = try asTheRealCodeSays(told, wording, c)
        }
        if let told = toldSafe, !told.reach.isNobody, !c.json {
            c.say("You had missed your check-in. " + ReachText.sentence(told, news: " you are safe"))
        }
        // A look at the store hands out what the signed-in account owes
        // first; what fails is left to the next command, without a word.
        if result.outcome.owesNotices { _ = try? c.reading { _, _ in true } }
        if result.outcome.warnUnwatched, !c.json {
            // Said once, even with --quiet: a missed check-in would reach nobody.
            c.err.line("warning: " + unwatched)
            c.hint(ReachText.addResponder)
        }
    }

    /// Under duress, `told` as the real code would have reported it: the
    /// duress alert handed out first, and whom it could not reach named.
    private static func asTheRealCodeSays(_ told: ReachText.Named, _ wording: AccountService.SafeUnderDuress,
                                          _ c: Context) throws -> ReachText.Named {
        var alert = told
        alert.reach.pending = wording.alertKey
        let unreachable = try ReachText.finished(alert, c).reach.unreachable
        let reach = wording.reach(unreachable: unreachable)
        return try c.reading { store, _ in ReachText.Named(reach, in: store) }
    }

    static let unwatched = "nobody is watching you: you have no responders, so a missed check-in reaches nobody"
}

/// `checkin history [--limit N]`
struct CheckinHistory: CommandInput, Equatable {
    static let limit = Option<Int>.integer("limit", short: "n", in: 1...100_000, help: "Show at most N check-ins (default 20).")

    static let spec = CommandSpec(
        "history",
        summary: "List your past check-ins, newest first",
        options: [limit.spec],
        input: .running(CheckinHistory.self))

    let limit: Int

    init(from parsed: ParsedCommand) throws(UsageError) {
        limit = try parsed.value(Self.limit) ?? 20
    }
}

extension CheckinHistory: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let history = try c.reading { store, account in
            try store.checkIns(of: account.id, limit: min(limit, AccountService.historyLimit))
        }
        let newest = Array(history.reversed())
        if c.json {
            c.printJSON(.array(newest.map { record in
                .object([("timestamp", .date(record.timestamp)), ("command", .optional(record.command))])
            }))
            return success
        }
        guard !newest.isEmpty else {
            c.say("No check-ins yet.")
            c.hint("lifesignal checkin")
            return success
        }
        var table = TextTable(columns: [.fixed, .fixed, .flexible])
        for record in newest {
            table.add([TimeText.local(record.timestamp, now: now), RelativeTime.describe(record.timestamp, now: now),
                       record.command.map { "after: " + TerminalText.line($0) } ?? ""])
        }
        c.print(table)
        return success
    }
}
