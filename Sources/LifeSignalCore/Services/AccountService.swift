import FoundationEssentials

/// What the signed-in account does to itself: profile, check-ins,
/// intervals, QR code ID, alerts.
public struct AccountService {
    /// History kept per account; older check-ins are dropped.
    public static let historyLimit = 1000

    let store: any StoreWriting
    let env: CoreEnvironment
    let deadlines: DeadlineService

    public init(store: any StoreWriting, env: CoreEnvironment, engine: DeadlineEngine = DeadlineEngine()) {
        self.store = store
        self.env = env
        self.deadlines = DeadlineService(store: store, env: env, engine: engine)
    }

    var notifier: Notifier { Notifier(store: store, env: env) }

    public func updateProfile(_ account: inout Account, firstName: String?, lastName: String?, note: String?) throws {
        if let firstName { account.firstName = try ProfileRules.name(firstName, field: "first name") }
        if let lastName { account.lastName = try ProfileRules.name(lastName, field: "last name") }
        if let note { account.emergencyNote = try ProfileRules.note(note) }
        try store.save(account)
    }

    /// Whether the account's responders were told it missed its current deadline.
    public static func isMissedNotified(_ account: Account, engine: DeadlineEngine = DeadlineEngine()) -> Bool {
        engine.isMissedNotified(account)
    }

    /// What a check-in did besides recording itself.
    public struct CheckInOutcome: Sendable, Equatable {
        /// Responders were told the account had missed its deadline; they
        /// have now been told it is safe.
        public var toldSafe: Reach?
        /// Nobody watches over the account (no responders) and it has not
        /// been warned of that since it last was watched: say so, once.
        public var warnUnwatched: Bool
        /// The account's own files the check-in worked around (its contacts,
        /// history or schedule entry could not be read), as their failures say.
        public var damaged: [String] = []
        /// The account owes notices to many people after the check-in's
        /// transaction (`FanOut`: a duress alert, or its end), which its
        /// command hands out without a word, as a check-in says nothing of them.
        public var owesNotices = false
        /// Under duress with the duress alert still being handed out: the
        /// words of `toldSafe` are to be settled once it is (`SafeUnderDuress`).
        public var safeUnderDuress: SafeUnderDuress?
    }

    /// What the real code would have said of a check-in after a miss, when
    /// the duress code was used and its alert went past the check-in's own
    /// transaction. The real code tells every responder told of the miss
    /// that the account is safe before it reports, naming those whose
    /// files it could not use; the duress code tells nobody, so its command
    /// finishes the duress alert (to the same people, through the same
    /// files) and names those it could not reach among `toldOfMiss`.
    public struct SafeUnderDuress: Sendable, Equatable {
        /// The duress alert's fan-out (`FanOut.key`).
        public var alertKey: String
        /// The responders told of the miss, in the order the real code tells them.
        public var toldOfMiss: [EntityID]

        /// The reach the real code's "safe" notice would have had, when the
        /// duress alert could not reach `unreachable`.
        public func reach(unreachable: [EntityID]) -> Reach {
            let missed = Set(unreachable)
            var reach = Reach()
            reach.told = toldOfMiss.filter { !missed.contains($0) }
            reach.unreachable = toldOfMiss.filter { missed.contains($0) }
            return reach
        }
    }

    /// Records a check-in now. When the account had missed its deadline,
    /// the responders who were told are told it is safe, unless a duress
    /// alert stands: then nothing says "safe", and the outcome reads as it
    /// would have (`duressReach`: whom the duress alert of this very check-in
    /// reached), so nobody watching can tell.
    ///
    /// It works whenever the account itself can be read: its contacts, its
    /// history or its schedule entry that cannot be are worked around (the
    /// responders found from their side of each link, the check-in kept in
    /// the account alone) and named in the outcome.
    @discardableResult
    public func checkIn(_ account: inout Account, command: String? = nil, duressReach: Reach? = nil) throws -> CheckInOutcome {
        let found = try store.responders(of: account.id)
        var damaged = found.problem.map { [$0] } ?? []
        let responders = found.links
        let wasMissed = deadlines.engine.isMissedNotified(account)
        let told = deadlines.engine.toldResponders(account, responders: responders)
        if let missed = PastAlarm.missed(deadlines.engine.aligned(account)) { account.keep(missed, now: env.now) }
        account.lastCheckIn = env.now
        do {
            try store.isolated { store in
                try store.appendCheckIn(CheckInRecord(timestamp: env.now, command: command), of: account.id,
                                        keeping: Self.historyLimit)
            }
        } catch let failure as any UserFacingError where failure.isUnreadableFile {
            damaged.append(failure.message)
        }
        let watched = !responders.isEmpty
        let warn = !watched && account.warnedUnwatchedAt == nil
        account.warnedUnwatchedAt = watched ? nil : (account.warnedUnwatchedAt ?? env.now)
        if let problem = try deadlines.rescheduleDespiteDamage(&account, responders: responders) { damaged.append(problem) }
        var toldSafe: Reach?
        var safeUnderDuress: SafeUnderDuress?
        if wasMissed {
            if account.duressAlert != nil {
                let wording = SafeUnderDuress(alertKey: duressReach?.pending ?? "", toldOfMiss: told)
                toldSafe = wording.reach(unreachable: duressReach?.unreachable ?? [])
                if duressReach?.pending != nil { safeUnderDuress = wording }
            } else {
                toldSafe = try notifier.fanOut(from: &account, key: "safe:" + env.newID().rawValue, to: told, FeedDraft(
                    type: .checkIn, title: account.fullName + " is safe",
                    message: "\(account.fullName) checked in after missing a check-in.",
                    relatedContactID: account.id, allClear: true))
                if toldSafe?.pending != nil { try store.save(account) }
            }
        }
        return CheckInOutcome(toldSafe: toldSafe, warnUnwatched: warn, damaged: damaged,
                              owesNotices: account.owesNotices, safeUnderDuress: safeUnderDuress)
    }

