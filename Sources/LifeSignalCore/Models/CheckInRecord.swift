import FoundationEssentials

/// One check-in in an account's history.
public struct CheckInRecord: Codable, Sendable, Equatable {
    public var timestamp: Date
    /// The command whose success produced this check-in, if any.
    public var command: String?

    public init(timestamp: Date, command: String? = nil) {
        self.timestamp = timestamp
        self.command = command
    }
}
