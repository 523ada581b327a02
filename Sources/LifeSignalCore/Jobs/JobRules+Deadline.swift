import FoundationEssentials

/// The missed job when its grace period ends: the account is told; it
/// holds the job's deadline until the job's next check-in.
struct JobMissedRule: DeadlineRule {
    let job: String

    func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let due = subject.due, let ends = subject.graceEnds else { return [] }
        let id = subject.account.id, job = job
        let watched = !subject.responders.isEmpty
        return [Milestone(key: MissedCheckInRule.key, at: ends, holdsDeadline: true, event: .due) { _ in
            let told = watched ? "Your responders are told." : "Nobody is told: you have no responders."
            return [Notice(id, FeedDraft(type: .checkIn, title: "Your job \(job) missed its check-in",
                                         message: "Your job \(job) was due to check in at \(ISO8601.format(due)). \(told)",
                                         isCritical: true, job: job))]
        }]
    }
}

/// Each responder is told of a missed job at `due + grace + delay`, their
/// own delay. Once someone acknowledged it (`ack`), the steps not yet
/// taken are dropped, as a person's are (`EscalationRule`).
struct JobEscalationRule: DeadlineRule {
    let job: String

    static func key(_ responder: EntityID) -> String { EscalationRule.key(responder) }

    func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let due = subject.due, let ends = subject.graceEnds else { return [] }
        let account = subject.account, job = job
        let fired = subject.marks.acknowledgedBy != nil ? FiredKeys(subject.marks) : nil
        return subject.responders.compactMap { link in
            let key = Self.key(link.contactID)
            if let fired, !fired.contains(key, subject.marks) { return nil }
            return Milestone(key: key, at: ends.addingTimeInterval(Double(link.responderDelay)), event: .notify) { _ in
                [Notice(link.contactID, JobNotices.missed(account, job: job, due: due))]
            }
        }
    }
}

/// While a missed job stays so, each responder told is told again every
/// `repeatInterval` of the account, counted from when they were told.
struct JobRepeatRule: DeadlineRule {
    let job: String

    func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let period = subject.account.repeatInterval, let due = subject.due, let ends = subject.graceEnds,
              subject.marks.acknowledgedBy == nil else { return [] }
        let account = subject.account, job = job
        let firedTimes = FiredTimes(subject.marks)
        return subject.responders.map { link in
            let told = JobEscalationRule.key(link.contactID)
            let start = firedTimes.firedAt(told, subject.marks) ?? ends.addingTimeInterval(Double(link.responderDelay))
            return Milestone(key: RepeatRule.key(link.contactID), at: start.addingTimeInterval(Double(period)),
                             event: .repeat, period: period) { _ in
                [Notice(link.contactID, JobNotices.stillMissed(account, job: job, due: due, period: period))]
            }
        }
    }
}

/// A run still going `maxRuntime` after it started tells every responder,
/// once per run, whatever the job's deadline does meanwhile.
struct JobOverrunRule: DeadlineRule {
    let job: Job

    static let prefix = "overrun:"

    func milestones(for subject: DeadlineSubject) -> [Milestone] {
        guard let limit = job.maxRuntime, let run = job.running else { return [] }
        let account = subject.account, name = job.name
        let responders = subject.responders.map(\.contactID)
        let draft = JobNotices.overrun(account, job: name, run: run, limit: limit)
        return [Milestone(key: Self.prefix + ISO8601.format(run.at), at: run.at.addingTimeInterval(Double(limit)),
                          isStanding: true) { _ in
            responders.map { Notice($0, draft) }
        }]
    }
}
