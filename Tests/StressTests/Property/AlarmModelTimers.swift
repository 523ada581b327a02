import Foundation

/// Issue 14's commands in `AlarmModel`, written from CLI.md's rules: an
/// extension, a pause and its early end, and an acknowledgement.
extension AlarmModel {
    /// `checkin extend SECONDS`: refused before the first check-in, once the
    /// responders were told of the miss, while paused, and when the deadline
    /// would end up past, or more than 7 days from now. The responders are
    /// told (it gives more time).
    mutating func extend(_ p: Int, by seconds: Int, now: Date) -> Outcome {
        guard let start = cycleStart(p), let due = due(p), !people[p].spell.held, !isPaused(p, at: now) else { return .refused }
        let moved = due.addingTimeInterval(Double(seconds))
        guard seconds > 0, moved > now, moved <= now.addingTimeInterval(7 * 86_400) else { return .refused }
        let before = people[p].extra.map { $0.cycle == start ? $0.seconds : 0 } ?? 0
        people[p].extra = (start, before + seconds)
        evaluate(p, now: now)
        for r in responders(of: p) { tell(r, Event(kind: .lengthened, about: p, due: nil, at: now)) }
        return .done
    }

    /// `checkin pause --for SECONDS`: at least a minute, at most 30 days; a
    /// pause in force is replaced (it keeps its start); refused on a trip.
    /// The responders are told.
    mutating func pause(_ p: Int, for seconds: Int, now: Date) -> Outcome {
        guard people[p].lastCheckIn != nil, !people[p].spell.held, tripInProgress(p) == nil else { return .refused }
        guard (60...30 * 86_400).contains(seconds) else { return .refused }
        let start = isPaused(p, at: now) ? people[p].pause?.start ?? now : now
        people[p].pause = (start, now.addingTimeInterval(Double(seconds)))
        evaluate(p, now: now)
        for r in responders(of: p) { tell(r, Event(kind: .paused, about: p, due: nil, at: now)) }
        return .done
    }

    /// `checkin resume`: only while paused; the pause ends now, and with it
    /// the account and its responders are told (the end is a step).
    mutating func resume(_ p: Int, now: Date) -> Outcome {
        guard isPaused(p, at: now), let pause = people[p].pause else { return .refused }
        people[p].pause = (pause.start, now)
        evaluate(p, now: now)
        return .done
    }

    /// `ack`: `r` says they handle `p`'s missed check-in (told to their
    /// responders), alert and missed jobs (`acknowledgeJobs`). Each is acknowledged once; the dependent and
    /// the other responders hear of a new acknowledgement.
    mutating func acknowledge(_ r: Int, _ p: Int, now: Date) -> Outcome {
        guard let link = people[r].links[p] else { return .notFound }
        let drillOpen = drills[p].map {
            $0.told.contains(r) && !$0.acked.contains(r) && now.timeIntervalSince($0.sentAt) < Drill.acknowledgeable
        } ?? false
        guard link.isDependent, people[p].spell.held || people[p].alert || drillOpen || !missedJobs(p).isEmpty else {
            return .refused
        }
        let others = responders(of: p).filter { $0 != r }
        var changed = false
        if drillOpen {
            drills[p]?.acked.insert(r)
            changed = true
        }
        if people[p].spell.held, people[p].spell.ackedBy == nil {
            people[p].spell.ackedBy = r
            tell(p, Event(kind: .ackMissedOwn, about: p, due: nil, at: now, by: r))
            for other in others { tell(other, Event(kind: .ackMissed, about: p, due: nil, at: now, by: r)) }
            changed = true
        }
        if people[p].alert, people[p].alertAckedBy == nil {
            people[p].alertAckedBy = r
            tell(p, Event(kind: .ackAlertOwn, about: p, due: nil, at: now, by: r))
            for other in others { tell(other, Event(kind: .ackAlert, about: p, due: nil, at: now, by: r)) }
            changed = true
        }
        if acknowledgeJobs(r, p, others: others, now: now) { changed = true }
        evaluate(p, now: now)
        return changed ? .done : .unchanged
    }
}
