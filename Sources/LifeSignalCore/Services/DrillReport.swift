import FoundationEssentials

/// What became of a drill's notice at one responder: told, handed to their
/// delivery, read, acknowledged, or why not.
public struct DrillOutcome: Sendable {
    /// Why a responder's delivery did not take the notice.
    public enum Shortfall: String, Sendable {
        /// Their files could not be read or written when it was sent, or
        /// they became a responder after it.
        case notTold
        /// Neither a notify command nor an agent: it waits in their feed.
        case noDelivery
        /// Set up, but no agent runs and no `tick` ran lately.
        case notRunning
        /// Their notify command fails at every try.
        case failing
        /// Their files cannot be read now.
        case unreadable
        /// Delivery looks set up and running, but had not taken it yet.
        case notYetDelivered
    }

    public var reach: ResponderReach
    public var toldAt: Date?
    public var deliveredAt: Date?
    public var readAt: Date?
    public var acknowledgedAt: Date?

    /// Their delivery took the notice.
    public var tookIt: Bool { deliveredAt != nil }

    /// Why not, nil when it did.
    public var shortfall: Shortfall? {
        if tookIt { return nil }
        if reach.unreadable != nil { return .unreadable }
        guard toldAt != nil else { return .notTold }
        switch reach.health.state {
        case .none: return .noDelivery
        case .notRunning: return .notRunning
        case .failing: return .failing
        case .working: return .notYetDelivered
        }
    }

    /// Whether waiting longer could change the answer: only while their
    /// delivery is set up and the notice still waits for it.
    public var mayStillChange: Bool {
        switch shortfall {
        case .notYetDelivered?, .notRunning?, .failing?: true
        default: false
        }
    }
}

/// A drill's outcome at every responder of the account, in the order of
/// its contacts (found from their side when its contacts file cannot be read).
public struct DrillReport: Sendable {
    public var record: DrillRecord
    public var outcomes: [DrillOutcome]

    /// Every responder's delivery took the notice (and there was one).
    public var reachedEveryone: Bool { !outcomes.isEmpty && outcomes.allSatisfy(\.tookIt) }

    /// Reads the notices where the drill left them.
    public init(_ record: DrillRecord, of account: Account, store: any StoreReading, now: Date) throws {
        self.record = record
        outcomes = try store.responders(of: account.id).links.map { link in
            let reach = try ResponderReach(link, of: account.id, alarm: nil, store: store, now: now)
            var outcome = DrillOutcome(reach: reach)
            outcome.acknowledgedAt = record.acknowledgement(by: link.contactID)
            guard reach.unreadable == nil, let notice = record.notices.first(where: { $0.responder == link.contactID }) else {
                return outcome
            }
            outcome.toldAt = record.sentAt
            do {
                if let item = try store.feedItem(of: link.contactID, index: notice.index), item.id == notice.item {
                    outcome.deliveredAt = item.deliveredAt
                    outcome.readAt = item.readAt
                }
            } catch let failure as any UserFacingError where failure.isUnreadableFile {
                outcome.reach.unreadable = failure.message
            }
            return outcome
        }
    }
}
