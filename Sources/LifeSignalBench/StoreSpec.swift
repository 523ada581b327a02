/// The shape of one seeded store: how many accounts, how long the
/// benchmark user's feed is, and how many contacts the user has.
struct StoreSpec: Hashable {
    /// Accounts in the store, the benchmark user and their dependent included.
    var accounts: Int
    /// Items in the benchmark user's feed.
    var feedItems: Int
    /// The user's contacts; the first is always the dependent that `ping send` pings.
    var contacts: Int
    /// Accounts besides the user and their dependent whose deadline passed
    /// days ago and was never caught up (everyone due at once, after an outage).
    var overdue = 0
    /// Whether every other account's deadline falls in the same hour, a
    /// few hours ahead (a care home with one daily deadline), instead of
    /// spread over the day.
    var clustered = false
    /// Whether the other accounts are only their wakes in the schedule
    /// (`Seeder.seedWakes`): the largest stores, which whole accounts
    /// would take hours to seed.
    var wakesOnly = false
    /// Whether the store also holds accounts whose check-in reminders fall
    /// due one after another just after the pinned time, one for each run
    /// of `tick (one due)` (`FallingDue`).
    var fallingDue = false

    /// The label in the size column.
    var label: String {
        if contacts > 1 { return "\(Self.short(contacts)) contacts" }
        if overdue > 0 { return "\(Self.short(overdue)) due" }
        if wakesOnly { return "\(Self.short(accounts)) wakes" + (clustered ? " in one hour" : "") }
        if clustered { return "\(Self.short(accounts)) in one hour" }
        if accounts > 2 { return "\(Self.short(accounts)) accounts" }
        return "\(Self.short(feedItems)) items"
    }

    /// A name usable as a directory name.
    var directoryName: String {
        "store-a\(accounts)-f\(feedItems)-c\(contacts)-o\(overdue)" + (clustered ? "-clustered" : "")
            + (wakesOnly ? "-wakes" : "") + (fallingDue ? "-due" : "")
    }

    /// 1000 → "1k", 100000 → "100k".
    static func short(_ count: Int) -> String {
        count >= 1000 && count % 1000 == 0 ? "\(count / 1000)k" : "\(count)"
    }
}
