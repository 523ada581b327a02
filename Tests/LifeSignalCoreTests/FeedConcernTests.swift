import FoundationEssentials
@testable import LifeSignalCore
import Testing

/// What each notice is to its recipient (`FeedConcern`), and so which
/// switch may hold it back: an alarm about a dependent none, news about one
/// `dependentNews`, the rest the switch of its type.
struct FeedConcernTests {
    static let start = DeadlineEngineTests.start
    static let responder = DeadlineEngineTests.partner

    static func item(_ draft: FeedDraft) -> FeedItem {
        FeedItem(id: EntityID(randomBytes: Array(repeating: 7, count: 16)), index: 0, draft: draft, timestamp: start)
    }

    /// Every notice the deadline rules send, fired long after a deadline
    /// that followed a pause (and a repeat later), by recipient and title.
    @Test func theDeadlineRulesNoticesAreOwnForTheAccountAndAlarmsOrNewsForItsResponders() {
        var (account, links) = DeadlineEngineTests.account()
        account.pause = DeadlinePause(startedAt: Self.start, until: DeadlineEngineTests.at(1), reason: nil)
        let dues = DeadlineEngine.standard.evaluate(&account, responders: links, now: DeadlineEngineTests.at(400))
            + DeadlineEngine.standard.evaluate(&account, responders: links, now: DeadlineEngineTests.at(410))
        var seen: [String: FeedConcern] = [:]
        for due in dues {
            let who = due.notice.recipient == account.id ? "own" : "responder"
            seen["\(who): \(due.notice.draft.title)"] = FeedConcern(Self.item(due.notice.draft))
        }
        #expect(seen == [
            "own: Your pause has ended": .own, "responder: Ada L's pause has ended": .dependentNews,
            "own: You missed your check-in": .own, "responder: Ada L missed a check-in": .dependentAlarm,
            "responder: Ada L still has not checked in": .dependentAlarm,
        ], "\(seen)")
    }

    @Test func anAcknowledgementIsOwnForTheDependentAndNewsForTheOtherResponders() {
        let (ada, _) = DeadlineEngineTests.account()
        var bob = Account(id: Self.responder, phoneNumber: "+15550000002", qrCodeID: "qr2", createdAt: Self.start)
        bob.firstName = "Bob"
        let alert = ActiveAlert(id: EntityID(randomBytes: Array(repeating: 3, count: 16)), activatedAt: Self.start)
        for drafts in [AckService.missedDrafts(ada, by: bob), AckService.alertDrafts(ada, alert: alert, by: bob)] {
            #expect(drafts.own.map { FeedConcern(Self.item($0)) } == .own)
            #expect(FeedConcern(Self.item(drafts.others)) == .dependentNews)
        }
        #expect(FeedConcern(Self.item(DeadlineService.cannotBeWatched(ada.id, LifeSignalError.refused("x")))) == .dependentAlarm)
        #expect(FeedConcern(Self.item(DeadlineService.watchedAgain(ada))) == .dependentNews)
    }

    /// The switches against each concern: nothing holds back an alarm.
    @Test func noSwitchHoldsBackAnAlarmAboutADependent() {
        let ada = DeadlineEngineTests.account().0
        let alarm = Self.item(EscalationRule.missed(ada, due: Self.start))
        let news = Self.item(DeadlineService.watchedAgain(ada))
        let own = Self.item(FeedDraft(type: .checkIn, title: "Check-in reminder", message: ""))
        var quiet = NotificationPreferences()
        quiet.alerts = false
        quiet.pings = false
        quiet.checkIns = false
        quiet.contacts = false
        quiet.dependentNews = false
        #expect(quiet.delivers(alarm) && !quiet.delivers(news) && !quiet.delivers(own))
        var onlyNews = quiet
        onlyNews.dependentNews = true
        #expect(onlyNews.delivers(news) && !onlyNews.delivers(own))
        var onlyOwn = quiet
        onlyOwn.checkIns = true
        #expect(!onlyOwn.delivers(news) && onlyOwn.delivers(own))
    }
}
