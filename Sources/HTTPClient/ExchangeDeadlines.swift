import NetworkIO

/// The two bounds on an exchange: each read or write must make progress
/// within `io`, and the whole exchange must end by `overall`.
public struct ExchangeDeadlines: Sendable {
    public var overall: Deadline
    public var io: Duration

    public init(overall: Deadline, io: Duration) {
        self.overall = overall
        self.io = io
    }

    /// The deadline for the next read or write.
    func nextIO() -> Deadline { min(overall, .after(io)) }

    /// A timeout's message says which bound it hit.
    func explain(_ error: NetworkError) -> NetworkError {
        guard error.kind == .timedOut else { return error }
        let which = overall.hasPassed ? "the time allowed for the request ran out" : "nothing arrived for \(io.wholeMilliseconds) ms"
        return NetworkError(.timedOut, "\(error.message) (\(which))")
    }
}
