import FoundationEssentials

/// One person's account: profile, check-in timer, alert and preferences.
public struct Account: Codable, Sendable, Equatable {
    public var id: EntityID
    public var phoneNumber: String
    public var firstName: String
    public var lastName: String
    public var emergencyNote: String
    public var qrCodeID: String
    /// Seconds between check-ins.
    public var checkInInterval: Int
    /// Seconds before the deadline at which the reminder is sent.
    public var reminderInterval: Int
    public var lastCheckIn: Date?
    public var alert: ActiveAlert?
    /// The earliest moment an invitation this account sent may expire, so
    /// the deadline schedule wakes the account then without reading its
    /// invitations; nil when none is pending. It may be early (the
    /// invitation was answered meanwhile), never late.
    public var invitationWake: Date?
    public var createdAt: Date
    public var preferences: NotificationPreferences
    public var deadlines: DeadlineMarks
    /// Set when a check-in found nobody watching (no responders), so that
    /// `checkin` warns once rather than at every run; cleared once watched.
    public var warnedUnwatchedAt: Date?
    /// Seconds after the deadline before responders are told (0: at the
    /// deadline); at the deadline itself only the account is told it is late.
    public var graceInterval: Int
    /// Seconds between reminders to each responder already told of a missed
    /// check-in, while nobody acknowledged it and no check-in came; nil: none.
    public var repeatInterval: Int?
    /// The latest pause of deadlines (`checkin pause`); it is in force while
    /// `now < until`, and the timer restarts at its end.
    public var pause: DeadlinePause?
    /// Time added to the current deadline (`checkin extend`).
    public var deadlineExtension: DeadlineExtension?
    /// The check-in and duress codes, once set.
    public var checkInCodes: CheckInCodes?
    /// An alert raised by the duress code. Responders see it like any alert;
    /// the account's own views never show it (someone may be watching).
    public var duressAlert: ActiveAlert?
    /// The answer windows of pings this account received and has not answered.
    public var answerWindows: [AnswerWindow]
    /// The latest drill, while it may matter: for its report, its
    /// acknowledgements, and the spacing of the next.
    public var drill: DrillRecord?
    /// The name of the account's time zone (`Europe/Madrid`); nil for an
    /// account made before accounts had one, until a sign-in gives it the
    /// machine's.
    public var timeZone: String?
    /// The fixed daily deadline (`checkin deadline`); nil: the rolling
    /// interval, one `checkInInterval` after the cycle began.
    public var dailySchedule: DailySchedule?
    /// The latest trip (`trip start`); in progress while its cycle lasts
    /// (`tripInProgress`).
    public var trip: Trip?
    /// When this account, as a responder, is not to be disturbed by what
    /// can wait (`QuietHoursRules`), on its own time zone's clock.
    public var quietHours: QuietHours?
    /// Missed check-ins and alerts that are over, with their receipts (`report`).
    public var pastAlarms: [PastAlarm]
    /// Notices to many people the account's changes committed to, while
    /// they are handed out, and the last ones done until reported (`FanOut`).
    public var fanOuts: [FanOut] = []
    /// Schedules of its own for cron jobs and the like (`jobs add`), by name.
    public var jobs: [Job] = []
    /// What the account was told of its alarm chain's own faults (`ChainWatchRules`).
    public var chainWatch: ChainWatch?

    public init(id: EntityID, phoneNumber: String, qrCodeID: String, createdAt: Date) {
        self.id = id
        self.phoneNumber = phoneNumber
        self.firstName = ""
        self.lastName = ""
        self.emergencyNote = ""
        self.qrCodeID = qrCodeID
        self.checkInInterval = IntervalRules.defaultCheckIn
        self.reminderInterval = IntervalRules.defaultReminder
        self.lastCheckIn = nil
        self.alert = nil
        self.createdAt = createdAt
        self.preferences = NotificationPreferences()
        self.deadlines = DeadlineMarks()
        self.graceInterval = 0
        self.answerWindows = []
        self.pastAlarms = []
    }

