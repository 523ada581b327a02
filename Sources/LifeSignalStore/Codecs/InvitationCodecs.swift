import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// An invitation as both copies keep it; an invitation appears once in a list.
extension Invitation: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case expiresAt, firstName, fromID, id, isDependent, isResponder, lastName, respondedAt, sentAt, status
        case toPhoneNumber
        @usableFromInline
        static let names = JSONNames(["expiresAt", "firstName", "fromID", "id", "isDependent", "isResponder",
                                    "lastName", "respondedAt", "sentAt", "status", "toPhoneNumber"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> Invitation {
        let start = reader.valueStart()
        var id: EntityID?, fromID: EntityID?, toPhoneNumber: String?, firstName: String?, lastName: String?
        var isResponder: Bool?, isDependent: Bool?, sentAt: Date?, expiresAt: Date?, status: Status?, respondedAt: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .expiresAt: expiresAt = try reader.readDate()
            case .firstName: firstName = try reader.readString()
            case .fromID: fromID = try reader.readEntityID()
            case .id: id = try reader.readEntityID()
            case .isDependent: isDependent = try reader.readBool()
            case .isResponder: isResponder = try reader.readBool()
            case .lastName: lastName = try reader.readString()
            case .respondedAt: respondedAt = try reader.readOptionalDate()
            case .sentAt: sentAt = try reader.readDate()
            case .status: status = try reader.readRawValue(Status.self)
            case .toPhoneNumber: toPhoneNumber = try reader.readString()
            }
        }
        var invitation = Invitation(id: try present(id, StoreField.id, start), fromID: try present(fromID, StoreField.fromID, start),
                                    toPhoneNumber: try present(toPhoneNumber, StoreField.toPhoneNumber, start),
                                    firstName: try present(firstName, StoreField.firstName, start),
                                    lastName: try present(lastName, StoreField.lastName, start),
                                    isResponder: try present(isResponder, StoreField.isResponder, start),
                                    isDependent: try present(isDependent, StoreField.isDependent, start),
                                    sentAt: try present(sentAt, StoreField.sentAt, start),
                                    expiresAt: try present(expiresAt, StoreField.expiresAt, start))
        invitation.status = try present(status, StoreField.status, start)
        invitation.respondedAt = respondedAt
        return invitation
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.expiresAt.name, expiresAt)
        writer.member(StoreField.firstName.name, firstName)
        writer.member(StoreField.fromID.name, fromID)
        writer.member(StoreField.id.name, id)
        writer.member(StoreField.isDependent.name, isDependent)
        writer.member(StoreField.isResponder.name, isResponder)
        writer.member(StoreField.lastName.name, lastName)
        writer.member(StoreField.respondedAt.name, ifPresent: respondedAt)
        writer.member(StoreField.sentAt.name, sentAt)
        writer.member(StoreField.status.name, status.rawValue)
        writer.member(StoreField.toPhoneNumber.name, toPhoneNumber)
        writer.endObject()
    }

    @usableFromInline
    package var uniqueID: EntityID? { id }

    /// What makes a stored invitation unusable, or nil.
    @usableFromInline
    package var validationProblem: String? {
        guard PhoneNumber.normalize(toPhoneNumber) == toPhoneNumber else { return "invitation \(id) has a bad phone number" }
        guard isResponder || isDependent else { return "invitation \(id) proposes no role" }
        guard expiresAt >= sentAt else { return "invitation \(id) expires before it was sent" }
        for name in [firstName, lastName] where !name.isEmpty && (try? ProfileRules.name(name, field: "name")) != name {
            return "invitation \(id) has a name that is not one clean line"
        }
        return nil
    }
}

/// `invitations.json` of an account: its invitations both ways.
extension InvitationBook: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case received, recentSends, sent
        @usableFromInline
        static let names = JSONNames(["received", "recentSends", "sent"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> InvitationBook {
        let start = reader.valueStart()
        var sent: [Invitation]?, received: [Invitation]?, recentSends: [Date]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .received: received = try [Invitation].read(from: &reader)
            case .recentSends: recentSends = try reader.readDates()
            case .sent: sent = try [Invitation].read(from: &reader)
            }
        }
        var book = InvitationBook()
        book.sent = try present(sent, StoreField.sent, start)
        book.received = try present(received, StoreField.received, start)
        book.recentSends = try present(recentSends, StoreField.recentSends, start)
        return book
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.received.name, received)
        writer.member(StoreField.recentSends.name, recentSends)
        writer.member(StoreField.sent.name, sent)
        writer.endObject()
    }

    @usableFromInline
    package var validationProblem: String? {
        sent.validationProblem ?? received.validationProblem
    }
}

/// `invitations/<number>.json`: what waits for a number's first sign-in.
extension WaitingInvitations: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case invitations
        @usableFromInline
        static let names = JSONNames(["invitations"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> WaitingInvitations {
        let start = reader.valueStart()
        var invitations: [Invitation]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .invitations: invitations = try [Invitation].read(from: &reader)
            }
        }
        return WaitingInvitations(invitations: try present(invitations, StoreField.invitations, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.invitations.name, invitations)
        writer.endObject()
    }

    @usableFromInline
    package var validationProblem: String? { invitations.validationProblem }
}
