import FoundationEssentials

/// A one-off deadline with a note for the responders (`trip start 2h30m
/// --note "Hiking the north ridge"`): starting it is a check-in, and until
/// the next check-in (or `trip end`, which is one) the account is due at
/// the trip's end instead of its regular deadline. Missed, the note reaches
/// the responders with the emergency note.
public struct Trip: Codable, Sendable, Equatable {
    /// When it started: the check-in that began its cycle.
    public var startedAt: Date
    /// When the account is due back.
    public var due: Date
    /// What the responders should know if it is missed, as the account wrote it.
    public var note: String?

    public init(startedAt: Date, due: Date, note: String?) {
        self.startedAt = startedAt
        self.due = due
        self.note = note
    }
}

extension Account {
    /// The trip in progress: one started with the current cycle (any later
    /// check-in, or the end of a pause, ends it).
    public var tripInProgress: Trip? {
        guard let trip, trip.startedAt == cycleStart else { return nil }
        return trip
    }
}
