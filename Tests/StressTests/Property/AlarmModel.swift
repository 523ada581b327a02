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
/// Each person's deadline has `steps` (the rules); a step fires once per
/// deadline when its time has come. Issue 14's rules (grace, delays per
/// responder, repeats, pauses) are more steps and more state here, not a
/// new model.
struct AlarmModel {
    /// One notice someone should have received.
    struct Event: Hashable, Comparable, CustomStringConvertible {
        enum Kind: String, Comparable {
            case reminder, missedOwn, missed, safe, alert, cancel
            static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        }

        var kind: Kind
        /// Whose deadline or alert it is about (a person index).
        var about: Int
        /// The deadline it names, for reminders and misses.
        var due: Date?
        /// When it was produced: the moment something ran.
        var at: Date

        static func < (a: Event, b: Event) -> Bool {
            (a.at, a.kind, a.about, a.due ?? .distantPast) < (b.at, b.kind, b.about, b.due ?? .distantPast)
        }

        var description: String {
            "\(kind)(about \(about)\(due.map { ", due \($0.timeIntervalSince1970)" } ?? "") at \(at.timeIntervalSince1970))"
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
        var notices: [(to: Int, kind: Event.Kind)]
    }

    struct Link: Hashable {
        var isResponder: Bool
        var isDependent: Bool
    }

    struct Person {
        var name: String
        var interval = 86_400
        var reminder = 7_200
        var lastCheckIn: Date?
        var alert = false
        /// Contacts by person index, from this person's point of view.
        var links: [Int: Link] = [:]
        /// The deadline the fired keys belong to, and whether it is held.
        var deadline: Date?
        var held = false
        var fired: Set<String> = []
    }

    enum Outcome: Equatable { case done, unchanged, refused, notFound }

    var people: [Person] = []
    /// Person index → the notices they should hold.
    var expected: [Int: [Event]] = [:]
    var pings: [(sender: Int, recipient: Int, pending: Bool)] = []

    func due(_ p: Int) -> Date? {
        let person = people[p]
        guard let last = person.lastCheckIn else { return nil }
        if person.held, let deadline = person.deadline { return deadline }
        return last.addingTimeInterval(Double(person.interval))
    }

    func responders(of p: Int) -> [Int] {
        people[p].links.filter { $0.value.isResponder }.map(\.key).sorted()
    }

    /// The rules: what happens to `p`'s current deadline.
    func steps(_ p: Int) -> [Step] {
        guard let due = due(p) else { return [] }
        return [
            Step(key: "reminder", at: due.addingTimeInterval(-Double(people[p].reminder)), expires: due, holds: false,
                 notices: [(p, .reminder)]),
            Step(key: "missed", at: due, expires: nil, holds: true,
                 notices: [(p, .missedOwn)] + responders(of: p).map { ($0, .missed) }),
        ]
    }

    /// Brings one person's deadline up to date at `now`.
    mutating func evaluate(_ p: Int, now: Date) {
        guard let due = due(p) else { return }
        if people[p].deadline != due {
            people[p].deadline = due
            people[p].fired = []
        }
        for step in steps(p).sorted(by: { $0.at < $1.at }) where step.at <= now && !people[p].fired.contains(step.key) {
            people[p].fired.insert(step.key)
            if let expires = step.expires, now >= expires { continue }
            if step.holds { people[p].held = true }
            for notice in step.notices { tell(notice.to, Event(kind: notice.kind, about: p, due: due, at: now)) }
        }
    }

    /// What every command does first.
    mutating func catchUp(now: Date) {
        for p in people.indices { evaluate(p, now: now) }
    }

    mutating func signUp(_ name: String) { people.append(Person(name: name)) }

    mutating func checkIn(_ p: Int, now: Date) {
        if people[p].held {
            for r in responders(of: p) { tell(r, Event(kind: .safe, about: p, due: nil, at: now)) }
        }
        people[p].lastCheckIn = now
        people[p].held = false
        people[p].deadline = nil
        evaluate(p, now: now)
    }

    /// `checkin interval [CHECKIN] [--reminder REMINDER]`, with PRODUCT.md's rules.
    mutating func setIntervals(_ p: Int, checkIn: Int?, reminder: Int?, now: Date) -> Outcome {
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
        people[p].interval = interval
        people[p].reminder = remind
        evaluate(p, now: now)
        return .done
    }

    mutating func alert(_ p: Int, on: Bool, now: Date) -> Outcome {
        guard people[p].alert != on else { return .refused }
        people[p].alert = on
        for r in responders(of: p) { tell(r, Event(kind: on ? .alert : .cancel, about: p, due: nil, at: now)) }
        return .done
    }

    mutating func add(_ a: Int, _ b: Int, responder: Bool, dependent: Bool) -> Outcome {
        guard responder || dependent, a != b, people[a].links[b] == nil else { return .refused }
        people[a].links[b] = Link(isResponder: responder, isDependent: dependent)
        people[b].links[a] = Link(isResponder: dependent, isDependent: responder)
        return .done
    }

    mutating func setRoles(_ a: Int, _ b: Int, responder: Bool?, dependent: Bool?) -> Outcome {
        guard let old = people[a].links[b] else { return .notFound }
        let new = Link(isResponder: responder ?? old.isResponder, isDependent: dependent ?? old.isDependent)
        guard new.isResponder || new.isDependent else { return .refused }
        people[a].links[b] = new
        people[b].links[a] = Link(isResponder: new.isDependent, isDependent: new.isResponder)
        return new == old ? .unchanged : .done
    }

    mutating func remove(_ a: Int, _ b: Int) -> Outcome {
        guard people[a].links[b] != nil else { return .notFound }
        people[a].links[b] = nil
        people[b].links[a] = nil
        return .done
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

    private mutating func tell(_ p: Int, _ event: Event) { expected[p, default: []].append(event) }
}
