import Foundation

/// PRODUCT.md's alarm rules written a second time, as plainly as possible,
/// to check the real services against: who is told what about a deadline,
/// and when.
///
/// - The timer starts at the first check-in; the deadline is one interval
///   after the last check-in.
/// - Whenever anything runs, every deadline is brought up to date first: at
///   `due − reminder` (and before `due`) the account is reminded; at `due`,
///   with no check-in, the account and each responder it has then are told
///   it missed its check-in, once.
/// - A miss others were told of stands until the next check-in; until then
///   a new interval does not move it. A deadline that moves before that is
///   a new deadline, with a reminder of its own.
/// - A check-in after a miss tells the responders it is safe; answering a
///   ping is a check-in; alerts tell every responder at once.
///
/// Issue 14 (PRODUCT.md "Beyond one deadline", CLI.md's details):
///
/// - With a grace period the account alone is told it is late at `due`; the
///   miss is at `due + grace`, and each responder is told at
///   `due + grace + their delay`, once per deadline, whenever they became a
///   responder (one added to a missed deadline is told at once).
/// - With repeats every R, each responder told is told again R after they
///   were told, then every R, once per R however long nothing ran (only the
///   latest occurrence that passed), until a check-in or an acknowledgement.
/// - An acknowledgement tells the dependent and every other responder, and
///   drops the steps not yet taken; a "safe" goes to those who were told.
/// - An extension moves the deadline (a new deadline, by the rule above);
///   a pause starts the next cycle at its end (`due = end + interval`),
///   telling the responders when it starts and the account and its
///   responders when it ends, once: a deadline that moves afterwards (a
///   new interval, an extension) is a new deadline, but the pause ended
///   only once. Neither can touch a deadline others were told was missed.
/// - A longer interval or grace period is told to the responders at once.
///
/// Issue 29's jobs (`AlarmModelJobs.swift`): each job's deadline follows
/// the same rules with words of its own.
///
/// Issue 26: what each person's notify command is handed follows their
/// preferences (`AlarmModelPreferences.swift`), and no preference holds
/// back an alarm about someone they watch.
///
/// Each person's deadline has `steps` (the rules); a step fires once per
/// deadline when its time has come, a repeating one once per occurrence.
/// The escalation to responders, the same for a job's deadline, and what a
/// deadline did are a `Spell` (`AlarmModelSpell.swift`). Damaged files are
/// in `AlarmModelDamage.swift`.
struct AlarmModel {
    /// One notice someone should have received.
    struct Event: Hashable, Comparable, CustomStringConvertible {
        enum Kind: String, Comparable {
            case reminder, missedOwn, missed, safe, alert, cancel
            case late, again, paused, pauseEnded, pauseEndedOwn, ackMissed, ackMissedOwn, ackAlert, ackAlertOwn, lengthened, moved
            case jobMissedOwn, jobMissed, jobAgain, jobRecovered, ackJob, ackJobOwn
            static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        }

        var kind: Kind
        /// Whose deadline or alert it is about (a person index).
        var about: Int
        /// The deadline it names, for reminders and misses.
        var due: Date?
        /// When it was produced: the moment something ran.
        var at: Date
        /// Who acknowledged, for acknowledgements.
        var by: Int?
        /// The job it is about, for a job's notices.
        var job: String?

        static func < (a: Event, b: Event) -> Bool {
            (a.at, a.kind, a.about, a.due ?? .distantPast, a.by ?? -1, a.job ?? "")
                < (b.at, b.kind, b.about, b.due ?? .distantPast, b.by ?? -1, b.job ?? "")
        }

        var description: String {
            "\(kind)(about \(about)\(job.map { ", job \($0)" } ?? "")\(due.map { ", due \($0.timeIntervalSince1970)" } ?? "")"
                + "\(by.map { ", by \($0)" } ?? "") at \(at.timeIntervalSince1970))"
        }
    }

    /// Something that happens to a deadline at a moment, once.
    struct Step {
        var key: String
        var at: Date
        /// Not done at all when its moment is reached only after this one.
        var expires: Date?
        /// The deadline stands until the next check-in once this is done.
        var holds: Bool
        /// Seconds between occurrences of a repeating step (the first at `at`).
        var period: Int? = nil
        var notices: [(to: Int, kind: Event.Kind)]
    }

    struct Link: Hashable {
        var isResponder: Bool
        var isDependent: Bool
        /// As this person's responder: seconds after the grace period before they are told.
        var delay = 0
    }

    struct Person {
        var name: String
        var interval = 86_400
        var reminder = 7_200
        var grace = 0
        var repeatEvery: Int?
        var lastCheckIn: Date?
        var alert = false
        var alertAckedBy: Int?
        /// Contacts by person index, from this person's point of view.
        var links: [Int: Link] = [:]
        var pause: (start: Date, end: Date)?
        /// Seconds added to the deadline of the cycle that began at `cycle`.
        var extra: (cycle: Date, seconds: Int)?
        /// What the current deadline did.
        var spell = Spell()
        /// What their notify command is handed.
        var preferences = Preferences()
        /// Issue 29 (`AlarmModelSchedules.swift`): a daily deadline, the
        /// account's zone, the deadline a change of zone kept from falling
        /// early in the cycle that began at `cycle` (and how), and a trip.
        var daily: Daily?
        var zone = "UTC"
        var zoneKept: (cycle: Date, byCheckIn: Bool, due: Date)?
        var trip: (start: Date, due: Date)?
        /// Issue 29's jobs, in the order they were added.
        var jobs: [Job] = []
    }

