import FoundationEssentials
import TestSupport
import LifeSignalCore
@testable import LifeSignalStore

/// Every type of store data with a hand-written codec, populated and minimal.
/// A new stored property must be set in `populated` (the codec tests fail,
/// naming it, while it is nil or empty there) and known to the codec.
enum CodecSamples {
    static let all: [StoreCodecSample] = [
        StoreCodecSample(Account.StoreField.self, populated: account, minimal: minimalAccount),
        StoreCodecSample(ChainWatch.StoreField.self, populated: chainWatch, minimal: ChainWatch()),
        StoreCodecSample(WatchedCondition.StoreField.self, populated: chainWatch.unreached!, minimal: WatchedCondition()),
        StoreCodecSample(ActiveAlert.StoreField.self, populated: alert, minimal: ActiveAlert(id: id(3), activatedAt: date(3))),
        StoreCodecSample(FiredStep.StoreField.self, populated: firedStep,
                         minimal: FiredStep(key: "due", event: .due, at: date(14), firedAt: date(14), notices: [])),
        StoreCodecSample(NoticeRecord.StoreField.self, populated: NoticeRecord(recipient: id(15), toldAt: date(15), item: 7),
                         minimal: NoticeRecord(recipient: id(15))),
        StoreCodecSample(DeadlinePause.StoreField.self, populated: pause,
                         minimal: DeadlinePause(startedAt: date(16), until: date(17), reason: nil)),
        StoreCodecSample(DeadlineExtension.StoreField.self, populated: DeadlineExtension(cycleStart: date(18), seconds: 900),
                         minimal: DeadlineExtension(cycleStart: date(18), seconds: 0)),
        StoreCodecSample(DailySchedule.StoreField.self, populated: dailySchedule,
                         minimal: DailySchedule(deadline: DailyDeadline(time: TimeOfDay(hour: 0, minute: 0)!))),
        StoreCodecSample(CycleDue.StoreField.self, populated: CycleDue(cycleStart: date(19), byCheckIn: true, due: date(20)),
                         minimal: CycleDue(cycleStart: date(19), byCheckIn: false, due: date(19))),
        StoreCodecSample(Trip.StoreField.self, populated: Trip(startedAt: date(21), due: date(22), note: "ridge"),
                         minimal: Trip(startedAt: date(21), due: date(22), note: nil)),
        StoreCodecSample(Job.StoreField.self, populated: job,
                         minimal: Job(name: "b", every: 60, schedule: nil, grace: 0, maxRuntime: nil, createdAt: date(24))),
        StoreCodecSample(JobRun.StoreField.self, populated: jobRun,
                         minimal: JobRun(at: date(25), milliseconds: 0, exitStatus: 0, command: "")),
        StoreCodecSample(JobRunStart.StoreField.self, populated: JobRunStart(at: date(26), command: "backup.sh"),
                         minimal: JobRunStart(at: date(26), command: "")),
        StoreCodecSample(PastAlarm.StoreField.self, populated: pastAlarm,
                         minimal: PastAlarm(kind: .alert, at: date(23), notices: [])),
        StoreCodecSample(PastNotice.StoreField.self, populated: pastAlarm.notices[0],
                         minimal: PastNotice(recipient: id(2), dueAt: date(24), toldAt: nil, item: nil)),
        StoreCodecSample(AnswerWindow.StoreField.self, populated: answerWindow, minimal: answerWindow),
        StoreCodecSample(CheckInCodes.StoreField.self, populated: codes,
                         minimal: CheckInCodes(salt: "00", iterations: 1, codeHash: "", duressHash: "")),
        StoreCodecSample(NotificationPreferences.StoreField.self, populated: preferences, minimal: NotificationPreferences()),
        StoreCodecSample(DeadlineMarks.StoreField.self, populated: deadlines, minimal: DeadlineMarks()),
        StoreCodecSample(FeedItem.StoreField.self, populated: feedItem, minimal: minimalFeedItem),
        StoreCodecSample(FeedSummaryFile.StoreField.self, populated: summaryFile, minimal: FeedSummaryFile()),
        StoreCodecSample(FeedTypesFile.StoreField.self, populated: typesFile, minimal: FeedTypesFile()),
        StoreCodecSample(FeedIDEntry.StoreField.self, populated: FeedIDEntry(id: id(25), index: 4_242),
                         minimal: FeedIDEntry(id: id(25), index: 0)),
        StoreCodecSample(FeedSummary.StoreField.self, populated: summaryFile.summary, minimal: FeedSummary()),
        StoreCodecSample(DeliveryRetry.StoreField.self, populated: retry, minimal: retry),
        StoreCodecSample(CheckInRecord.StoreField.self, populated: CheckInRecord(timestamp: date(5), command: "ls -l \"x\""),
                    minimal: CheckInRecord(timestamp: date(5))),
        StoreCodecSample(AccountWake.StoreField.self, populated: AccountWake(at: date(6), unreadable: "accounts/x/account.json", toldThrough: id(6), told: 3),
                    minimal: AccountWake(at: date(6), unreadable: nil)),
        StoreCodecSample(OlderScheduleEntry.StoreField.self, populated: OlderScheduleEntry(accountID: id(7), at: date(7)),
                    minimal: OlderScheduleEntry(accountID: id(7), at: date(7))),
        StoreCodecSample(SessionRecord.StoreField.self,
                         populated: SessionRecord(accountID: id(8), createdAt: date(8), id: id(9), machine: "höst \"a\"",
                                                  lastUsedAt: date(9)),
                         minimal: SessionRecord(accountID: id(8), createdAt: date(8))),
        StoreCodecSample(EndedSession.StoreField.self,
                         populated: EndedSession(id: id(9), machine: "höst \"b\"", createdAt: date(8), lastUsedAt: date(9),
                                                 endedAt: date(10)),
                         minimal: EndedSession(id: id(9), machine: "", createdAt: date(8), lastUsedAt: date(8), endedAt: date(8))),
        StoreCodecSample(SignUpWindow.StoreField.self, populated: SignUpWindow(start: date(10), accounts: 3, codes: 7),
                         minimal: SignUpWindow(start: date(10))),
        StoreCodecSample(PendingLogin.StoreField.self, populated: login, minimal: loginFromBefore),
        StoreCodecSample(IndexEntry.StoreField.self, populated: IndexEntry(accountID: id(9)), minimal: IndexEntry(accountID: id(9))),
        StoreCodecSample(StoreMeta.StoreField.self, populated: meta, minimal: StoreMeta(createdAt: "2026-03-01T09:00:00Z", id: nil)),
        StoreCodecSample(ContactLink.StoreField.self, populated: link,
                         minimal: ContactLink(contactID: id(50), isResponder: true, isDependent: false, addedAt: date(50))),
        StoreCodecSample(Ping.StoreField.self, populated: ping, minimal: Ping(id: id(12), senderID: id(13), recipientID: id(14), sentAt: date(12))),
        StoreCodecSample(Invitation.StoreField.self, populated: invitation, minimal: minimalInvitation),
        StoreCodecSample(InvitationBook.StoreField.self, populated: book, minimal: InvitationBook()),
        StoreCodecSample(WaitingInvitations.StoreField.self, populated: WaitingInvitations(invitations: [invitation]),
                    minimal: WaitingInvitations(invitations: [])),
        StoreCodecSample(DeliverySetup.StoreField.self, populated: deliverySetup, minimal: DeliverySetup()),
        StoreCodecSample(DeliveryPlace.StoreField.self, populated: deliveryPlace, minimal: DeliveryPlace()),
        StoreCodecSample(AgentPresence.StoreField.self, populated: agent, minimal: agent),
        StoreCodecSample(LastLook.StoreField.self, populated: LastLook(at: date(60), by: .agent),
                         minimal: LastLook(at: date(60), by: .tick)),
    ]

