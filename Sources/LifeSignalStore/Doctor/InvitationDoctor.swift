import LifeSignalCore

/// The doctor's look at invitations: every file decodes, and each pending
/// invitation an account sent has its copy where the invitee finds it.
extension DoctorRun {
    mutating func examineInvitations(of id: EntityID) {
        let path = StorePaths.invitations(id)
        guard let book = decode(InvitationBook.self, path) else { return }
        for invitation in book.sent where invitation.isPending {
            if invitation.fromID != id {
                error(path, "lists invitation \(invitation.id) as sent, but it is from \(invitation.fromID)", DoctorAdvice.crossReference)
            } else if let copy = inviteeCopy(of: invitation), copy?.status != invitation.status {
                error(path, "its invitation \(invitation.id) is \(invitation.status.rawValue), but the invitee's copy is "
                      + (copy.map { $0.status.rawValue } ?? "missing"), DoctorAdvice.crossReference)
            }
        }
    }

    /// Each file of invitations waiting for a number decodes, holds only
    /// invitations to that number, and finds each in its sender's book.
    mutating func examineWaitingInvitations() {
        for name in (try? files.list("invitations")) ?? [] where name.hasSuffix(".json") {
            let path = "invitations/" + name
            guard let waiting = decode(WaitingInvitations.self, path) else { continue }
            for invitation in waiting.invitations {
                guard invitation.toPhoneNumber == "+" + name.dropLast(5) else {
                    error(path, "holds invitation \(invitation.id) to another number, \(invitation.toPhoneNumber)",
                          DoctorAdvice.crossReference)
                    continue
                }
                let sent = ((try? store.invitations(of: invitation.fromID)) ?? InvitationBook()).sent
                if !sent.contains(where: { $0.id == invitation.id }) {
                    error(path, "holds invitation \(invitation.id), which its sender \(invitation.fromID) does not list",
                          DoctorAdvice.crossReference)
                }
            }
        }
    }

    /// The invitee's copy: `.some(nil)` when it should exist and does not;
    /// nil when the invitee's files cannot be read (reported on their own).
    private func inviteeCopy(of invitation: Invitation) -> Invitation?? {
        do {
            if let invitee = try store.accountID(phoneNumber: invitation.toPhoneNumber) {
                return .some(try store.invitations(of: invitee).received.first { $0.id == invitation.id })
            }
            return .some(try store.waitingInvitations(for: invitation.toPhoneNumber).first { $0.id == invitation.id })
        } catch {
            return nil
        }
    }
}
