import LifeSignalCore

/// Invitations in the store: each account's book in its own directory, and
/// what waits for a number without an account in a file named after it.
extension LayoutStore {
    public func invitations(of id: EntityID) throws -> InvitationBook {
        try load(InvitationBook.self, StoreLayout.invitations(id)) ?? InvitationBook()
    }

    public func waitingInvitations(for phoneNumber: String) throws -> [Invitation] {
        guard PhoneNumber.normalize(phoneNumber) == phoneNumber else { return [] }
        return try load(WaitingInvitations.self, StoreLayout.waitingInvitations(phoneNumber))?.invitations ?? []
    }

    public func saveInvitations(_ book: InvitationBook, of id: EntityID) throws {
        try store(book, StoreLayout.invitations(id))
    }

    public func setWaitingInvitations(_ invitations: [Invitation], for phoneNumber: String) throws {
        let path = StoreLayout.waitingInvitations(phoneNumber)
        if invitations.isEmpty { try remove(path) } else { try store(WaitingInvitations(invitations: invitations), path) }
    }
}

/// The file of invitations waiting for a number's first sign-in.
struct WaitingInvitations: Codable {
    var invitations: [Invitation]
}

extension Invitation: StoreIdentified { var storeID: EntityID { id } }

extension Invitation {
    /// What makes a stored invitation unusable, or nil.
    var validationProblem: String? {
        guard PhoneNumber.normalize(toPhoneNumber) == toPhoneNumber else { return "invitation \(id) has a bad phone number" }
        guard isResponder || isDependent else { return "invitation \(id) proposes no role" }
        guard expiresAt >= sentAt else { return "invitation \(id) expires before it was sent" }
        for name in [firstName, lastName] where !name.isEmpty && (try? ProfileRules.name(name, field: "name")) != name {
            return "invitation \(id) has a name that is not one clean line"
        }
        return nil
    }
}

extension InvitationBook: StoreValidatable {
    var validationProblem: String? {
        sent.validationProblem ?? received.validationProblem
            ?? (sent + received).lazy.compactMap(\.validationProblem).first
    }
}

extension WaitingInvitations: StoreValidatable {
    var validationProblem: String? {
        invitations.validationProblem ?? invitations.lazy.compactMap(\.validationProblem).first
    }
}