    /// A distinct, valid ID per number.
    static func id(_ n: UInt8) -> EntityID { EntityID(randomBytes: Array(repeating: n, count: 16)) }
    /// A whole-second instant per number.
    static func date(_ n: Int) -> Date { Date(timeIntervalSince1970: 1_772_355_600 + Double(n) * 3_661) }

    static var account: Account {
        var account = minimalAccount
        account.lastCheckIn = date(2)
        account.alert = alert
        account.invitationWake = date(3)
        account.warnedUnwatchedAt = date(4)
        account.preferences = preferences
        account.deadlines = deadlines
        account.graceInterval = 1_800
        account.repeatInterval = 3_600
        account.pause = pause
        account.deadlineExtension = DeadlineExtension(cycleStart: date(2), seconds: 600)
        account.checkInCodes = codes
        account.duressAlert = alert
        account.answerWindows = [answerWindow]
        account.drill = DrillRecord(id: id(7), sentAt: date(5), notices: [DrillNotice(responder: id(2), item: id(8), index: 3)],
                                    acknowledgements: [DrillAcknowledgement(by: id(2), at: date(6))])
        account.timeZone = "America/Argentina/Buenos_Aires"
        account.dailySchedule = dailySchedule
        account.pastAlarms = [pastAlarm]
        account.chainWatch = chainWatch
        account.quietHours = QuietHours(start: TimeOfDay(hour: 22, minute: 30)!, end: TimeOfDay(hour: 7, minute: 0)!)
        account.trip = Trip(startedAt: date(21), due: date(22), note: "north ridge, car at the \"upper\" lot")
        var zoned = FeedDraft(type: .alert, title: "Emergency alert from Zoë", message: "Note: \"hi\"",
                              relatedContactID: id(1), relatedAlertID: id(7), isCritical: true,
                              duress: true, job: "backup", exitStatus: 1, allClear: true)
        zoned.zonedDue = ZonedDeadline(times: [date(26), date(27)], zone: "Europe/Madrid")
        account.fanOuts = [FanOut(key: "alert:" + id(7).rawValue, since: date(23), draft: zoned,
                                  owed: [id(2), id(3)], told: 5, unreachable: [id(4)])]
        account.jobs = [job]
        return account
    }

