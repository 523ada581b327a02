import ByteKeyed
import FoundationEssentials

/// How an account's notifications reach it beyond its feed, as the store
/// learns it when it happens: per sign-in, whether a notify command is set
/// there, which agents run there, and when delivery last ran there. The
/// people the account watches over read it to know who would hear of an
/// alarm at once and who only the next time they run lifesignal.
public struct DeliverySetup: Codable, Sendable, Equatable {
    /// Per sign-in, by the hash of its session token (the name of its
    /// session record in the store): a notify command is a setting of one
    /// machine and one person's files, and so is an agent. A
    /// `ByteKeyedTable`, not a Dictionary: `tick` and `status` read set-ups,
    /// and a process's first String-keyed hash table costs a conformance scan.
    public var places: ByteKeyedTable<DeliveryPlace>

    public init(places: ByteKeyedTable<DeliveryPlace> = ByteKeyedTable()) {
        self.places = places
    }

    enum CodingKeys: String, CodingKey { case places }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        places = try container.decodeIfPresent(ByteKeyedTable<DeliveryPlace>.self, forKey: .places) ?? ByteKeyedTable()
    }
}

/// Delivery on one sign-in.
public struct DeliveryPlace: Codable, Sendable, Equatable {
    /// When a notify command was set there; nil while none is.
    public var notifyCommandSince: Date?
    /// The agents running there, by a random ID each makes when it starts.
    public var agents: ByteKeyedTable<AgentPresence>
    /// When delivery last ran there: `tick` or the agent (`notifications
    /// follow` leaves no record).
    public var lastRunAt: Date?
    /// When the notify command there last took an item (exited 0).
    public var lastDeliveredAt: Date?
    /// Since when every try of the notify command there failed, and how
    /// many tries; nil and 0 once one succeeds (or the command changes).
    public var failingSince: Date?
    public var failedAttempts: Int
    /// The last failure, one line (at most `maximumError` bytes).
    public var lastError: String?

    /// Longest `lastError` kept, in bytes.
    public static let maximumError = 200

    public init(notifyCommandSince: Date? = nil, agents: ByteKeyedTable<AgentPresence> = ByteKeyedTable(), lastRunAt: Date? = nil,
                lastDeliveredAt: Date? = nil, failingSince: Date? = nil, failedAttempts: Int = 0, lastError: String? = nil) {
        self.notifyCommandSince = notifyCommandSince
        self.agents = agents
        self.lastRunAt = lastRunAt
        self.lastDeliveredAt = lastDeliveredAt
        self.failingSince = failingSince
        self.failedAttempts = failedAttempts
        self.lastError = lastError
    }

    enum CodingKeys: String, CodingKey {
        case notifyCommandSince, agents, lastRunAt, lastDeliveredAt, failingSince, failedAttempts, lastError
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notifyCommandSince = try container.decodeIfPresent(Date.self, forKey: .notifyCommandSince)
        agents = try container.decodeIfPresent(ByteKeyedTable<AgentPresence>.self, forKey: .agents) ?? ByteKeyedTable()
        lastRunAt = try container.decodeIfPresent(Date.self, forKey: .lastRunAt)
        lastDeliveredAt = try container.decodeIfPresent(Date.self, forKey: .lastDeliveredAt)
        failingSince = try container.decodeIfPresent(Date.self, forKey: .failingSince)
        failedAttempts = try container.decodeIfPresent(Int.self, forKey: .failedAttempts) ?? 0
        lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
    }

