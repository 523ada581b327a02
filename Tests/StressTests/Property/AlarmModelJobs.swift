import Foundation

/// Issue 29's jobs in `AlarmModel`, written from CLI.md and PRODUCT.md:
///
/// - A job (`jobs add NAME --every E [--grace G]`) is due one interval
///   after its last check-in, or after it was added; the account's pause
///   holds it as it holds the account (its cycle begins at the pause's end).
///   It has no reminder and no "late" notice of its own.
/// - A job with a daily deadline (`jobs add NAME --deadline HH:MM [--days
///   DAYS]`) is due as the account's daily deadline would be, on the
///   account's clocks: added (or after a pause), at the first deadline
///   after that; checked in, at the deadline after the one the check-in
///   met, in the account's zone. A change of zone moves its current
///   deadline as it moves the account's (never fired early: one the change
///   would put in the past falls at the next deadline after now), unless
///   its miss was told.
/// - At `due + grace` the account is told its job missed its check-in, and
///   each responder at `due + grace + their delay`, once per deadline; a
///   told miss stands until the job checks in; the account's repeats tell
///   each told responder again, as for a person (`Spell`).
/// - `checkin --job NAME` after a told miss tells those told that it
///   recovered; `jobs remove NAME` ends it, silently.
/// - `ack`: a responder acknowledges a told miss of any of the dependent's
///   jobs, once each; the account and the other responders hear of it, and
///   the steps not yet taken and the repeats stop until the next check-in.
extension AlarmModel {
    /// How a job is due: every so many seconds, or at a daily deadline.
    enum JobSchedule: Equatable, CustomStringConvertible {
        case every(Int)
        case daily(Daily)

        var description: String {
            switch self {
            case .every(let seconds): "every \(seconds) s"
            case .daily(let daily): "at \(daily)"
            }
        }
    }

    /// One job's schedule and what its current deadline did.
    struct Job {
        var name: String
        var schedule: JobSchedule
        var grace: Int
        var createdAt: Date
        var lastCheckIn: Date?
        /// The daily deadline worked out for the cycle that began at `start` (and how).
        var fitted: (start: Date, byCheckIn: Bool, due: Date)?
        var spell = Spell()
    }

    static let jobNames = ["backup", "sync"]

    func jobIndex(_ p: Int, _ name: String) -> Int? { people[p].jobs.firstIndex { $0.name == name } }

    /// When the job's current cycle began: its last check-in (or its
    /// creation), or the end of the account's pause after it.
    func jobCycleStart(_ p: Int, _ j: Int) -> Date {
        let job = people[p].jobs[j]
        let base = job.lastCheckIn ?? job.createdAt
        if let pause = people[p].pause, pause.end > base { return pause.end }
        return base
    }

    func jobDue(_ p: Int, _ j: Int) -> Date {
        let job = people[p].jobs[j], start = jobCycleStart(p, j)
        if job.spell.held, job.spell.cycle == start, let deadline = job.spell.deadline { return deadline }
        switch job.schedule {
        case .every(let seconds):
            return start.addingTimeInterval(Double(seconds))
        case .daily(let daily):
            let byCheckIn = start == job.lastCheckIn
            if let fitted = job.fitted, fitted.start == start, fitted.byCheckIn == byCheckIn { return fitted.due }
            return dailyDue(daily, start: start, byCheckIn: byCheckIn, zone: people[p].zone)
        }
    }

    /// The rules of the job's current deadline (`steps` for a person's, without reminders).
    func jobSteps(_ p: Int, _ j: Int) -> [Step] {
        let job = people[p].jobs[j]
        let graceEnds = jobDue(p, j).addingTimeInterval(Double(job.grace))
        return [Step(key: "missed", at: graceEnds, expires: nil, holds: true, notices: [(p, .jobMissedOwn)])]
            + job.spell.escalation(graceEnds: graceEnds, responders: delays(of: p), repeatEvery: people[p].repeatEvery,
                                   told: .jobMissed, again: .jobAgain)
    }

    /// Brings one job's deadline up to date at `now`, a step at a time in time order.
    mutating func evaluateJob(_ p: Int, _ j: Int, now: Date) {
        let due = jobDue(p, j), start = jobCycleStart(p, j)
        if case .daily = people[p].jobs[j].schedule { people[p].jobs[j].fitted = (start, start == people[p].jobs[j].lastCheckIn, due) }
        if people[p].jobs[j].spell.isStale(start: start, due: due) { people[p].jobs[j].spell.restart(start: start, due: due) }
        let name = people[p].jobs[j].name
        while let next = people[p].jobs[j].spell.takeNext(jobSteps(p, j), now: now) {
            guard next.tells else { continue }
            for notice in next.step.notices { tell(notice.to, Event(kind: notice.kind, about: p, due: due, at: now, job: name)) }
        }
    }

    /// `jobs add NAME (--every SECONDS | --deadline HH:MM --days DAYS) [--grace SECONDS]`.
    mutating func addJob(_ p: Int, _ name: String, _ schedule: JobSchedule, grace: Int, now: Date) -> Outcome {
        guard jobIndex(p, name) == nil else { return .refused }
        people[p].jobs.append(Job(name: name, schedule: schedule, grace: grace, createdAt: now))
        evaluate(p, now: now)
        return .done
    }

    /// `checkin --job NAME`: a told miss is over for those told of it.
    mutating func checkInJob(_ p: Int, _ name: String, now: Date) -> Outcome {
        guard let j = jobIndex(p, name) else { return .notFound }
        if people[p].jobs[j].spell.held {
            for r in responders(of: p) where people[p].jobs[j].spell.fired["told \(r)"] != nil {
                tell(r, Event(kind: .jobRecovered, about: p, due: nil, at: now, job: name))
            }
        }
        people[p].jobs[j].lastCheckIn = now
        evaluate(p, now: now)
        return .done
    }

    /// `jobs remove NAME`.
    mutating func removeJob(_ p: Int, _ name: String, now: Date) -> Outcome {
        guard let j = jobIndex(p, name) else { return .notFound }
        people[p].jobs.remove(at: j)
        evaluate(p, now: now)
        return .done
    }

    /// The jobs of `p` whose responders were told of a miss.
    func missedJobs(_ p: Int) -> [Int] { people[p].jobs.indices.filter { people[p].jobs[$0].spell.held } }

    /// `ack`'s part for jobs: each told miss not yet acknowledged is, by `r`;
    /// whether anything was.
    mutating func acknowledgeJobs(_ r: Int, _ p: Int, others: [Int], now: Date) -> Bool {
        var changed = false
        for j in missedJobs(p) where people[p].jobs[j].spell.ackedBy == nil {
            let name = people[p].jobs[j].name
            people[p].jobs[j].spell.ackedBy = r
            tell(p, Event(kind: .ackJobOwn, about: p, due: nil, at: now, by: r, job: name))
            for other in others { tell(other, Event(kind: .ackJob, about: p, due: nil, at: now, by: r, job: name)) }
            changed = true
        }
        return changed
    }
}
