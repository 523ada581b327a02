import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// An element of `contacts.json`; a contact appears once.
extension ContactLink: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case addedAt, contactID, dependentDelay, isDependent, isResponder, responderDelay
        @usableFromInline
        static let names = JSONNames(["addedAt", "contactID", "dependentDelay", "isDependent", "isResponder",
                                    "responderDelay"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> ContactLink {
        let start = reader.valueStart()
        var contactID: EntityID?, isResponder: Bool?, isDependent: Bool?, addedAt: Date?
        var responderDelay: Int?, dependentDelay: Int?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .dependentDelay: dependentDelay = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .responderDelay: responderDelay = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .addedAt: addedAt = try reader.readDate()
            case .contactID: contactID = try reader.readEntityID()
            case .isDependent: isDependent = try reader.readBool()
            case .isResponder: isResponder = try reader.readBool()
            }
        }
        return ContactLink(contactID: try present(contactID, StoreField.contactID, start),
                           isResponder: try present(isResponder, StoreField.isResponder, start),
                           isDependent: try present(isDependent, StoreField.isDependent, start),
                           addedAt: try present(addedAt, StoreField.addedAt, start),
                           responderDelay: responderDelay ?? 0, dependentDelay: dependentDelay ?? 0)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.addedAt.name, addedAt)
        writer.member(StoreField.contactID.name, contactID)
        if dependentDelay != 0 { writer.member(StoreField.dependentDelay.name, dependentDelay) }
        writer.member(StoreField.isDependent.name, isDependent)
        writer.member(StoreField.isResponder.name, isResponder)
        if responderDelay != 0 { writer.member(StoreField.responderDelay.name, responderDelay) }
        writer.endObject()
    }

    @usableFromInline
    package var uniqueID: EntityID? { contactID }
}

/// An element of `pings.json`; a ping appears once.
extension Ping: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case answerBy, escalate, id, recipientID, respondedAt, senderID, sentAt, status
        @usableFromInline
        static let names = JSONNames(["answerBy", "escalate", "id", "recipientID", "respondedAt", "senderID",
                                    "sentAt", "status"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> Ping {
        let start = reader.valueStart()
        var id: EntityID?, senderID: EntityID?, recipientID: EntityID?, sentAt: Date?, status: Status?, respondedAt: Date?
        var answerBy: Date?, escalate: Bool?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .answerBy: answerBy = try reader.readOptionalDate()
            case .escalate: escalate = try reader.readOptionalBool()
            case .id: id = try reader.readEntityID()
            case .recipientID: recipientID = try reader.readEntityID()
            case .respondedAt: respondedAt = try reader.readOptionalDate()
            case .senderID: senderID = try reader.readEntityID()
            case .sentAt: sentAt = try reader.readDate()
            case .status: status = try reader.readRawValue(Status.self)
            }
        }
        var ping = Ping(id: try present(id, StoreField.id, start), senderID: try present(senderID, StoreField.senderID, start),
                        recipientID: try present(recipientID, StoreField.recipientID, start),
                        sentAt: try present(sentAt, StoreField.sentAt, start))
        ping.status = try present(status, StoreField.status, start)
        ping.respondedAt = respondedAt
        ping.answerBy = answerBy
        ping.escalate = escalate ?? false
        return ping
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.answerBy.name, ifPresent: answerBy)
        if escalate { writer.member(StoreField.escalate.name, escalate) }
        writer.member(StoreField.id.name, id)
        writer.member(StoreField.recipientID.name, recipientID)
        writer.member(StoreField.respondedAt.name, ifPresent: respondedAt)
        writer.member(StoreField.senderID.name, senderID)
        writer.member(StoreField.sentAt.name, sentAt)
        writer.member(StoreField.status.name, status.rawValue)
        writer.endObject()
    }

    @usableFromInline
    package var uniqueID: EntityID? { id }
}
