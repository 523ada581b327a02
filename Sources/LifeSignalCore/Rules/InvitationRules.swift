import FoundationEssentials

/// The limits that keep invitations from being used to flood anyone, and
/// how long they and their answers are kept.
public enum InvitationRules {
    /// An invitation left unanswered this long expires (the inviter is told).
    public static let lifetime: TimeInterval = 30 * 86_400
    /// Invitations one account may send within `sendWindow`.
    public static let maxSendsPerWindow = 10
    public static let sendWindow: TimeInterval = 86_400
    /// Invitations one account may have waiting for an answer at once.
    public static let maxPendingSent = 20
    /// Invitations one number may have waiting for its answer at once,
    /// from everyone together.
    public static let maxPendingReceived = 20
    /// How long expiry waits before looking again at invitations it could not read.
    public static let recheckDelay: TimeInterval = 3600
    /// Answered and expired invitations stay listed this long, then go.
    public static let keepSettled: TimeInterval = 30 * 86_400
    /// And at most this many of them per list, the newest kept.
    public static let maxSettledKept = 100

    /// `list` without settled invitations older than `keepSettled`, and
    /// without the oldest settled ones beyond `maxSettledKept`; pending
    /// ones always stay. Order is kept.
    public static func pruned(_ list: [Invitation], now: Date) -> [Invitation] {
        let cutoff = now.addingTimeInterval(-keepSettled)
        var kept = list.filter { invitation in
            guard let settled = invitation.settledAt else { return true }
            return settled > cutoff
        }
        let settled = kept.filter { !$0.isPending }
        if settled.count > maxSettledKept {
            let dropped = Set(settled.sorted { ($0.settledAt ?? $0.sentAt) < ($1.settledAt ?? $1.sentAt) }
                .prefix(settled.count - maxSettledKept).map(\.id))
            kept.removeAll { dropped.contains($0.id) }
        }
        return kept
    }

    /// The book as it should be stored at `now`: settled invitations pruned,
    /// sends outside the window forgotten.
    public static func pruned(_ book: InvitationBook, now: Date) -> InvitationBook {
        var book = book
        book.sent = pruned(book.sent, now: now)
        book.received = pruned(book.received, now: now)
        let windowStart = now.addingTimeInterval(-sendWindow)
        book.recentSends = book.recentSends.filter { $0 > windowStart && $0 <= now }
        return book
    }

    /// A phone number as an invitee sees the inviter's before accepting:
    /// only its last two digits (`+•••••••••67`), enough to tell two
    /// people of the same name apart, too little to call them.
    public static func maskedPhone(_ e164: String) -> String {
        let digits = e164.utf8.filter { (48...57).contains($0) }
        guard digits.count > 2 else { return "+" + String(repeating: "•", count: digits.count) }
        return "+" + String(repeating: "•", count: digits.count - 2) + String(decoding: digits.suffix(2), as: UTF8.self)
    }
}
