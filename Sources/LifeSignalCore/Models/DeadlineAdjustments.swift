import FoundationEssentials

/// Deadlines suspended for a while (`checkin pause`): nobody is told of
/// deadlines until `until`, and the timer restarts there.
public struct DeadlinePause: Codable, Sendable, Equatable {
    public var startedAt: Date
    /// When it ends (or ended): `checkin resume` moves it to that moment.
    public var until: Date
    /// Why, as the account wrote it for its responders.
    public var reason: String?
    /// Whether `checkin resume` ended it before its planned end.
    public var endedEarly: Bool?

    public init(startedAt: Date, until: Date, reason: String?) {
        self.startedAt = startedAt
        self.until = until
        self.reason = reason
    }
}

/// Time added to one cycle's deadline (`checkin extend`); a new cycle (a
/// check-in, or the end of a pause) starts without it.
public struct DeadlineExtension: Codable, Sendable, Equatable {
    /// The cycle it belongs to (`Account.cycleStart`).
    public var cycleStart: Date
    /// Seconds added, in all.
    public var seconds: Int

    public init(cycleStart: Date, seconds: Int) {
        self.cycleStart = cycleStart
        self.seconds = seconds
    }
}

/// How long the recipient of a ping has to answer it (`ping send --within`),
/// kept with the recipient's account so its deadline schedule wakes it then.
public struct AnswerWindow: Codable, Sendable, Equatable {
    public var pingID: EntityID
    public var senderID: EntityID
    /// The sender's name when the ping was sent, for the notice to others.
    public var senderName: String
    public var sentAt: Date
    public var answerBy: Date
    /// Whether the recipient's other responders are told too when it passes.
    public var escalate: Bool

    public init(pingID: EntityID, senderID: EntityID, senderName: String, sentAt: Date, answerBy: Date, escalate: Bool) {
        self.pingID = pingID
        self.senderID = senderID
        self.senderName = senderName
        self.sentAt = sentAt
        self.answerBy = answerBy
        self.escalate = escalate
    }
}

/// The bounds of issue 14's settings, in seconds, in one place.
public enum DeadlineBounds {
    /// Grace after the deadline: none to a week.
    public static let grace = 0...(7 * 86_400)
    /// Repeats to responders: every 15 minutes at most, every week at least.
    public static let repeats = 900...(7 * 86_400)
    /// A responder's delay after the grace period: none to a week.
    public static let delay = 0...(7 * 86_400)
    /// `checkin extend`: the deadline may be pushed at most this far past now.
    public static let extendHorizon = 7 * 86_400
    /// `checkin pause`: at most this long from now.
    public static let pauseHorizon = 30 * 86_400
    /// A pause or an answer window lasts at least a minute.
    public static let shortest = 60
    /// `ping send --within`: a minute to a week.
    public static let answerWindow = 60...(7 * 86_400)
    /// Bytes a pause's reason may hold (it is shown to every responder).
    public static let maxReasonBytes = 200

    /// Refuses an end of `what` ("a pause", "a trip") less than `shortest`
    /// from `now` (invalid) or more than `pauseHorizon` (refused).
    static func requireEnd(_ end: Date, of what: String, now: Date) throws(LifeSignalError) {
        let earliest = now.addingTimeInterval(Double(shortest))
        let horizon = now.addingTimeInterval(Double(pauseHorizon))
        guard end >= earliest else {
            throw .invalid("\(what) must end at least \(DurationText.format(seconds: shortest)) from now "
                + "(\(ISO8601.format(end)) is not)")
        }
        guard end <= horizon else {
            throw .refused("\(what) may last at most \(DurationText.format(seconds: pauseHorizon)) "
                + "(until \(ISO8601.format(horizon))); \(ISO8601.format(end)) is later")
        }
    }
}