    enum CodingKeys: String, CodingKey {
        case id, phoneNumber, firstName, lastName, emergencyNote, qrCodeID, checkInInterval, reminderInterval
        case lastCheckIn, alert, invitationWake, createdAt, preferences, deadlines, warnedUnwatchedAt
        case graceInterval, repeatInterval, pause, deadlineExtension, checkInCodes, duressAlert, answerWindows
        case drill
        case timeZone, dailySchedule, trip, quietHours, pastAlarms, fanOuts, jobs, chainWatch
    }

    /// Reads an account; the fields of issue 14 may be absent (an older
    /// lifesignal wrote the file) and then take their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(EntityID.self, forKey: .id)
        phoneNumber = try c.decode(String.self, forKey: .phoneNumber)
        firstName = try c.decode(String.self, forKey: .firstName)
        lastName = try c.decode(String.self, forKey: .lastName)
        emergencyNote = try c.decode(String.self, forKey: .emergencyNote)
        qrCodeID = try c.decode(String.self, forKey: .qrCodeID)
        checkInInterval = try c.decode(Int.self, forKey: .checkInInterval)
        reminderInterval = try c.decode(Int.self, forKey: .reminderInterval)
        lastCheckIn = try c.decodeIfPresent(Date.self, forKey: .lastCheckIn)
        alert = try c.decodeIfPresent(ActiveAlert.self, forKey: .alert)
        invitationWake = try c.decodeIfPresent(Date.self, forKey: .invitationWake)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        preferences = try c.decode(NotificationPreferences.self, forKey: .preferences)
        deadlines = try c.decode(DeadlineMarks.self, forKey: .deadlines)
        warnedUnwatchedAt = try c.decodeIfPresent(Date.self, forKey: .warnedUnwatchedAt)
        graceInterval = try c.decodeIfPresent(Int.self, forKey: .graceInterval) ?? 0
        repeatInterval = try c.decodeIfPresent(Int.self, forKey: .repeatInterval)
        pause = try c.decodeIfPresent(DeadlinePause.self, forKey: .pause)
        deadlineExtension = try c.decodeIfPresent(DeadlineExtension.self, forKey: .deadlineExtension)
        checkInCodes = try c.decodeIfPresent(CheckInCodes.self, forKey: .checkInCodes)
        duressAlert = try c.decodeIfPresent(ActiveAlert.self, forKey: .duressAlert)
        answerWindows = try c.decodeIfPresent([AnswerWindow].self, forKey: .answerWindows) ?? []
        drill = try c.decodeIfPresent(DrillRecord.self, forKey: .drill)
        timeZone = try c.decodeIfPresent(String.self, forKey: .timeZone)
        dailySchedule = try c.decodeIfPresent(DailySchedule.self, forKey: .dailySchedule)
        trip = try c.decodeIfPresent(Trip.self, forKey: .trip)
        quietHours = try c.decodeIfPresent(QuietHours.self, forKey: .quietHours)
        pastAlarms = try c.decodeIfPresent([PastAlarm].self, forKey: .pastAlarms) ?? []
        fanOuts = try c.decodeIfPresent([FanOut].self, forKey: .fanOuts) ?? []
        jobs = try c.decodeIfPresent([Job].self, forKey: .jobs) ?? []
        chainWatch = try c.decodeIfPresent(ChainWatch.self, forKey: .chainWatch)
    }

    /// A new account has no name until onboarding sets one.
    public var needsOnboarding: Bool { firstName.isEmpty || lastName.isEmpty }

    /// Whether either name is set; without one, `fullName` is the number.
    public var hasName: Bool { !firstName.isEmpty || !lastName.isEmpty }

    public var fullName: String { AccountName.fullName(first: firstName, last: lastName, phone: phoneNumber) }

    public var isAlertActive: Bool { alert != nil }

    /// When the current cycle began: the last check-in, or the end of a
    /// pause that came after it (the timer restarts there). Nil until the
    /// first check-in starts the timer.
    public var cycleStart: Date? {
        guard let lastCheckIn else { return nil }
        guard let pause, pause.until > lastCheckIn else { return lastCheckIn }
        return pause.until
    }

    /// The deadline the rules give, plus any extension of this cycle: the
    /// end of a trip in progress; else the daily schedule's deadline for
    /// this cycle; else one interval after the cycle began (also while the
    /// schedule's deadline for a new cycle is not yet worked out, which
    /// `DeadlineService` does whenever the timer changes).
    public var plannedDue: Date? {
        guard let start = cycleStart else { return nil }
        let extra = Double(deadlineExtension.flatMap { $0.cycleStart == start ? $0.seconds : nil } ?? 0)
        if let trip, trip.startedAt == start { return trip.due.addingTimeInterval(extra) }
        if let fixed = dailySchedule?.current, fixed.belongs(to: self) { return fixed.due.addingTimeInterval(extra) }
        return start.addingTimeInterval(Double(checkInInterval) + extra)
    }

    /// Whether the current cycle began with a check-in (rather than at the
    /// end of a pause).
    public var cycleBeganByCheckIn: Bool { cycleStart != nil && cycleStart == lastCheckIn }

    /// When the next check-in is due; nil until the first check-in starts the timer.
    /// A deadline whose miss the responders were told of stands until the
    /// next check-in, whatever the interval became since.
    public var nextCheckInDue: Date? {
        guard let start = cycleStart else { return nil }
        if let held = deadlines.heldDue, deadlines.cycleStart == start { return held }
        return plannedDue
    }

    /// When the grace period of the current deadline ends: responders are
    /// told from then on.
    public var graceEndsAt: Date? {
        nextCheckInDue.map { $0.addingTimeInterval(Double(graceInterval)) }
    }

    /// Late, as the account itself sees it: the deadline has passed.
    public func isOverdue(at now: Date) -> Bool {
        guard let due = nextCheckInDue else { return false }
        return now >= due
    }

    /// Overdue as responders see it: the grace period has ended too.
    public func isPastGrace(at now: Date) -> Bool {
        guard let ends = graceEndsAt else { return false }
        return now >= ends
    }

    /// Whether deadlines are paused at `now`.
    public func isPaused(at now: Date) -> Bool {
        guard let pause else { return false }
        return pause.startedAt <= now && now < pause.until
    }

    /// The alert responders see: the account's own, else one raised by the duress code.
    public var alertSeenByResponders: ActiveAlert? { alert ?? duressAlert }
}

