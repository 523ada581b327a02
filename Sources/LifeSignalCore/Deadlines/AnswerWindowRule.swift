import FoundationEssentials

/// A ping sent with an answer window (`ping send --within`): when the window
/// passes unanswered, the sender is told once, and with `--escalate` the
/// recipient's other responders too. Standing: a check-in meanwhile does
/// not answer it, and it never fires twice.
public struct AnswerWindowRule: DeadlineRule {
    public init() {}

    public static let prefix = "answer:"

    public static func key(_ ping: EntityID) -> String { prefix + ping.rawValue }

    public static func title(_ account: Account) -> String { "\(account.fullName) has not answered your ping" }

    public func milestones(for subject: DeadlineSubject) -> [Milestone] {
        let account = subject.account
        let responders = subject.responders.map(\.contactID)
        return account.answerWindows.compactMap { window in
            // A sender who no longer watches over the account is told nothing of it.
            guard responders.contains(window.senderID) else { return nil }
            let others = window.escalate ? responders.filter { $0 != window.senderID } : []
            let within = DurationText.format(seconds: WholeSeconds.of(window.answerBy.timeIntervalSince(window.sentAt)))
            let sent = ISO8601.format(window.sentAt)
            let told = others.isEmpty ? "" : " Their other responders have been told too."
            let toSender = FeedDraft(
                type: .ping, title: Self.title(account),
                message: "You pinged \(account.fullName) at \(sent) and asked for an answer within \(within); none came.\(told)",
                relatedContactID: account.id, relatedPingID: window.pingID, isCritical: true)
            let toOthers = FeedDraft(
                type: .ping, title: "\(account.fullName) has not answered a ping",
                message: "\(window.senderName) pinged \(account.fullName) at \(sent) and asked for an answer within \(within); "
                    + "none came, and \(window.senderName) asked that you be told.",
                relatedContactID: account.id, relatedPingID: window.pingID, isCritical: true)
            return Milestone(key: Self.key(window.pingID), at: window.answerBy, isStanding: true) { _ in
                [Notice(window.senderID, toSender)] + others.map { Notice($0, toOthers) }
            }
        }
    }
}