    /// Sets the intervals, the grace period and the repeats. The new
    /// deadline counts at once: one already past fires now, a reminder
    /// already due is sent now. A deadline whose miss the responders were
    /// told of stands until the next check-in. A longer interval or grace
    /// period is told to the responders at once; returns whom that reached
    /// (nil when nothing lengthened).
    @discardableResult
    public func setIntervals(_ account: inout Account, checkIn: Int?, reminder: Int?, grace: Int? = nil,
                             repeats: IntervalRules.Repeats? = nil) throws -> Reach? {
        let before = account
        let result = try IntervalRules.apply(checkIn: checkIn, reminder: reminder,
                                             to: (account.checkInInterval, account.reminderInterval))
        if let grace { account.graceInterval = try IntervalRules.grace(grace) }
        if let repeats { account.repeatInterval = try IntervalRules.repeatInterval(repeats) }
        account.checkInInterval = result.checkIn
        account.reminderInterval = result.reminder
        try deadlines.reschedule(&account)
        guard let news = ScheduleWeakening.lengthened(from: before, to: account) else { return nil }
        return try tellResponders(&account, news)
    }

    /// Replaces the QR code ID; the old one stops resolving at once.
    public func refreshQRCode(_ account: inout Account) throws {
        var code = QRCodeID.generate(env.random)
        while try store.accountID(qrCodeID: code) != nil { code = QRCodeID.generate(env.random) }
        try store.setQRCodeIndex(account.qrCodeID, to: nil)
        try store.setQRCodeIndex(code, to: account.id)
        account.qrCodeID = code
        try store.save(account)
    }

    public func setPreferences(_ account: inout Account, _ preferences: NotificationPreferences) throws {
        account.preferences = preferences
        try store.save(account)
    }

    /// Raises an emergency alert; every responder is told, with the note:
    /// as many as this transaction carries, the rest in transactions of
    /// their own after it commits (`FanOut`; the reach is then pending).
    /// Never refused for want of a profile field: the phone number names
    /// an account that has no name yet.
    public func raiseAlert(_ account: inout Account) throws -> (alert: ActiveAlert, reach: Reach) {
        if let active = account.alert {
            throw LifeSignalError.refused("an alert is already active (raised \(ISO8601.format(active.activatedAt)))",
                                          hint: "lifesignal alert off")
        }
        let alert = ActiveAlert(id: env.newID(), activatedAt: env.now)
        account.alert = alert
        var message = "\(account.fullName) raised an emergency alert."
        if !account.emergencyNote.isEmpty { message += " Emergency note: \(account.emergencyNote)" }
        let reach = try notifier.fanOutToResponders(from: &account, key: alert.fanOutKey, FeedDraft(
            type: .alert, title: "Emergency alert from \(account.fullName)", message: message,
            relatedContactID: account.id, relatedAlertID: alert.id, isCritical: true))
        try store.save(account)
        return (alert, reach)
    }

    /// Cancels the active alert; every responder is told (as `raiseAlert`
    /// tells them, in bounded steps). An alert the
    /// duress code raised is not one the account can cancel: it answers
    /// as if none were active (someone may be watching), and only the real
    /// code or a responder's acknowledgement ends it.
    public func cancelAlert(_ account: inout Account) throws -> (alert: ActiveAlert, reach: Reach) {
        guard let alert = account.alert else {
            throw LifeSignalError.refused("no alert is active")
        }
        let reach = try notifier.fanOutToResponders(from: &account, key: "alert-off:" + alert.id.rawValue, FeedDraft(
            type: .alert, title: "\(account.fullName) cancelled their alert",
            message: "\(account.fullName) cancelled the emergency alert raised at \(ISO8601.format(alert.activatedAt)).",
            relatedContactID: account.id, relatedAlertID: alert.id))
        if let ended = account.alertSoFar { account.keep(ended, now: env.now) }
        account.alert = nil
        try store.save(account)
        return (alert, reach)
    }
}

extension AccountService {
    /// Tells the responders `news` of the account's own change (already
    /// saved), in bounded steps as an alert tells them (`FanOut`): the
    /// account is saved again when some are owed.
    func tellResponders(_ account: inout Account, _ news: FeedDraft) throws -> Reach {
        let reach = try notifier.fanOutToResponders(from: &account, key: "news:" + env.newID().rawValue, news)
        if reach.pending != nil { try store.save(account) }
        return reach
    }

    /// Where a notice to many people this account started stands
    /// (`Reach.pending`), after handing out what this transaction carries
    /// of it: its command asks until it is done, then reports the whole.
    public func fanOutOutcome(_ account: inout Account, key: String) throws -> Reach {
        try notifier.outcome(&account, key: key)
    }
}

/// Refuses actions that show the account's name to others until it has one.
public func requireName(_ account: Account) throws {
    if account.needsOnboarding { throw LifeSignalError.needsOnboarding }
}
