import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// Trips: a one-off deadline with a note (`trip`, `trip start`, `trip extend`, `trip end`).
enum TripCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("trip") { TripShow.spec },
    ]
}

/// `trip`: shows the trip in progress.
struct TripShow: CommandInput, Equatable {
    static let spec = CommandSpec(
        "trip",
        summary: "Show the trip in progress: a one-off deadline with a note for your responders",
        discussion: [
            "'trip start 2h30m --note TEXT' (or --until 18:00) checks you in and makes the end of the trip your deadline until your next check-in: missed, your responders are told with the note and your emergency note. 'trip extend 30m' moves the end; 'trip end', or any check-in, ends it and your regular schedule goes on.",
        ],
        subcommandEntries: [
            SubcommandEntry("start") { TripStart.spec },
            SubcommandEntry("extend") { TripExtend.spec },
            SubcommandEntry("end") { TripEnd.spec },
        ],
        isRunnable: true,
        examples: [
            CommandExample("trip start 3h --note 'North ridge, car at the upper lot'", "due back in three hours"),
            CommandExample("trip start --until 18:00", "due back at 18:00 on your account's clock"),
            CommandExample("trip end", "back: a check-in that ends the trip"),
        ],
        input: .running(TripShow.self))

    init(from parsed: ParsedCommand) {}
}

extension TripShow: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let account = try c.reading { _, account in account }
        TripText.show(account, c)
        return success
    }
}

/// `trip start DURATION|--until TIME [--note TEXT]`
struct TripStart: CommandInput, Equatable {
    /// `--until`: a time of day (the next on the account's clock) or a moment.
    enum End: Equatable {
        case clock(TimeOfDay)
        case moment(Date)
    }

    static let duration = Argument<Int>(
        "DURATION", help: "How long the trip lasts (at least 1m, at most 30d).", isOptional: true,
        completion: .choices(["1h", "3h", "8h", "1d"]), expected: SharedInputs.durationExpected, convert: SharedInputs.duration)
    static let until = Option<End>(
        "until", valueName: "TIME",
        help: "Due back at TIME: HH:MM (the next on your account's clock), ISO 8601, or local time without a zone.",
        expected: "a time such as 18:00, 2026-03-04T18:00:00Z or 2026-03-04T18:00") { text in
        if let clock = try? TimeOfDay(parsing: text) { return .clock(clock) }
        return SharedInputs.time(text).map { .moment($0) }
    }
    static let note = Option<String>(
        "note", valueName: "TEXT", help: "What your responders should know if you miss it (one line, at most 500 bytes).")

    static let spec = CommandSpec(
        "start",
        summary: "Check in and be due back at the end of a trip; your note reaches your responders if you miss it",
        discussion: [
            "Starting a trip is a check-in. Until your next check-in ('trip end' is one), you are due at the end of the trip instead of your regular deadline; reminder, grace, delays and repeats work as always. A trip in progress is replaced. Refused while your check-ins are paused.",
            "Starting a trip is a check-in: with check-in codes set it needs one, and the duress code does it exactly as the real one does and silently alerts your responders.",
        ],
        arguments: [duration.spec],
        options: [until.spec, note.spec, SharedInputs.checkInCode.spec],
        examples: [CommandExample("trip start 2h30m --note 'Hiking the north ridge'", "due back in two and a half hours")],
        input: .running(TripStart.self))

    let seconds: Int?
    let end: End?
    let note: String?
    let code: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        seconds = try parsed.value(Self.duration)
        end = try parsed.value(Self.until)
        note = try parsed.value(Self.note)
        code = try parsed.value(SharedInputs.checkInCode)
        if seconds != nil, end != nil { throw parsed.problem(.conflict("DURATION", "--until")) }
        if seconds == nil, end == nil { throw parsed.problem(.missingArgument("DURATION or --until TIME")) }
    }
}

extension TripStart: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let core = try c.core()
        let outcome = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            let until: Date
            switch (seconds, end) {
            case (let seconds?, _): until = core.now.addingTimeInterval(Double(seconds))
            case (_, .clock(let time)?):
                let zone = try core.zones.rules(named: account.timeZone ?? ZoneName.utc.rawValue)
                until = DailyDeadline(time: time).next(after: core.now, in: zone)
            case (_, .moment(let moment)?): until = moment
            default: throw LifeSignalError.invalid("a trip needs DURATION or --until TIME")
            }
            let checkIn = try AccountService(store: store, env: core).startTrip(&account, until: until, note: note)
            return (account, CheckInText.Outcome(checkIn, in: store))
        }
        TripText.show(outcome.0, c)
        try CheckInText.report(outcome.1, c)
        return success
    }
}

