import LifeSignalApp
import LifeSignalCore

/// A role change or removal that leaves nobody watching you: asked first on
/// a terminal, and said afterwards (as `checkin` says it).
enum UnwatchedText {
    /// The name of `contact` when they are your only responder, else nil.
    static func lastResponder(_ contact: String, store: LayoutStore, owner: EntityID) throws -> String? {
        let found = try ContactDirectory(store: store).resolve(contact, owner: owner)
        guard found.link.isResponder, try store.contacts(of: owner).filter(\.isResponder).count == 1 else { return nil }
        return ContactText.name(found)
    }

    /// Whether the change just made to `changed` (once a responder) left you none.
    static func leftUnwatched(by changed: ContactView, store: LayoutStore, owner: EntityID) throws -> Bool {
        try changed.link.isResponder && !store.contacts(of: owner).contains(where: \.isResponder)
    }

    static func onlyResponder(_ name: String) -> String {
        "\(name) is your only responder: after this, nobody is told if you miss a check-in or raise an alert."
    }

    /// On stderr, even with --quiet or --json: a missed check-in would reach nobody.
    static func warn(_ c: Context) {
        c.err.line("warning: " + CheckInText.unwatched)
        c.hint(ReachText.addResponder)
    }
}