/// An emergency alert that is currently raised.
public struct ActiveAlert: Codable, Sendable, Equatable {
    public var id: EntityID
    public var activatedAt: Date
    /// The responder who said they are handling it (`ack`), and when.
    public var acknowledgedBy: EntityID?
    public var acknowledgedAt: Date?
    /// Each responder's notice of it so far, for `report` once it ends
    /// (`Account.note(_:to:item:)`).
    public var notices: [PastNotice]

    public init(id: EntityID, activatedAt: Date) {
        self.id = id
        self.activatedAt = activatedAt
        notices = []
    }

    enum CodingKeys: String, CodingKey {
        case id, activatedAt, acknowledgedBy, acknowledgedAt, notices
    }

    /// The key of the fan-out that tells the responders of it (`FanOut`).
    public var fanOutKey: String { "alert:" + id.rawValue }

    /// An alert raised before its notices were kept has none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(EntityID.self, forKey: .id)
        activatedAt = try c.decode(Date.self, forKey: .activatedAt)
        acknowledgedBy = try c.decodeIfPresent(EntityID.self, forKey: .acknowledgedBy)
        acknowledgedAt = try c.decodeIfPresent(Date.self, forKey: .acknowledgedAt)
        notices = try c.decodeIfPresent([PastNotice].self, forKey: .notices) ?? []
    }

    /// The notices only when there are some, as the store's codec writes them.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(activatedAt, forKey: .activatedAt)
        try c.encodeIfPresent(acknowledgedBy, forKey: .acknowledgedBy)
        try c.encodeIfPresent(acknowledgedAt, forKey: .acknowledgedAt)
        if !notices.isEmpty { try c.encode(notices, forKey: .notices) }
    }
}
