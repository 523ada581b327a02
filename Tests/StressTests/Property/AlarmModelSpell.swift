import Foundation

extension AlarmModel {
    /// What one deadline did, and the escalation a person's deadline and a
    /// job's share: once the grace period is over each responder is told
    /// after their delay, once, and the account's repeats tell each told
    /// responder again until a check-in or an acknowledgement.
    struct Spell {
        /// The cycle and deadline the fired steps belong to, and whether it
        /// is held (a told miss stands until the next check-in).
        var cycle: Date?
        var deadline: Date?
        var held = false
        /// Steps done in this deadline, and when.
        var fired: [String: Date] = [:]
        /// The last occurrence done of each repeating step.
        var occurrences: [String: Int] = [:]
        var ackedBy: Int?

        /// Whether the deadline of the cycle that began at `start` is
        /// another than this one's: a new cycle, or a deadline that moved
        /// before a miss held it.
        func isStale(start: Date, due: Date) -> Bool { cycle != start || (!held && deadline != due) }

        /// Begins the deadline `due` of the cycle that began at `start`,
        /// with `kept` of its steps already done.
        mutating func restart(start: Date, due: Date, keeping kept: [String: Date] = [:]) {
            self = Spell(cycle: start, deadline: due, fired: kept)
        }

        /// Telling each of `responders` (index, delay) at `graceEnds` plus
        /// their delay, and again every `repeatEvery` after that while
        /// nobody acknowledged it.
        func escalation(graceEnds: Date, responders: [(index: Int, delay: Int)], repeatEvery: Int?,
                        told: Event.Kind, again: Event.Kind) -> [Step] {
            var steps: [Step] = []
            for (r, delay) in responders {
                let planned = graceEnds.addingTimeInterval(Double(delay))
                let toldAt = fired["told \(r)"]
                if ackedBy == nil || toldAt != nil {
                    steps.append(Step(key: "told \(r)", at: planned, expires: nil, holds: false, notices: [(r, told)]))
                }
                if let every = repeatEvery, ackedBy == nil {
                    steps.append(Step(key: "again \(r)", at: (toldAt ?? planned).addingTimeInterval(Double(every)),
                                      expires: nil, holds: false, period: every, notices: [(r, again)]))
                }
            }
            return steps
        }

        /// The occurrence of `step` that is due at `now` and not done yet, if any.
        func dueOccurrence(_ step: Step, now: Date) -> Int? {
            guard step.at <= now else { return nil }
            guard let period = step.period else { return fired[step.key] == nil ? 0 : nil }
            let latest = Int(now.timeIntervalSince(step.at)) / period
            return latest > (occurrences[step.key] ?? -1) ? latest : nil
        }

        /// Does the earliest of `steps` due at `now` (a later step may depend
        /// on an earlier one, so the caller asks again); returns it and
        /// whether its notices go out (not when it expired first), or nil
        /// when nothing is due.
        mutating func takeNext(_ steps: [Step], now: Date) -> (step: Step, tells: Bool)? {
            guard let (step, occurrence) = steps.compactMap({ step in dueOccurrence(step, now: now).map { (step, $0) } })
                .min(by: { ($0.0.at, $0.0.key) < ($1.0.at, $1.0.key) }) else { return nil }
            if step.period != nil {
                occurrences[step.key] = occurrence
            } else {
                fired[step.key] = now
                if let expires = step.expires, now >= expires { return (step, false) }
            }
            if step.holds { held = true }
            return (step, true)
        }
    }
}
