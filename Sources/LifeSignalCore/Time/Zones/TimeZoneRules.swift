import FoundationEssentials

/// Everything a zone's clocks ever said: the offset from UTC, daylight
/// saving and abbreviation at any instant, and which instants a wall-clock
/// reading names.
///
/// Made from a TZif file (`TZif.decode`) or a POSIX TZ string; a value, so
/// it is compared, stored and handed around freely. Instants are whole
/// seconds since the epoch (`UnixSeconds`), read as RFC 8536 says: before
/// the first transition the first type, between transitions the type of
/// the latest, after the last the footer's rule (or the last type).
public struct TimeZoneRules: Sendable, Hashable {
    /// Where the rules came from, which is what names the zone.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        /// A zone of the time zone database.
        case named(ZoneName)
        /// A POSIX TZ string (`TZ=CET-1CEST,M3.5.0,M10.5.0/3`).
        case posix(String)
        /// A TZif file that no name leads to (`/etc/localtime` as a copy).
        case unnamedFile

        public var description: String {
            switch self {
            case .named(let name): name.rawValue
            case .posix(let text): text
            case .unnamedFile: "the system's local time"
            }
        }
    }

    public var origin: Origin
    /// Instants of the transitions, strictly increasing.
    let transitionTimes: [Int64]
    /// Index into `types` of the type each transition starts.
    let transitionTypes: [Int]
    /// Never empty: the first is in force before the first transition.
    let types: [LocalTimeType]
    /// In force after the last transition (or always, when there is none).
    let footer: POSIXTimeZone?

    /// Rules checked by their maker (`TZif.decode`): times strictly
    /// increasing, type indices in range, `types` not empty.
    init(origin: Origin, transitionTimes: [Int64], transitionTypes: [Int], types: [LocalTimeType], footer: POSIXTimeZone?) {
        self.origin = origin
        self.transitionTimes = transitionTimes
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
    }

    /// The rules a POSIX TZ string gives, for every instant.
    public init(posix zone: POSIXTimeZone) {
        self.init(origin: .posix(zone.text), transitionTimes: [], transitionTypes: [], types: [zone.standard], footer: zone)
    }

    /// Universal time.
    public static let utc = TimeZoneRules(origin: .named(.utc), transitionTimes: [], transitionTypes: [],
                                          types: [.utc], footer: nil)

    /// The zone's name when it has one.
    public var name: ZoneName? {
        if case .named(let name) = origin { return name }
        return nil
    }

    // MARK: Instant to wall clock

    /// The type in force at `instant`.
    public func type(at instant: Int64) -> LocalTimeType {
        let instant = UnixSeconds.clamped(instant)
        guard let first = transitionTimes.first, let last = transitionTimes.last else {
            return footer?.type(at: instant) ?? types[0]
        }
        if instant < first { return types[0] }
        if instant > last, let footer { return footer.type(at: instant) }
        // The latest transition at or before the instant (there is one: instant >= first).
        return types[transitionTypes[countOfTransitions(atOrBefore: instant) - 1]]
    }

    /// How many transitions happen at or before `instant` (binary search).
    private func countOfTransitions(atOrBefore instant: Int64) -> Int {
        var low = 0, high = transitionTimes.count
        while low < high {
            let middle = (low + high) / 2
            if transitionTimes[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The type in force at `date`.
    public func type(at date: Date) -> LocalTimeType { type(at: UnixSeconds.of(date)) }

    /// What the zone's clocks read at `instant`.
    public func localDateTime(at instant: Int64) -> LocalDateTime {
        let instant = UnixSeconds.clamped(instant)
        return LocalDateTime(wallSeconds: instant + Int64(type(at: instant).utcOffset))
    }

    /// What the zone's clocks read at `date` (to the second, rounded down).
    public func localDateTime(at date: Date) -> LocalDateTime { localDateTime(at: UnixSeconds.of(date)) }

    /// Every change of offset, daylight saving or abbreviation at an instant
    /// in `first...last`, in time order.
    public func transitions(from first: Int64, through last: Int64) -> [ZoneTransition] {
        let first = UnixSeconds.clamped(first), last = UnixSeconds.clamped(last)
        guard first <= last else { return [] }
        var moments = Array(transitionTimes[countOfTransitions(atOrBefore: first - 1)..<countOfTransitions(atOrBefore: last)])
        if let footer, footer.daylight != nil {
            // The footer rules after the last transition (or always).
            let ruleStart = transitionTimes.last.map { max(first, $0 + 1) } ?? first
            if ruleStart <= last {
                let years = POSIXTimeZone.year(of: ruleStart) - 1...POSIXTimeZone.year(of: last) + 1
                moments += footer.changes(years: years).map(\.at).filter { (ruleStart...last).contains($0) }
            }
        }
        var result: [ZoneTransition] = []
        var previous: Int64?
        for moment in moments.sorted() where moment != previous {
            previous = moment
            let before = type(at: moment - 1), after = type(at: moment)
            if before != after { result.append(ZoneTransition(at: moment, before: before, after: after)) }
        }
        return result
    }

    // MARK: Wall clock to instant

    /// The instants at which the clocks read `local`.
    public func resolve(_ local: LocalDateTime) -> LocalTimeResolution {
        let wall = local.wallSeconds
        var matches: [Int64] = []
        var firstLater: Int64?
        for segment in segments(around: wall) {
            let candidate = wall - Int64(segment.offset)
            if segment.contains(candidate) { matches.append(candidate) }
            if firstLater == nil, let found = segment.firstInstant(readingAtLeast: wall) { firstLater = found }
        }
        guard let first = matches.first else { return .skipped(nextValid: firstLater ?? wall) }
        return matches.count == 1 ? .unique(first) : .repeated(first: first, later: Array(matches.dropFirst()))
    }

    /// The first instant at which the clocks read `local` or later: the
    /// instant itself, the first of a repeated reading, or the jump over a
    /// skipped one. It never decreases as `local` increases.
    public func firstInstant(atOrAfter local: LocalDateTime) -> Int64 {
        let wall = local.wallSeconds
        for segment in segments(around: wall) {
            if let found = segment.firstInstant(readingAtLeast: wall) { return found }
        }
        // The last segment has no end, so it always finds one.
        return wall
    }

    /// A stretch of time with one offset: `start..<end` (nil: unbounded).
    private struct Segment {
        var start: Int64?
        var end: Int64?
        var offset: Int

        func contains(_ instant: Int64) -> Bool {
            (start.map { instant >= $0 } ?? true) && (end.map { instant < $0 } ?? true)
        }

        /// The first instant of the segment whose wall clock reads `wall` or
        /// later (it runs from `start + offset` up to `end + offset`).
        func firstInstant(readingAtLeast wall: Int64) -> Int64? {
            let candidate = max(start ?? Int64.min, wall - Int64(offset))
            return contains(candidate) ? candidate : nil
        }
    }

    /// The stretches of one offset covering every instant whose wall clock
    /// could read `wall`: offsets stay within `LocalTimeType.offsetBounds`,
    /// so such instants lie within a day and a bit of it.
    private func segments(around wall: Int64) -> [Segment] {
        let low = wall - Int64(LocalTimeType.offsetBounds.upperBound) - 1
        let high = wall - Int64(LocalTimeType.offsetBounds.lowerBound) + 1
        var segments = [Segment(start: nil, end: nil, offset: type(at: low).utcOffset)]
        for transition in transitions(from: low + 1, through: high) {
            segments[segments.count - 1].end = transition.at
            segments.append(Segment(start: transition.at, end: nil, offset: transition.after.utcOffset))
        }
        return segments
    }
}
