import FoundationEssentials

/// Who may delete a sign-in notice: a session that began before the
/// sign-in it reports.
///
/// Whoever signs in as you (with a code shown on their terminal, on a shared
/// store) could otherwise delete the "New sign-in" notice their own sign-in
/// put in your feed, and leave no trace. The session a notice reports began
/// when the notice was written, so it cannot delete it; nor can any later
/// session (whoever signed in twice would delete the first notice from the
/// second session, and the second from the first). The sessions you had
/// before can; later ones leave it in the feed, where it can be read.
public enum SignInNoticeRules {
    /// Whether `session` may delete `item`.
    public static func mayDelete(_ item: FeedItem, from session: SessionRecord) -> Bool {
        item.type != .signIn || session.createdAt < item.timestamp
    }

    /// The refusal for deleting such a notice by its ID.
    public static let refusal = LifeSignalError.refused(
        "a sign-in notice can be deleted only from a session that began before that sign-in, and this one did not",
        hint: "lifesignal sessions")
}
