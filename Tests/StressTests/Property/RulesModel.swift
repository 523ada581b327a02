import Foundation
import TestSupport

/// lifesignal's rules written a second time, as plainly as possible, to
/// check the real services against: who is linked to whom, which pings are
/// pending, what each feed holds, and when deadlines fire.
struct RulesModel {
    struct Link: Hashable {
        var isResponder: Bool
        var isDependent: Bool
    }

    struct Item: Equatable, CustomStringConvertible {
        var title: String
        var isRead = false
        var description: String { (isRead ? "" : "• ") + title }
    }

    struct Ping: Equatable {
        var sender: Int
        var recipient: Int
        var pending = true
    }

    struct Person {
        var id: String
        var name: String
        var lastCheckIn: Date?
        var reminderFired = false
        var missedFired = false
        /// Responders told of the current missed deadline.
        var told: Set<Int> = []
        var alertActive = false
        /// Contacts by person index, from this person's point of view.
        var links: [Int: Link] = [:]
        /// Oldest first.
        var feed: [Item] = []
        var checkIns = 0
    }

    /// The outcome of an action the rules may refuse.
    enum Outcome: Equatable { case done, unchanged, refused, notFound }

    static let interval = 86_400.0
    static let reminder = 7_200.0

    var people: [Person] = []
    var pings: [Ping] = []
    /// Missed-check-in notices delivered, by (person, due, responder).
    var missedNotices: [String: Int] = [:]

    mutating func signUp(id: String, name: String) { people.append(Person(id: id, name: name)) }

    func due(_ p: Int) -> Date? { people[p].lastCheckIn.map { $0.addingTimeInterval(Self.interval) } }

    func responders(of p: Int) -> [Int] { people[p].links.filter { $0.value.isResponder }.map(\.key) }

    /// The earliest unfired milestone of a person, as the schedule keeps it.
    func wake(_ p: Int) -> Date? {
        guard let due = due(p) else { return nil }
        if !people[p].reminderFired { return due.addingTimeInterval(-Self.reminder) }
        return people[p].missedFired ? nil : due
    }

    /// Fires every due milestone: accounts in order of wake, then ID.
    mutating func catchUp(now: Date) {
        let dueNow = people.indices.compactMap { p in wake(p).flatMap { $0 <= now ? (p, $0) : nil } }
            .sorted { ($0.1, people[$0.0].id) < ($1.1, people[$1.0].id) }
        for (p, _) in dueNow {
            guard let due = due(p) else { continue }
            if !people[p].reminderFired, now >= due.addingTimeInterval(-Self.reminder) {
                people[p].reminderFired = true
                if now < due { notify(p, "Check-in reminder") }
            }
            if !people[p].missedFired, now >= due {
                people[p].missedFired = true
                notify(p, "You missed your check-in")
                tellMissed(p)
            }
        }
    }

    /// Each responder not yet told of `p`'s missed deadline is told now:
    /// at the miss, or as soon as they become a responder after it.
    private mutating func tellMissed(_ p: Int) {
        guard people[p].missedFired, let due = due(p) else { return }
        for r in responders(of: p).sorted() where !people[p].told.contains(r) {
            people[p].told.insert(r)
            notify(r, "\(people[p].name) missed a check-in")
            missedNotices["\(p)@\(due.timeIntervalSince1970)→\(r)", default: 0] += 1
        }
    }

    mutating func checkIn(_ p: Int, now: Date) {
        let wasMissed = people[p].lastCheckIn != nil && people[p].missedFired
        people[p].lastCheckIn = now
        people[p].reminderFired = false
        people[p].missedFired = false
        people[p].checkIns += 1
        // Those who were told hear that it is over.
        if wasMissed { for r in responders(of: p) where people[p].told.contains(r) { notify(r, "\(people[p].name) is safe") } }
        people[p].told = []
    }

    mutating func add(_ a: Int, _ b: Int, responder: Bool, dependent: Bool) -> Outcome {
        guard responder || dependent, a != b, people[a].links[b] == nil else { return .refused }
        people[a].links[b] = Link(isResponder: responder, isDependent: dependent)
        people[b].links[a] = Link(isResponder: dependent, isDependent: responder)
        // Making oneself b's responder with b's code is named as such (issue 27, item 9).
        notify(b, dependent ? "\(people[a].name) made themselves your responder" : "\(people[a].name) added you")
        tellMissed(a)
        tellMissed(b)
        return .done
    }

    mutating func setRoles(_ a: Int, _ b: Int, responder: Bool?, dependent: Bool?) -> Outcome {
        guard let old = people[a].links[b] else { return .notFound }
        let new = Link(isResponder: responder ?? old.isResponder, isDependent: dependent ?? old.isDependent)
        guard new.isResponder || new.isDependent else { return .refused }
        guard new != old else { return .unchanged }
        people[a].links[b] = new
        people[b].links[a] = Link(isResponder: new.isDependent, isDependent: new.isResponder)
        notify(b, new.isDependent && !old.isDependent ? "\(people[a].name) made themselves your responder"
                                                       : "\(people[a].name) changed your role")
        tellMissed(a)
        tellMissed(b)
        return .done
    }

    mutating func remove(_ a: Int, _ b: Int) -> Outcome {
        guard people[a].links[b] != nil else { return .notFound }
        people[a].links[b] = nil
        people[b].links[a] = nil
        pings.removeAll { $0.pending && Set([$0.sender, $0.recipient]) == Set([a, b]) }
        notify(b, "\(people[a].name) removed you")
        return .done
    }

    mutating func ping(_ a: Int, _ b: Int) -> Outcome {
        guard let link = people[a].links[b] else { return .notFound }
        guard link.isDependent else { return .refused }
        if pings.contains(where: { $0.sender == a && $0.recipient == b && $0.pending }) { return .unchanged }
        pings.append(Ping(sender: a, recipient: b))
        notify(b, "\(people[a].name) pinged you")
        return .done
    }

    /// Answers every pending ping `b` received, oldest first, and checks in
    /// when one was answered; returns how many.
    mutating func respond(_ b: Int, now: Date) -> Int {
        var answered = 0
        for index in pings.indices where pings[index].recipient == b && pings[index].pending {
            pings[index].pending = false
            notify(pings[index].sender, "\(people[b].name) responded to your ping")
            answered += 1
        }
        if answered > 0 { checkIn(b, now: now) }
        return answered
    }

    mutating func alert(_ p: Int, on: Bool) -> Outcome {
        guard people[p].alertActive != on else { return .refused }
        people[p].alertActive = on
        let title = on ? "Emergency alert from \(people[p].name)" : "\(people[p].name) cancelled their alert"
        for r in responders(of: p) { notify(r, title) }
        return .done
    }

    mutating func readAll(_ p: Int) {
        for index in people[p].feed.indices { people[p].feed[index].isRead = true }
    }

    /// `newest` counts from the newest item (0), as the feed is listed.
    mutating func read(_ p: Int, newest: Int) {
        people[p].feed[people[p].feed.count - 1 - newest].isRead = true
    }

    mutating func deleteAll(_ p: Int) { people[p].feed.removeAll() }

    mutating func delete(_ p: Int, newest: Int) { people[p].feed.remove(at: people[p].feed.count - 1 - newest) }

    private mutating func notify(_ p: Int, _ title: String) { people[p].feed.append(Item(title: title)) }
}
