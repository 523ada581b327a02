import Foundation

/// Issue 29's jobs in `AlarmModel`, written from CLI.md and PRODUCT.md:
///
/// - A job (`jobs add NAME --every E [--grace G]`) is due one interval
///   after its last check-in, or after it was added; the account's pause
///   holds it as it holds the account (its cycle begins at the pause's end).
///   It has no reminder and no "late" notice of its own.
/// - At `due + grace` the account is told its job missed its check-in, and
///   each responder at `due + grace + their delay`, once per deadline; a
///   told miss stands until the job checks in; the account's repeats tell
///   each told responder again, as for a person.
/// - `checkin --job NAME` after a told miss tells those told that it
///   recovered; `jobs remove NAME` ends it, silently.
/// - `ack`: a responder acknowledges a told miss of any of the dependent's
///   jobs, once each; the account and the other responders hear of it, and
///   the steps not yet taken and the repeats stop until the next check-in.
extension AlarmModel {
    /// One job's schedule and what its current deadline did.
    struct Job {
        var name: String
        var every: Int
        var grace: Int
        var createdAt: Date
        var lastCheckIn: Date?
        var cycle: Date?
        var deadline: Date?
        var held = false
        var fired: [String: Date] = [:]
        var occurrences: [String: Int] = [:]
        var ackedBy: Int?
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
        if job.held, job.cycle == start, let deadline = job.deadline { return deadline }
        return start.addingTimeInterval(Double(job.every))
    }

    /// The rules of the job's current deadline (`steps` for a person's, without reminders).
    func jobSteps(_ p: Int, _ j: Int) -> [Step] {
        let job = people[p].jobs[j], due = jobDue(p, j)
        let graceEnds = due.addingTimeInterval(Double(job.grace))
        var steps = [Step(key: "missed", at: graceEnds, expires: nil, holds: true, notices: [(p, .jobMissedOwn)])]
        for r in responders(of: p) {
            let planned = graceEnds.addingTimeInterval(Double(people[p].links[r]?.delay ?? 0))
            let told = job.fired["told \(r)"]
            if job.ackedBy == nil || told != nil {
                steps.append(Step(key: "told \(r)", at: planned, expires: nil, holds: false, notices: [(r, .jobMissed)]))
            }
            if let every = people[p].repeatEvery, job.ackedBy == nil {
                steps.append(Step(key: "again \(r)", at: (told ?? planned).addingTimeInterval(Double(every)), expires: nil,
                                  holds: false, period: every, notices: [(r, .jobAgain)]))
            }
        }
        return steps
    }

    /// The occurrence of the job's `step` due at `now` and not done yet, if any.
    private func dueOccurrence(_ step: Step, of job: Job, now: Date) -> Int? {
        guard step.at <= now else { return nil }
        guard let period = step.period else { return job.fired[step.key] == nil ? 0 : nil }
        let latest = Int(now.timeIntervalSince(step.at)) / period
        return latest > (job.occurrences[step.key] ?? -1) ? latest : nil
    }

    /// Brings one job's deadline up to date at `now`, a step at a time in time order.
    mutating func evaluateJob(_ p: Int, _ j: Int, now: Date) {
        let due = jobDue(p, j), start = jobCycleStart(p, j)
        if people[p].jobs[j].cycle != start || (!people[p].jobs[j].held && people[p].jobs[j].deadline != due) {
            let job = people[p].jobs[j]
            people[p].jobs[j] = Job(name: job.name, every: job.every, grace: job.grace, createdAt: job.createdAt,
                                    lastCheckIn: job.lastCheckIn, cycle: start, deadline: due)
        }
        while let next = jobSteps(p, j).compactMap({ step in
            dueOccurrence(step, of: people[p].jobs[j], now: now).map { (step, $0) }
        }).min(by: { ($0.0.at, $0.0.key) < ($1.0.at, $1.0.key) }) {
            let (step, occurrence) = next
            if step.period != nil {
                people[p].jobs[j].occurrences[step.key] = occurrence
            } else {
                people[p].jobs[j].fired[step.key] = now
            }
            if step.holds { people[p].jobs[j].held = true }
            let name = people[p].jobs[j].name
            for notice in step.notices { tell(notice.to, Event(kind: notice.kind, about: p, due: due, at: now, job: name)) }
        }
    }

    /// `jobs add NAME --every SECONDS [--grace SECONDS]`.
    mutating func addJob(_ p: Int, _ name: String, every: Int, grace: Int, now: Date) -> Outcome {
        guard jobIndex(p, name) == nil else { return .refused }
        people[p].jobs.append(Job(name: name, every: every, grace: grace, createdAt: now))
        evaluate(p, now: now)
        return .done
    }

    /// `checkin --job NAME`: a told miss is over for those told of it.
    mutating func checkInJob(_ p: Int, _ name: String, now: Date) -> Outcome {
        guard let j = jobIndex(p, name) else { return .notFound }
        if people[p].jobs[j].held {
            for r in responders(of: p) where people[p].jobs[j].fired["told \(r)"] != nil {
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
    func missedJobs(_ p: Int) -> [Int] { people[p].jobs.indices.filter { people[p].jobs[$0].held } }

    /// `ack`'s part for jobs: each told miss not yet acknowledged is, by `r`;
    /// whether anything was.
    mutating func acknowledgeJobs(_ r: Int, _ p: Int, others: [Int], now: Date) -> Bool {
        var changed = false
        for j in missedJobs(p) where people[p].jobs[j].ackedBy == nil {
            let name = people[p].jobs[j].name
            people[p].jobs[j].ackedBy = r
            tell(p, Event(kind: .ackJobOwn, about: p, due: nil, at: now, by: r, job: name))
            for other in others { tell(other, Event(kind: .ackJob, about: p, due: nil, at: now, by: r, job: name)) }
            changed = true
        }
        return changed
    }
}
