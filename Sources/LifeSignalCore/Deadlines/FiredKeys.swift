import ByteKeyed
import FoundationEssentials

/// The keys of the milestones fired in the current cycle, for an evaluation
/// that asks about them again and again: with a milestone per responder, a
/// scan of the marks' list at every question would make a deadline of a
/// thousand responders cost a billion comparisons. A short list is scanned
/// as it is (building a table costs more than that).
struct FiredKeys {
    private var table: ByteKeyedTable<Void>?
    /// How many of the marks' fired keys the table holds.
    private var counted = 0

    /// Fired keys up to which the list is scanned as it is.
    static let listLimit = 16

    init(_ marks: DeadlineMarks) { update(marks) }

    /// Takes in the keys fired since the last look (firing only appends).
    mutating func update(_ marks: DeadlineMarks) {
        guard marks.fired.count > Self.listLimit else {
            table = nil
            counted = 0
            return
        }
        var current = table ?? ByteKeyedTable()
        if counted > marks.fired.count {
            current = ByteKeyedTable()
            counted = 0
        }
        for key in marks.fired[counted...] { current.insert(key) }
        table = current
        counted = marks.fired.count
    }

    /// `DeadlineMarks.hasFired`, answered from the table when there is one.
    func contains(_ key: String, _ marks: DeadlineMarks) -> Bool {
        guard let table else { return marks.hasFired(key) }
        return table.contains(key) || (key.hasPrefix(EscalationRule.prefix) && table.contains(EscalationRule.everyone))
    }
}

/// When each milestone of the log last fired, for rules that ask it of
/// every responder (`DeadlineMarks.firedAt` scans the log): a table once the
/// log is longer than a few steps.
struct FiredTimes {
    private var table: ByteKeyedTable<Date>?

    init(_ marks: DeadlineMarks) {
        guard marks.log.count > FiredKeys.listLimit else { return }
        var times = ByteKeyedTable<Date>()
        for step in marks.log { times[step.key] = step.firedAt }
        table = times
    }

    /// `DeadlineMarks.firedAt`, answered from the table when there is one.
    func firedAt(_ key: String, _ marks: DeadlineMarks) -> Date? {
        guard let table else { return marks.firedAt(key) }
        return table[key]
    }
}
