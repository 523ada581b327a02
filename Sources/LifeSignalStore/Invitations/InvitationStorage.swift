import LifeSignalCore

/// Invitations in the store: each account's book in its own directory, and
/// what waits for a number without an account in a file named after it.
extension LayoutStore {
    public func invitations(of id: EntityID) throws -> InvitationBook {
        try load(InvitationBook.self, StorePaths.invitations(id)) ?? InvitationBook()
    }

    public func waitingInvitations(for phoneNumber: String) throws -> [Invitation] {
        guard PhoneNumber.normalize(phoneNumber) == phoneNumber else { return [] }
        return try load(WaitingInvitations.self, StorePaths.waitingInvitations(phoneNumber))?.invitations ?? []
    }

    public func saveInvitations(_ book: InvitationBook, of id: EntityID) throws {
        try store(book, StorePaths.invitations(id))
    }

    public func setWaitingInvitations(_ invitations: [Invitation], for phoneNumber: String) throws {
        let path = StorePaths.waitingInvitations(phoneNumber)
        if invitations.isEmpty { try remove(path) } else { try store(WaitingInvitations(invitations: invitations), path) }
    }
}

/// The file of invitations waiting for a number's first sign-in.
package struct WaitingInvitations: Codable, Equatable {
    var invitations: [Invitation]
}
