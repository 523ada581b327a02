import LifeSignalCore

/// Data that decodes but cannot be right: checked right after decoding, so
/// a hostile or damaged file is reported (exit 7, its path named) instead of
/// crashing or hanging a command later.
protocol StoreValidatable {
    /// What is wrong, or nil when the value is usable.
    var validationProblem: String? { get }
}

extension Account: StoreValidatable {
    var validationProblem: String? {
        guard IntervalRules.checkInBounds.contains(checkInInterval) else { return "checkInInterval \(checkInInterval) is out of range" }
        guard IntervalRules.reminderBounds.contains(reminderInterval), reminderInterval < checkInInterval else {
            return "reminderInterval \(reminderInterval) is out of range"
        }
        // One deadline has a handful of milestones and a notice per responder.
        let marks = deadlines
        guard marks.fired.count <= 10_000, marks.owed.count <= 10_000, marks.log.count <= 10_000,
              marks.occurrences.count <= 10_000, marks.standing.count <= 10_000 else {
            return "its deadline marks are impossibly long"
        }
        guard marks.occurrences.values.allSatisfy({ (0...10_000_000).contains($0) }) else {
            return "its deadline marks count impossible repeats"
        }
        guard DeadlineBounds.grace.contains(graceInterval) else { return "graceInterval \(graceInterval) is out of range" }
        if let repeats = repeatInterval, !DeadlineBounds.repeats.contains(repeats) {
            return "repeatInterval \(repeats) is out of range"
        }
        guard answerWindows.count <= 10_000 else { return "it holds impossibly many answer windows" }
        if let codes = checkInCodes {
            guard (1...10_000_000).contains(codes.iterations), codes.failures >= 0,
                  Hex.decode(codes.salt) != nil else { return "its check-in codes are impossible" }
        }
        if let extra = deadlineExtension, !(0...(365 * 86_400)).contains(extra.seconds) {
            return "its deadline extension is out of range"
        }
        return nil
    }
}

extension FeedSummaryFile: StoreValidatable {
    /// Items a feed may span from its oldest kept segment to its newest.
    static let maximumSpan = 10_000_000

    var validationProblem: String? {
        let s = summary
        guard (1...10_000).contains(segmentSize) else { return "segmentSize \(segmentSize) is out of range" }
        guard s.nextIndex >= 0, firstSegment >= 0, s.total >= 0, (0...max(s.total, 0)).contains(s.unread),
              (0...s.nextIndex).contains(s.deliveredThrough) else { return "its counts are impossible" }
        guard s.retries.count <= s.deliveredThrough,
              Set(s.retries.map(\.index)).count == s.retries.count,
              s.retries.allSatisfy({ (0..<s.deliveredThrough).contains($0.index) && $0.attempts >= 1 }) else {
            return "its delivery retries are impossible"
        }
        guard firstSegment <= s.nextIndex / segmentSize + 1,
              s.nextIndex - firstSegment * segmentSize <= Self.maximumSpan else { return "nextIndex \(s.nextIndex) is out of range" }
        return nil
    }
}

extension Array: StoreValidatable where Element: StoreIdentified {
    var validationProblem: String? {
        var seen = Set<EntityID>(minimumCapacity: count)
        for element in self where !seen.insert(element.storeID).inserted {
            return "\(element.storeID) appears twice"
        }
        return nil
    }
}

/// Items whose IDs must be unique within their file.
protocol StoreIdentified {
    var storeID: EntityID { get }
}

extension ContactLink: StoreIdentified { var storeID: EntityID { contactID } }
extension Ping: StoreIdentified { var storeID: EntityID { id } }
extension FeedItem: StoreIdentified { var storeID: EntityID { id } }

extension DeliverySetup: StoreValidatable {
    /// Sign-ins one account may have recorded, and agents on one of them.
    static let maximumPlaces = 1000
    static let maximumAgents = 100
    /// Longest machine name kept, in bytes (a host name is at most 255).
    static let maximumHost = 255

    var validationProblem: String? {
        guard places.count <= Self.maximumPlaces else { return "it names \(places.count) sign-ins, more than \(Self.maximumPlaces)" }
        for (session, place) in places {
            guard Self.isHex(session, length: 64) else { return "\(quoted(String(session.prefix(80)))) is not a sign-in" }
            guard place.agents.count <= Self.maximumAgents else { return "it names \(place.agents.count) agents on one sign-in" }
            for (id, agent) in place.agents {
                guard Self.isHex(id, length: 32) else { return "\(quoted(String(id.prefix(80)))) is not an agent" }
                guard agent.host.utf8.count <= Self.maximumHost else { return "an agent's machine name is too long" }
            }
        }
        return nil
    }

    static func isHex(_ text: String, length: Int) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