/// `trip extend DURATION`
struct TripExtend: CommandInput, Equatable {
    static let duration = Argument<Int>(
        "DURATION", help: "How much later you will be back.", completion: .choices(["30m", "1h", "2h", "1d"]),
        expected: SharedInputs.durationExpected, convert: SharedInputs.duration)

    static let spec = CommandSpec(
        "extend",
        summary: "Move the end of the trip in progress later",
        discussion: [
            "At most 30 days from now. Your responders are told at once that your trip ends later. It cannot take back a missed end your responders were already told of: end the trip (a check-in) instead.",
            SharedInputs.codeDiscussion,
        ],
        arguments: [duration.spec],
        options: [SharedInputs.checkInCode.spec],
        examples: [CommandExample("trip extend 30m", "back half an hour later than planned")],
        input: .running(TripExtend.self))

    let seconds: Int
    let code: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        seconds = try parsed.required(Self.duration)
        code = try parsed.value(SharedInputs.checkInCode)
    }
}

extension TripExtend: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let (account, told) = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            let extended = try AccountService(store: store, env: try c.core()).extendTrip(&account, by: seconds)
            return (account, ReachText.Named(extended.reach, in: store))
        }
        TripText.show(account, c, extra: ReachText.json(told.reach))
        if !c.json, !told.reach.isNobody { c.say(ReachText.sentence(told, news: " that your trip ends later")) }
        return success
    }
}

/// `trip end`
struct TripEnd: CommandInput, Equatable {
    static let spec = CommandSpec(
        "end",
        summary: "Back: end the trip in progress with a check-in",
        discussion: ["A check-in (with codes set it needs one): your regular schedule goes on from it, and responders told you missed the end of the trip are told you are safe."],
        options: [SharedInputs.checkInCode.spec],
        examples: [CommandExample("trip end", "back home")],
        input: .running(TripEnd.self))

    let code: String?

    init(from parsed: ParsedCommand) throws(UsageError) {
        code = try parsed.value(SharedInputs.checkInCode)
    }
}

extension TripEnd: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let outcome = try CheckInCodeInput.guarded(c, typed: code) { store, account in
            let checkIn = try AccountService(store: store, env: try c.core()).endTrip(&account)
            return (account, CheckInText.Outcome(checkIn, in: store))
        }
        if c.json {
            c.printJSON(.object([("trip", .null), ("lastCheckIn", .date(outcome.0.lastCheckIn)),
                                 ("nextCheckInDue", .date(outcome.0.nextCheckInDue))]))
        } else {
            let now = (try? c.now()) ?? Date()
            c.say("Trip ended; checked in. Next check-in due \(TimeText.both(outcome.0.nextCheckInDue, now: now)).")
        }
        try CheckInText.report(outcome.1, c)
        return success
    }
}

/// How a trip reads.
enum TripText {
    /// `{"startedAt", "due", "note"}`, or null when none is in progress.
    static func json(_ account: Account) -> JSONValue {
        guard let trip = account.tripInProgress else { return .null }
        return .object([("startedAt", .date(trip.startedAt)), ("due", .date(trip.due)), ("note", .optional(trip.note))])
    }

    static func show(_ account: Account, _ c: Context, extra: [(String, JSONValue)] = []) {
        if c.json {
            c.printJSON(.object([("trip", json(account)), ("nextCheckInDue", .date(account.nextCheckInDue))] + extra))
            return
        }
        let now = (try? c.now()) ?? Date()
        guard let trip = account.tripInProgress else {
            c.say("No trip in progress. Start one with 'lifesignal trip start DURATION --note TEXT'.")
            return
        }
        c.say("On a trip since \(TimeText.local(trip.startedAt, now: now)): due back \(TimeText.both(trip.due, now: now)).")
        if let note = trip.note { c.say("Note for your responders: \(TerminalText.line(note))") }
    }
}
