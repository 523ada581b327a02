import FoundationEssentials

/// What the deadline engine has already done for the current deadline, so
/// that each milestone happens exactly once per deadline.
public struct DeadlineMarks: Codable, Sendable, Equatable {
    /// The deadline the fired keys belong to; a new deadline starts afresh.
    public var cycleDue: Date?
    /// Keys of the milestones already fired (or skipped) for `cycleDue`.
    public var fired: [String] = []

    public init() {}

    public func hasFired(_ key: String, forDue due: Date) -> Bool {
        cycleDue == due && fired.contains(key)
    }
}
