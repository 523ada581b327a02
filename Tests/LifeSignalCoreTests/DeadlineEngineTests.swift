import FoundationEssentials
import LifeSignalCore
import Testing

/// The deadline engine's rules as pure logic: which milestones a deadline
/// has, and what one evaluation fires, however late it runs.
struct DeadlineEngineTests {
    static let start = Date(timeIntervalSince1970: 1_772_355_600) // 2026-03-01T09:00:00Z
    static let partner = EntityID(randomBytes: Array(repeating: 1, count: 16))
    static let neighbour = EntityID(randomBytes: Array(repeating: 2, count: 16))

    /// Checked in at `start`, interval 1d, reminder 2h, grace 1h, repeats
    /// every 6h; the partner told at once, the neighbour 2h later.
    static func account() -> (Account, [ContactLink]) {
        var account = Account(id: EntityID(randomBytes: Array(repeating: 9, count: 16)), phoneNumber: "+15550000001",
                              qrCodeID: "qr", createdAt: start)
        account.firstName = "Ada"
        account.lastName = "L"
        account.lastCheckIn = start
        account.graceInterval = 3600
        account.repeatInterval = 6 * 3600
        let links = [
            ContactLink(contactID: partner, isResponder: true, isDependent: false, addedAt: start),
            ContactLink(contactID: neighbour, isResponder: true, isDependent: false, addedAt: start, responderDelay: 7200),
        ]
        return (account, links)
    }

    static func at(_ hours: Double) -> Date { start.addingTimeInterval(hours * 3600) }

    @Test func aDeadlineHasEachStepAtItsTime() {
        let (account, links) = Self.account()
        let steps = DeadlineEngine.standard.milestones(for: account, responders: links).map { ($0.key, $0.at, $0.event) }
        let expected: [(String, Date, TimelineEvent?)] = [
            ("reminder", Self.at(22), .reminder), ("late", Self.at(24), .due), ("missed", Self.at(25), .notify),
            (EscalationRule.key(Self.partner), Self.at(25), .notify), (EscalationRule.key(Self.neighbour), Self.at(27), .notify),
            (RepeatRule.key(Self.partner), Self.at(31), .repeat), (RepeatRule.key(Self.neighbour), Self.at(33), .repeat),
        ]
        #expect(steps.map(\.0) == expected.map(\.0))
        #expect(steps.map(\.1) == expected.map(\.1))
        #expect(steps.map(\.2) == expected.map(\.2))
    }

    @Test(arguments: [
        // id, hours after the check-in when the one evaluation runs, recipients told (by name)
        ("before the reminder", 21.0, [String]()),
        ("the reminder", 22.5, ["self"]),
        ("late, in the grace period", 24.5, ["self"]),
        ("grace over: the partner", 25.5, ["self", "partner"]),
        ("everyone, a week late: one repeat each", 24.0 * 8, ["self", "partner", "neighbour"]),
    ])
    func oneLateEvaluationFiresEachStepOnce(id: String, hours: Double, told: [String]) {
        var (account, links) = Self.account()
        let names = [account.id: "self", Self.partner: "partner", Self.neighbour: "neighbour"]
        let dues = DeadlineEngine.standard.evaluate(&account, responders: links, now: Self.at(hours))
        #expect(Set(dues.map { names[$0.notice.recipient] ?? "?" }) == Set(told), "\(id)")
        // Repeats count from when each was told: not in the evaluation that told them.
        #expect(!dues.contains { $0.milestone.hasPrefix(RepeatRule.prefix) }, "\(id)")
        // Running again at the same moment fires nothing.
        #expect(DeadlineEngine.standard.evaluate(&account, responders: links, now: Self.at(hours)).isEmpty, "\(id)")
    }

    @Test func repeatsFireOnlyTheLatestOccurrenceThatPassed() {
        var (account, links) = Self.account()
        _ = DeadlineEngine.standard.evaluate(&account, responders: links, now: Self.at(30))
        let repeats = { (hours: Double) -> [String] in
            DeadlineEngine.standard.evaluate(&account, responders: links, now: Self.at(hours)).map(\.milestone)
        }
        // Both were told at 30h: repeats at 36h, 42h, ...; at 43h two had passed, one each is sent.
        #expect(repeats(43).sorted() == [RepeatRule.key(Self.partner), RepeatRule.key(Self.neighbour)].sorted())
        #expect(repeats(47).isEmpty)
        #expect(repeats(48).count == 2)
        #expect(DeadlineEngine.standard.nextWake(for: account, responders: links) == Self.at(54))
    }

    @Test func anAcknowledgementDropsTheStepsNotTakenAndTheRepeats() {
        var (account, links) = Self.account()
        _ = DeadlineEngine.standard.evaluate(&account, responders: links, now: Self.at(25.5))
        account.deadlines.acknowledgedBy = Self.partner
        let later = DeadlineEngine.standard.evaluate(&account, responders: links, now: Self.at(24 * 8))
        #expect(later.isEmpty, "\(later.map(\.milestone))")
        #expect(DeadlineEngine.standard.nextWake(for: account, responders: links) == nil)
    }

    @Test func aPauseStartsTheNextCycleAtItsEnd() {
        var (account, links) = Self.account()
        account.pause = DeadlinePause(startedAt: Self.at(1), until: Self.at(49), reason: nil)
        #expect(account.nextCheckInDue == Self.at(73))
        #expect(DeadlineEngine.standard.evaluate(&account, responders: links, now: Self.at(48)).isEmpty)
        let ended = DeadlineEngine.standard.evaluate(&account, responders: links, now: Self.at(49))
        #expect(ended.map(\.milestone) == Array(repeating: PauseEndRule.key, count: 3))
    }
}
