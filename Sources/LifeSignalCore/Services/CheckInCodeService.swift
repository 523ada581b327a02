import FoundationEssentials

/// Check-in codes and the duress code: setting them, clearing them, and
/// checking a code typed for a check-in.
///
/// The duress code does everything the real one does, with the same words,
/// and also raises an alert that only the responders see: whoever forces a
/// check-in sees nothing different. The real code ends that alert. A wrong
/// code changes nothing but the count that rate-limits guessing.
public struct CheckInCodeService {
    let store: any StoreWriting
    let env: CoreEnvironment

    public init(store: any StoreWriting, env: CoreEnvironment) {
        self.store = store
        self.env = env
    }

    /// The outcome of a typed code. A refusal is an outcome, not a thrown
    /// error, so the count of wrong codes is committed with it.
    public enum Verdict: Sendable {
        /// Accepted. `duress` says whom the duress alert reached when it
        /// was the duress code (for the check-in's own report), nil when real.
        case accepted(duress: Reach?)
        case refused(LifeSignalError)
    }

    /// Checks `typed` against the account's codes and records the attempt.
    /// While too many wrong codes lock it, every code is refused alike; the
    /// duress code still raises its alert.
    public func verify(_ typed: String, account: inout Account) throws -> Verdict {
        guard var codes = account.checkInCodes else {
            return .refused(.refused("no check-in code is set", hint: "lifesignal checkin code set"))
        }
        let match = CheckInCodeRules.match(typed, against: codes)
        let duress = match == .duress ? try raiseDuressAlert(&account) : nil
        if let locked = codes.lockedUntil, env.now < locked {
            try store.save(account)
            return .refused(Self.locked(until: locked, now: env.now))
        }
        switch match {
        case .real, .duress:
            codes.failures = 0
            codes.lockedUntil = nil
            account.checkInCodes = codes
            try store.save(account)
            if match == .real, let standing = account.duressAlert { try endDuressAlert(&account, standing) }
            return .accepted(duress: duress)
        case .wrong:
            codes.failures += 1
            let wait = CheckInCodeRules.lockout(afterFailures: codes.failures)
            codes.lockedUntil = wait > 0 ? env.now.addingTimeInterval(Double(wait)) : nil
            account.checkInCodes = codes
            try store.save(account)
            let left = CheckInCodeRules.freeAttempts - codes.failures
            let more = left > 0 ? " (\(left) more before you have to wait)"
                : "; wait \(DurationText.format(seconds: wait)) before trying again"
            return .refused(.refused("wrong check-in code" + more))
        }
    }

    /// Sets new codes. When codes are set already, `current` must be one of
    /// them (the duress code works, raising its alert).
    public func set(code: String, duress: String, current: String?, account: inout Account) throws -> Verdict {
        let fresh = try CheckInCodeRules.make(code: code, duress: duress, random: env.random)
        var verdict = Verdict.accepted(duress: nil)
        if account.checkInCodes != nil {
            verdict = try verify(try required(current), account: &account)
            guard case .accepted = verdict else { return verdict }
        }
        account.checkInCodes = fresh
        try store.save(account)
        return verdict
    }

    /// Clears the codes; `current` must be one of them.
    public func clear(current: String?, account: inout Account) throws -> Verdict {
        guard account.checkInCodes != nil else { return .accepted(duress: nil) }
        let verdict = try verify(try required(current), account: &account)
        guard case .accepted = verdict else { return verdict }
        account.checkInCodes = nil
        try store.save(account)
        return verdict
    }

    /// Raises (or raises again) the alert of the duress code: every
    /// responder is told, with the emergency note, marked as under duress,
    /// in bounded steps as any alert (`FanOut`: the rest are handed out
    /// after this transaction, by whoever comes next, silently: nothing of
    /// it shows on the account's own side).
    func raiseDuressAlert(_ account: inout Account) throws -> Reach {
        let alert = account.duressAlert ?? ActiveAlert(id: env.newID(), activatedAt: env.now)
        account.duressAlert = alert
        var message = "\(account.fullName) used their duress code at \(ISO8601.format(env.now)): someone may be forcing them "
            + "to say they are fine. Treat this as an emergency, and do not answer through lifesignal, which they may be "
            + "made to show. Their own screen shows nothing of this alert; a message that they are safe may be forced too."
        if !account.emergencyNote.isEmpty { message += " Emergency note: \(account.emergencyNote)" }
        let reach = try Notifier(store: store, env: env).fanOutToResponders(
            from: &account, key: "duress:" + alert.id.rawValue + ":" + env.newID().rawValue, FeedDraft(
                type: .alert, title: "Emergency alert from \(account.fullName) (duress code)", message: message,
                relatedContactID: account.id, relatedAlertID: alert.id, isCritical: true, duress: true))
        try store.save(account)
        return reach
    }

    /// The real code ends the duress alert: the responders are told (the
    /// account's own views never showed it, so they show nothing now).
    private func endDuressAlert(_ account: inout Account, _ alert: ActiveAlert) throws {
        account.duressAlert = nil
        _ = try Notifier(store: store, env: env).fanOutToResponders(from: &account, key: "duress-off:" + alert.id.rawValue, FeedDraft(
            type: .alert, title: "\(account.fullName)'s duress alert is over",
            message: "\(account.fullName) used their real check-in code at \(ISO8601.format(env.now)), which ends the duress "
                + "alert raised at \(ISO8601.format(alert.activatedAt)). Check on them all the same.",
            relatedContactID: account.id, relatedAlertID: alert.id))
        try store.save(account)
    }

    private func required(_ current: String?) throws(LifeSignalError) -> String {
        guard let current else {
            throw .refused("your current check-in code is needed to change the codes",
                           hint: "give it in LIFESIGNAL_CHECKIN_CODE, or run this on a terminal")
        }
        return current
    }

    static func locked(until: Date, now: Date) -> LifeSignalError {
        .refused("too many wrong check-in codes: try again in \(RelativeTime.span(seconds: WholeSeconds.of(until.timeIntervalSince(now).rounded(.up)))) "
            + "(at \(ISO8601.format(until)))")
    }
}
