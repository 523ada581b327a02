import FoundationEssentials

/// How many sign-ups a store takes in a day: new accounts, and codes sent
/// to numbers without one (each leaves a pending code in the store).
///
/// A store is shared by a circle of people; a circle does not grow by
/// dozens a day, and every account is a voice that can notify others, so
/// a member who scripted sign-ups could otherwise outnumber every limit
/// that is kept per account (`FeedRetention`).
public struct SignUpLimits: Sendable, Equatable {
    public var accountsPerDay: Int
    public var newNumberCodesPerDay: Int

    public init(accountsPerDay: Int, newNumberCodesPerDay: Int) {
        self.accountsPerDay = accountsPerDay
        self.newNumberCodesPerDay = newNumberCodesPerDay
    }

    public static let standard = SignUpLimits(accountsPerDay: 20, newNumberCodesPerDay: 60)

    /// The length of a store's day of sign-ups.
    public static let day: TimeInterval = 86_400

    /// The window that counts at `now`: `window`, or a new day once it is over.
    static func current(_ window: SignUpWindow?, at now: Date) -> SignUpWindow {
        guard let window, now >= window.start, now.timeIntervalSince(window.start) < day else { return SignUpWindow(start: now) }
        return window
    }

    /// The refusal when a day's allowance is used up.
    static func refusal(_ what: String, _ window: SignUpWindow) -> LifeSignalError {
        .refused("this store has taken \(what) today, as many as it takes in a day; "
                 + "try again after \(ISO8601.format(window.start.addingTimeInterval(day)))")
    }
}