    /// How a command ended (`damaged`: only the services', on a damaged file; see `AlarmModelDamage.swift`).
    enum Outcome: Equatable { case done, unchanged, refused, notFound, damaged }

    var people: [Person] = []
    /// Person index → the notices they should hold.
    var expected: [Int: [Event]] = [:]
    var pings: [(sender: Int, recipient: Int, pending: Bool)] = []
    /// Each person's latest drill, and how many drill notices each holds.
    var drills: [Int: Drill] = [:]
    var drillNotices: [Int: Int] = [:]

    /// When the current cycle began: the last check-in, or the end of a
    /// pause after it.
    func cycleStart(_ p: Int) -> Date? {
        let person = people[p]
        guard let last = person.lastCheckIn else { return nil }
        if let pause = person.pause, pause.end > last { return pause.end }
        return last
    }

    func due(_ p: Int) -> Date? {
        let person = people[p]
        guard let start = cycleStart(p) else { return nil }
        if person.spell.held, person.spell.cycle == start, let deadline = person.spell.deadline { return deadline }
        let extra = person.extra.map { $0.cycle == start ? $0.seconds : 0 } ?? 0
        return plannedDue(p, start: start).addingTimeInterval(Double(extra))
    }

    func isPaused(_ p: Int, at now: Date) -> Bool {
        guard let pause = people[p].pause else { return false }
        return pause.start <= now && now < pause.end
    }

    func responders(of p: Int) -> [Int] {
        people[p].links.filter { $0.value.isResponder }.map(\.key).sorted()
    }

    /// `p`'s responders with their delays, for a spell.
    func delays(of p: Int) -> [(index: Int, delay: Int)] {
        responders(of: p).map { ($0, people[p].links[$0]?.delay ?? 0) }
    }

    /// The rules: what happens to `p`'s current deadline, given what happened so far.
    func steps(_ p: Int) -> [Step] {
        guard let due = due(p) else { return [] }
        let person = people[p]
        let graceEnds = due.addingTimeInterval(Double(person.grace))
        var steps = [
            Step(key: "reminder", at: due.addingTimeInterval(-Double(person.reminder)), expires: due, holds: false,
                 notices: [(p, .reminder)]),
            Step(key: "missed", at: graceEnds, expires: nil, holds: true, notices: [(p, .missedOwn)]),
        ]
        if person.grace > 0 {
            steps.append(Step(key: "late", at: due, expires: graceEnds, holds: false, notices: [(p, .late)]))
        }
        steps += person.spell.escalation(graceEnds: graceEnds, responders: delays(of: p), repeatEvery: person.repeatEvery,
                                         told: .missed, again: .again)
        if let pause = person.pause, cycleStart(p) == pause.end {
            steps.append(Step(key: "pause end", at: pause.end, expires: nil, holds: false,
                              notices: [(p, .pauseEndedOwn)] + responders(of: p).map { ($0, .pauseEnded) }))
        }
        return steps
    }

    /// Brings one person's deadline, and their jobs', up to date at `now`.
    mutating func evaluate(_ p: Int, now: Date) {
        evaluateOwn(p, now: now)
        for j in people[p].jobs.indices { evaluateJob(p, j, now: now) }
    }

    /// Brings one person's own deadline up to date at `now`, a step at a
    /// time in time order (a later step may depend on an earlier one).
    private mutating func evaluateOwn(_ p: Int, now: Date) {
        guard let due = due(p), let start = cycleStart(p) else { return }
        if people[p].spell.isStale(start: start, due: due) {
            // A deadline that moved within its cycle starts afresh, but the
            // cycle's own step (the pause's end) stays done.
            let kept = people[p].spell.cycle == start ? people[p].spell.fired.filter { $0.key == "pause end" } : [:]
            people[p].spell.restart(start: start, due: due, keeping: kept)
        }
        while let next = people[p].spell.takeNext(steps(p), now: now) {
            guard next.tells else { continue }
            let about = next.step.key == "pause end" ? nil : due
            for notice in next.step.notices { tell(notice.to, Event(kind: notice.kind, about: p, due: about, at: now)) }
        }
    }

    /// What every command does first.
    mutating func catchUp(now: Date) {
        for p in people.indices { evaluate(p, now: now) }
    }

    mutating func signUp(_ name: String) { people.append(Person(name: name)) }