    static var job: Job {
        var job = Job(name: "nightly-backup_2", every: 3_600, schedule: dailySchedule, grace: 7_200, maxRuntime: 3_600,
                      createdAt: date(24))
        job.lastCheckIn = date(25)
        job.deadlines = deadlines
        job.runs = [jobRun, JobRun(at: date(27), milliseconds: 0, exitStatus: 0, command: "rsync")]
        job.running = JobRunStart(at: date(28), command: "backup.sh")
        job.failing = jobRun
        return job
    }

    static let jobRun = JobRun(at: date(25), milliseconds: 61_250, exitStatus: 3, command: "backup.sh",
                               output: "line \"one\"\nline two")

    static var minimalAccount: Account {
        var account = Account(id: id(1), phoneNumber: "+15550000001", qrCodeID: "ABCD-EFGH", createdAt: date(1))
        account.firstName = "Zoë"
        account.lastName = "O'Brien \"Bee\""
        account.emergencyNote = "Line one\nline two, tab\there, slash / and back\\slash"
        account.checkInInterval = 86_400
        account.reminderInterval = 3_600
        return account
    }

    static var preferences: NotificationPreferences {
        var preferences = NotificationPreferences()
        preferences.alerts = false
        preferences.checkIns = true
        preferences.contacts = false
        preferences.dependentNews = false
        preferences.pings = true
        return preferences
    }

    static var deadlines: DeadlineMarks {
        var marks = DeadlineMarks()
        marks.cycleStart = date(10)
        marks.cycleDue = date(11)
        marks.fired = ["reminder", "missed"]
        marks.heldDue = date(12)
        marks.owed = ["notice:\(id(4))"]
        marks.retryAt = date(13)
        marks.version = 2
        marks.occurrences = ["repeat:1": 3, "due": 1]
        marks.log = [firedStep]
        marks.acknowledgedBy = id(5)
        marks.acknowledgedAt = date(14)
        marks.standing = ["repeat"]
        return marks
    }

    static var feedItem: FeedItem {
        let draft = FeedDraft(type: .ping, title: "Bob pinged you 🛎", message: "Are you \"OK\"?\u{1}",
                              relatedContactID: id(20), relatedPingID: id(21), relatedAlertID: id(22), isCritical: true,
                              duress: true, acknowledgedBy: id(26), job: "backup", exitStatus: 2, allClear: true)
        var item = FeedItem(id: id(23), index: 41, draft: draft, timestamp: date(20))
        item.isRead = true
        item.readAt = date(21)
        item.deliveredAt = date(22)
        return item
    }

    static let chainWatch = ChainWatch(unreached: WatchedCondition(since: date(27), toldAt: date(27), spellTold: true, shownAt: date(28)),
                                       notifyFailing: WatchedCondition(since: nil, toldAt: date(29)))

    static var alert: ActiveAlert {
        var alert = ActiveAlert(id: id(2), activatedAt: date(2))
        alert.acknowledgedBy = id(6)
        alert.acknowledgedAt = date(3)
        alert.notices = [PastNotice(recipient: id(6), dueAt: date(2), toldAt: date(3), item: 4, acknowledgedAt: date(3))]
        return alert
    }

    static var pastAlarm: PastAlarm {
        PastAlarm(kind: .missedCheckIn, at: date(23),
                  notices: [PastNotice(recipient: id(2), dueAt: date(24), toldAt: date(25), item: 12, acknowledgedAt: date(26))])
    }

    static var dailySchedule: DailySchedule {
        var schedule = DailySchedule(deadline: DailyDeadline(time: TimeOfDay(hour: 9, minute: 30)!,
                                                             days: DaySet(bits: 0b0101_1011)!),
                                     zone: "Pacific/Chatham")
        schedule.current = CycleDue(cycleStart: date(19), byCheckIn: true, due: date(20))
        return schedule
    }

    static var pause: DeadlinePause {
        var pause = DeadlinePause(startedAt: date(16), until: date(17), reason: "hiking, no signal")
        pause.endedEarly = true
        return pause
    }

