import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `checkin --job NAME [--label TEXT] [-- COMMAND [ARG...]]`: checks a job
/// in, after its command succeeded when one is given (with `keepOutput`,
/// the end of a failed command's output goes to the responders). The run is recorded
/// before the command starts (so a run past its longest is told even when
/// this process never returns) and after it ends, with its duration; a
/// failure tells every responder at once. Only the command's name (or the
/// label) is kept. Exits with the command's status.
struct JobCheckIn {
    let name: String
    let command: [String]?
    let label: String?
    let keepOutput: Bool

    func run(_ c: Context) throws -> Int32 {
        try UnreachedStore.saying(.checkIn) { try checkIn(c) }
    }

    private func checkIn(_ c: Context) throws -> Int32 {
        guard let words = command else {
            let (outcome, account, told) = try c.writing { store, account in
                var account = account
                let outcome = try JobService(store: store, env: try c.core()).checkIn(&account, name: name)
                return (outcome, account, outcome.toldRecovered.map { ReachText.Named($0, in: store) })
            }
            try report(outcome, account, told, c)
            return success
        }
        let stored = CheckInLabel.stored(command: words, label: label)
        let started = try c.now()
        try c.writing { store, account in
            var account = account
            try JobService(store: store, env: try c.core()).started(&account, name: name, command: stored)
        }
        var output: [UInt8] = []
        let outcome = c.env.processRunner.run(ProcessRequest(
            arguments: words, input: nil, environment: c.env.childEnvironment(), timeout: nil,
            output: keepOutput ? .kept(bytes: JobRules.outputBytes) : .inherited), kept: &output)
        c.refreshNow()
        let ended = try c.now()
        let run = JobRun(at: started, milliseconds: max(0, Int((ended.timeIntervalSince(started) * 1000).rounded())),
                         exitStatus: Int(outcome.shellStatus), command: stored,
                         output: keepOutput && !outcome.succeeded ? JobRules.keptOutput(output) : nil)
        let (result, account, told) = try c.writing { store, account in
            var account = account
            let result = try JobService(store: store, env: try c.core()).finished(&account, name: name, run: run)
            return (result, account, (result.toldFailure ?? result.toldRecovered).map { ReachText.Named($0, in: store) })
        }
        if !outcome.succeeded {
            c.err.line("error: the job \(name) failed: the command \(outcome.summary)")
        }
        try report(result, account, told, c)
        return outcome.shellStatus
    }

    /// What the job's check-in did; `told`: whom its notice (a failure, a
    /// recovery) reached, handed out to the end first (`ReachText.finished`).
    private func report(_ outcome: JobService.Outcome, _ account: Account, _ told: ReachText.Named?, _ c: Context) throws {
        let told = try told.map { try ReachText.finished($0, c) }
        let core = try c.core()
        let due = JobDeadline(outcome.job).nextCheckInDue(of: account, zones: core.zones)
        if c.json {
            c.printJSON(.object([("job", .string(outcome.job.name)), ("lastCheckIn", .date(outcome.job.lastCheckIn)),
                                 ("nextCheckInDue", .date(due)),
                                 ("lastRun", outcome.job.lastRun.map(JobsText.run) ?? .null)]))
            return
        }
        if outcome.toldFailure != nil, let told {
            c.say(ReachText.sentence(told, news: " the job \(name) failed"))
            return
        }
        if outcome.failedAgain {
            c.say("The job \(name) failed again; your responders, told when it began failing, hear next when it recovers.")
            return
        }
        c.say("Checked in the job \(name). Next check-in due \(TimeText.both(due, now: core.now)).")
        if let told { c.say(ReachText.sentence(told, news: " it recovered")) }
    }
}