    mutating func checkIn(_ p: Int, now: Date) {
        if people[p].spell.held {
            for r in responders(of: p) where people[p].spell.fired["told \(r)"] != nil {
                tell(r, Event(kind: .safe, about: p, due: nil, at: now))
            }
        }
        // A new cycle starts (and with it a new deadline), unless the check-in
        // is at the very moment the current one began (a pause's end).
        people[p].lastCheckIn = now
        evaluate(p, now: now)
    }

    /// `checkin interval [CHECKIN] [--reminder REMINDER]`, with PRODUCT.md's rules.
    mutating func setIntervals(_ p: Int, checkIn: Int?, reminder: Int?, grace: Int? = nil, repeats: Int?? = nil,
                               now: Date) -> Outcome {
        if let grace, !(0...7 * 86_400).contains(grace) { return .refused }
        if let repeats, let every = repeats, !(900...7 * 86_400).contains(every) { return .refused }
        var interval = people[p].interval, remind = people[p].reminder
        if let checkIn {
            guard (3600...30 * 86_400).contains(checkIn) else { return .refused }
            interval = checkIn
        }
        if let reminder {
            guard (300...7 * 86_400).contains(reminder), reminder < interval else { return .refused }
            remind = reminder
        } else if remind >= interval {
            remind = [3600, 7200, 14_400, 28_800].filter { $0 < interval }.max() ?? interval / 2
        }
        // Under a daily deadline the interval gives no time until `deadline off`.
        let lengthened = (interval > people[p].interval && people[p].daily == nil) || (grace ?? 0) > people[p].grace
        people[p].interval = interval
        people[p].reminder = remind
        if let grace { people[p].grace = grace }
        if let repeats { people[p].repeatEvery = repeats }
        evaluate(p, now: now)
        if lengthened {
            for r in responders(of: p) { tell(r, Event(kind: .lengthened, about: p, due: nil, at: now)) }
        }
        return .done
    }

    mutating func alert(_ p: Int, on: Bool, now: Date) -> Outcome {
        guard people[p].alert != on else { return .refused }
        people[p].alert = on
        people[p].alertAckedBy = nil
        for r in responders(of: p) { tell(r, Event(kind: on ? .alert : .cancel, about: p, due: nil, at: now)) }
        return .done
    }

    mutating func add(_ a: Int, _ b: Int, responder: Bool, dependent: Bool, now: Date) -> Outcome {
        guard responder || dependent, a != b, people[a].links[b] == nil else { return .refused }
        people[a].links[b] = Link(isResponder: responder, isDependent: dependent)
        people[b].links[a] = Link(isResponder: dependent, isDependent: responder)
        linksChanged(a, b, now: now)
        return .done
    }

    /// `contacts role`, with `delay` for b as a's responder (a responder
    /// no longer has one; a link's other side keeps its own).
    mutating func setRoles(_ a: Int, _ b: Int, responder: Bool?, dependent: Bool?, delay: Int? = nil, now: Date) -> Outcome {
        guard let old = people[a].links[b], let mirror = people[b].links[a] else { return .notFound }
        var new = Link(isResponder: responder ?? old.isResponder, isDependent: dependent ?? old.isDependent, delay: old.delay)
        guard new.isResponder || new.isDependent else { return .refused }
        if let delay {
            guard new.isResponder else { return .refused }
            guard (0...7 * 86_400).contains(delay) else { return .refused }
            new.delay = delay
        }
        if !new.isResponder { new.delay = 0 }
        people[a].links[b] = new
        people[b].links[a] = Link(isResponder: new.isDependent, isDependent: new.isResponder,
                                  delay: new.isDependent ? mirror.delay : 0)
        linksChanged(a, b, now: now)
        return new == old ? .unchanged : .done
    }

    /// Removing a link withdraws the pings still waiting between the two.
    mutating func remove(_ a: Int, _ b: Int, now: Date) -> Outcome {
        guard people[a].links[b] != nil else { return .notFound }
        people[a].links[b] = nil
        people[b].links[a] = nil
        for index in pings.indices where Set([pings[index].sender, pings[index].recipient]) == Set([a, b]) {
            pings[index].pending = false
        }
        linksChanged(a, b, now: now)
        return .done
    }

    /// Who watches whom changed: both deadlines count with it at once.
    private mutating func linksChanged(_ a: Int, _ b: Int, now: Date) {
        evaluate(a, now: now)
        evaluate(b, now: now)
    }

    mutating func ping(_ a: Int, _ b: Int) -> Outcome {
        guard let link = people[a].links[b] else { return .notFound }
        guard link.isDependent else { return .refused }
        if pings.contains(where: { $0.sender == a && $0.recipient == b && $0.pending }) { return .unchanged }
        pings.append((a, b, true))
        return .done
    }

    /// Answers every pending ping `b` received; answering one is a check-in.
    mutating func respond(_ b: Int, now: Date) -> Int {
        var answered = 0
        for index in pings.indices where pings[index].recipient == b && pings[index].pending {
            pings[index].pending = false
            answered += 1
        }
        if answered > 0 { checkIn(b, now: now) }
        return answered
    }

    mutating func tell(_ p: Int, _ event: Event) { expected[p, default: []].append(event) }
}