    static var codes: CheckInCodes {
        var codes = CheckInCodes(salt: "00112233445566778899aabbccddeeff", iterations: 60_000,
                                 codeHash: String(repeating: "a", count: 64), duressHash: String(repeating: "b", count: 64))
        codes.failures = 2
        codes.lockedUntil = date(5)
        return codes
    }

    static let firedStep = FiredStep(key: "repeat:1", event: .repeat, at: date(14), firedAt: date(15),
                                     notices: [NoticeRecord(recipient: id(15), toldAt: date(15), item: 7)])

    static let answerWindow = AnswerWindow(pingID: id(12), senderID: id(13), senderName: "Bob \"B\"", sentAt: date(12),
                                           answerBy: date(13), escalate: true)

    static var minimalFeedItem: FeedItem {
        FeedItem(id: id(24), index: 0, draft: FeedDraft(type: .checkIn, title: "t", message: ""), timestamp: date(21))
    }

    static let retry = DeliveryRetry(index: 3, attempts: 2, nextAttempt: date(30), command: String(repeating: "ab", count: 32))

    static var summaryFile: FeedSummaryFile {
        var file = FeedSummaryFile()
        file.summary.total = 250
        file.summary.unread = 7
        file.summary.nextIndex = 260
        file.summary.deliveredThrough = 255
        file.summary.retries = [retry]
        file.segmentSize = 100
        file.firstSegment = 1
        file.unreadSegments = [1, 2]
        file.idIndexDigits = 3
        return file
    }

    static var typesFile: FeedTypesFile {
        var file = FeedTypesFile()
        file.segments = ["checkIn": SegmentRanges(bounds: [1, 2, 5, 9]), "ping": SegmentRanges(bounds: [1, 1])]
        return file
    }

    static var login: PendingLogin {
        var login = PendingLogin(phoneNumber: "+15550000002", salt: "c2FsdA", codeHash: String(repeating: "f", count: 64),
                                 iterations: 100_000, sentAt: date(40), expiresAt: date(41), sendsInWindow: 2, windowStart: date(39))
        login.failedAttempts = 1
        return login
    }

    /// A pending code issued before codes recorded their rounds.
    static var loginFromBefore: PendingLogin {
        var before = login
        before.iterations = nil
        return before
    }

    static var meta: StoreMeta {
        var meta = StoreMeta(createdAt: "2026-03-01T09:00:00Z", id: String(repeating: "0123456789abcdef", count: 2))
        meta.simulatedTime = true
        meta.codeKey = String(repeating: "0123456789abcdef", count: 4)
        meta.codesToRename = true
        return meta
    }

    static let link = ContactLink(contactID: id(50), isResponder: true, isDependent: false, addedAt: date(50),
                                  responderDelay: 600, dependentDelay: 300)

    static var ping: Ping {
        var ping = Ping(id: id(12), senderID: id(13), recipientID: id(14), sentAt: date(12))
        ping.status = .responded
        ping.respondedAt = date(13)
        ping.answerBy = date(14)
        ping.escalate = true
        return ping
    }

    static var invitation: Invitation {
        var invitation = minimalInvitation
        invitation.status = .accepted
        invitation.respondedAt = date(61)
        return invitation
    }

    static var minimalInvitation: Invitation {
        Invitation(id: id(60), fromID: id(1), toPhoneNumber: "+15550000003", firstName: "Cy", lastName: "",
                   isResponder: true, isDependent: true, sentAt: date(60), expiresAt: date(70))
    }

    static var book: InvitationBook {
        var book = InvitationBook()
        book.sent = [invitation]
        var received = minimalInvitation
        received.id = id(62)
        book.received = [received]
        book.recentSends = [date(60), date(59)]
        return book
    }

    static let agent = AgentPresence(since: date(61), seenAt: date(62), host: "höst \"a\"")

    /// Agents and sign-ins keyed so that byte-wise and numeric orders differ
    /// ("10…" before "9…" byte-wise): the files sort keys byte-wise.
    static var deliveryPlace: DeliveryPlace {
        DeliveryPlace(notifyCommandSince: date(63),
                      agents: ["9" + String(repeating: "a", count: 31): agent,
                               "10" + String(repeating: "b", count: 30): AgentPresence(since: date(64), seenAt: date(65), host: "")],
                      lastRunAt: date(66), lastDeliveredAt: date(68), failingSince: date(69), failedAttempts: 3,
                      lastError: "the notify-command exited with status 7")
    }

    static var deliverySetup: DeliverySetup {
        DeliverySetup(places: ["9" + String(repeating: "c", count: 63): deliveryPlace,
                               "10" + String(repeating: "d", count: 62): DeliveryPlace(lastRunAt: date(67))])
    }
}
