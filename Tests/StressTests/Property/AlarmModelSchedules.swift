import Foundation
import LifeSignalCore

/// Issue 29's schedules in `AlarmModel`, written from CLI.md and PRODUCT.md:
///
/// - A daily deadline: a check-in meets the first deadline after it, and
///   the next one is due at the deadline after that; a cycle a pause's end
///   began is due at the first deadline after it. The deadlines are found
///   with Foundation's calendar, an implementation independent of the
///   core's: a time the clocks skip falls due at the first time after it, a
///   time they read twice at its first reading.
/// - A new zone moves the deadline; one it would put in the past (while the
///   old one was still ahead) falls at the new zone's next deadline after
///   now; the responders are told the deadline moved. A later deadline from
///   `checkin deadline` is told as more time.
/// - A trip: starting one is a check-in, and until the next check-in the
///   account is due at its end; refused while paused (and a pause refused
///   on a trip); `trip extend` moves its end (refused once the responders
///   were told of the miss, beyond 30 days, or to less than a minute from
///   now); `trip end` is a check-in.
extension AlarmModel {
    /// A daily deadline: the time, and the days by `Calendar`'s weekday numbers (1 is Sunday).
    struct Daily: Equatable {
        var hour: Int
        var minute: Int
        var weekdays: Set<Int>
    }

    static let zones = ["UTC", "Europe/Madrid", "America/New_York", "Australia/Sydney", "Asia/Jerusalem"]

    private static let calendars: [String: Calendar] = Dictionary(uniqueKeysWithValues: zones.map { name in
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: name)!
        return (name, calendar)
    })

    /// The first of `daily`'s deadlines strictly after `date`, on `zone`'s clocks.
    static func deadline(_ daily: Daily, after date: Date, zone: String) -> Date {
        let calendar = calendars[zone]!
        var candidate = date
        while true {
            candidate = calendar.nextDate(after: candidate, matching: DateComponents(hour: daily.hour, minute: daily.minute),
                                          matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)!
            if daily.weekdays.contains(calendar.component(.weekday, from: candidate)) { return candidate }
        }
    }

    /// The deadline the cycle that began at `start` has by the rules, before any extension.
    func plannedDue(_ p: Int, start: Date) -> Date {
        let person = people[p]
        if let trip = person.trip, trip.start == start { return trip.due }
        guard let daily = person.daily else { return start.addingTimeInterval(Double(person.interval)) }
        let byCheckIn = start == person.lastCheckIn
        if let kept = person.zoneKept, kept.cycle == start, kept.byCheckIn == byCheckIn { return kept.due }
        return dailyDue(daily, start: start, byCheckIn: byCheckIn, zone: person.zone)
    }

    func dailyDue(_ daily: Daily, start: Date, byCheckIn: Bool, zone: String) -> Date {
        let first = Self.deadline(daily, after: start, zone: zone)
        return byCheckIn ? Self.deadline(daily, after: first, zone: zone) : first
    }

    func tripInProgress(_ p: Int) -> (start: Date, due: Date)? {
        guard let trip = people[p].trip, trip.start == cycleStart(p) else { return nil }
        return trip
    }

    /// `checkin deadline HH:MM --days DAYS`, or `off` (nil).
    mutating func setDaily(_ p: Int, _ daily: Daily?, now: Date) -> Outcome {
        let before = due(p)
        people[p].daily = daily
        people[p].zoneKept = nil
        evaluate(p, now: now)
        if let after = due(p), after != before, before.map({ after > $0 }) ?? true {
            for r in responders(of: p) { tell(r, Event(kind: .lengthened, about: p, due: nil, at: now)) }
        }
        return .done
    }

    /// `settings set time-zone ZONE`.
    mutating func setZone(_ p: Int, _ zone: String, now: Date) -> Outcome {
        let before = due(p)
        let jobsBefore = people[p].jobs.indices.map { jobDue(p, $0) }
        people[p].zone = zone
        for j in people[p].jobs.indices {
            guard case .daily(let daily) = people[p].jobs[j].schedule, !people[p].jobs[j].spell.held else { continue }
            let start = jobCycleStart(p, j), byCheckIn = start == people[p].jobs[j].lastCheckIn
            let base = dailyDue(daily, start: start, byCheckIn: byCheckIn, zone: zone)
            people[p].jobs[j].fitted = (start, byCheckIn, base <= now && jobsBefore[j] > now ? Self.deadline(daily, after: now, zone: zone) : base)
            evaluateJob(p, j, now: now)
        }
        guard let daily = people[p].daily, let old = before, !people[p].spell.held, let start = cycleStart(p) else { return .done }
        people[p].zoneKept = nil
        let byCheckIn = start == people[p].lastCheckIn
        let base = dailyDue(daily, start: start, byCheckIn: byCheckIn, zone: zone)
        if base <= now, old > now { people[p].zoneKept = (start, byCheckIn, Self.deadline(daily, after: now, zone: zone)) }
        evaluate(p, now: now)
        if due(p) != old {
            for r in responders(of: p) { tell(r, Event(kind: .moved, about: p, due: nil, at: now)) }
        }
        return .done
    }

    /// `trip start SECONDS`: a check-in, due back then.
    mutating func startTrip(_ p: Int, for seconds: Int, now: Date) -> Outcome {
        guard !isPaused(p, at: now), (60...30 * 86_400).contains(seconds) else { return .refused }
        people[p].trip = (now, now.addingTimeInterval(Double(seconds)))
        checkIn(p, now: now)
        return .done
    }

    /// `trip extend SECONDS`: the responders are told (it gives more time).
    mutating func extendTrip(_ p: Int, by seconds: Int, now: Date) -> Outcome {
        guard seconds > 0, let trip = tripInProgress(p), !people[p].spell.held else { return .refused }
        let moved = trip.due.addingTimeInterval(Double(seconds))
        guard moved >= now.addingTimeInterval(60), moved <= now.addingTimeInterval(30 * 86_400) else { return .refused }
        people[p].trip = (trip.start, moved)
        evaluate(p, now: now)
        for r in responders(of: p) { tell(r, Event(kind: .lengthened, about: p, due: nil, at: now)) }
        return .done
    }

    /// `trip end`: a check-in.
    mutating func endTrip(_ p: Int, now: Date) -> Outcome {
        guard tripInProgress(p) != nil else { return .refused }
        checkIn(p, now: now)
        return .done
    }
}

extension AlarmModel {
    /// Daily deadlines the sequences choose from (off among them): times the
    /// clocks skip or read twice in some zones, every day, weekdays, one day.
    static let dailies: [Daily?] = [
        nil,
        Daily(hour: 10, minute: 0, weekdays: Set(1...7)),
        Daily(hour: 2, minute: 30, weekdays: Set(1...7)),
        Daily(hour: 1, minute: 30, weekdays: Set(2...6)),
        Daily(hour: 23, minute: 45, weekdays: [7]),
        Daily(hour: 0, minute: 0, weekdays: [2, 5]),
    ]
}

extension AlarmModel.Daily: CustomStringConvertible {
    var description: String { "\(hour):\(minute) on \(weekdays.sorted())" }

    /// The core's value of the same deadline.
    var deadline: DailyDeadline {
        DailyDeadline(time: TimeOfDay(hour: hour, minute: minute)!, days: DaySet(weekdays.map { Weekday.calendar($0) })!)
    }
}

extension Weekday {
    /// The weekday of `Calendar`'s number (1 is Sunday).
    static func calendar(_ number: Int) -> Weekday {
        Weekday.allCases.first { ($0.rawValue + 1) % 7 + 1 == number }!
    }
}