    /// The failure fields only when they say something, as the store's codec writes them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(notifyCommandSince, forKey: .notifyCommandSince)
        try container.encode(agents, forKey: .agents)
        try container.encodeIfPresent(lastRunAt, forKey: .lastRunAt)
        try container.encodeIfPresent(lastDeliveredAt, forKey: .lastDeliveredAt)
        try container.encodeIfPresent(failingSince, forKey: .failingSince)
        if failedAttempts != 0 { try container.encode(failedAttempts, forKey: .failedAttempts) }
        try container.encodeIfPresent(lastError, forKey: .lastError)
    }

    /// Nothing left worth keeping.
    public var isEmpty: Bool {
        notifyCommandSince == nil && agents.isEmpty && lastRunAt == nil && lastDeliveredAt == nil && failingSince == nil
    }

    /// The notify command there took an item at `time`: it works.
    public mutating func delivered(at time: Date) {
        lastDeliveredAt = time
        failingSince = nil
        failedAttempts = 0
        lastError = nil
    }

    /// The notify command there failed at `time`, as `error` says (cut to
    /// one line of at most `maximumError` bytes).
    public mutating func failed(at time: Date, error: String) {
        failingSince = failingSince ?? time
        failedAttempts += 1
        var line = error.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        while line.utf8.count > Self.maximumError { line.removeLast() }
        lastError = line
    }

    /// A new command (or none) starts with a clean record.
    mutating func forgetFailures() {
        failingSince = nil
        failedAttempts = 0
        lastError = nil
    }
}

/// A running agent, as its last heartbeat left it.
public struct AgentPresence: Codable, Sendable, Equatable {
    public var since: Date
    /// Renewed every `Keeping.heartbeat`; an agent not seen for
    /// `Keeping.agentLiveness` is taken for gone (killed, or its machine off).
    public var seenAt: Date
    /// The machine it runs on, for its owner's own view.
    public var host: String

    public init(since: Date, seenAt: Date, host: String) {
        self.since = since
        self.seenAt = seenAt
        self.host = host
    }

    public func isLive(at now: Date) -> Bool {
        now.timeIntervalSince(seenAt) < Keeping.agentLiveness
    }
}

/// Whether an account hears of a notification beyond its feed, as the
/// people it watches over are shown it.
public enum DeliveryReach: String, Sendable, Equatable, CaseIterable {
    /// An agent runs for it (and hands items to its notify command, when one is set).
    case agent
    /// A notify command is set; it runs when `tick` (cron) or `follow` does.
    case notifyCommand
    /// Neither: it sees notifications only the next time it runs lifesignal.
    case none
}

extension DeliverySetup {
    /// What the setup amounts to at `now`, counting only the sign-ins in
    /// `liveSessions` (a sign-in that ended delivers nothing).
    public func reach(at now: Date, liveSessions: ByteKeyedTable<Void>) -> DeliveryReach {
        let live = places.filter { liveSessions.contains($0.key) }.values
        if live.contains(where: { place in place.agents.values.contains { $0.isLive(at: now) } }) { return .agent }
        if live.contains(where: { $0.notifyCommandSince != nil }) { return .notifyCommand }
        return .none
    }

    /// When delivery last ran on any of the sign-ins in `liveSessions`.
    public func lastRun(liveSessions: ByteKeyedTable<Void>) -> Date? {
        places.filter { liveSessions.contains($0.key) }.values.compactMap(\.lastRunAt).max()
    }
}

/// The store's note of the last time an agent or `tick` brought its
/// deadlines up to date: when none has for longer than a reminder, nothing
/// fires on time (only when somebody happens to run lifesignal).
public struct LastLook: Codable, Sendable, Equatable {
    public var at: Date
    public var by: Keeper

    public init(at: Date, by: Keeper) {
        self.at = at
        self.by = by
    }
}

/// What keeps a store's deadlines on time.
public enum Keeper: String, Codable, Sendable, Equatable, CaseIterable {
    case agent, tick
}

/// The rhythm of keeping a store: how often the agent says it is alive and
/// how often a look is written down.
public enum Keeping {
    /// How often a running agent renews its presence and the store's last look.
    public static let heartbeat: TimeInterval = 60
    /// An agent not seen for this long is taken for gone: three heartbeats missed.
    public static let agentLiveness: TimeInterval = 3 * heartbeat
    /// A look is written down only when the one recorded is older than this,
    /// so that `tick` from cron does not write at every run.
    public static let lookRefresh: TimeInterval = 60
}
