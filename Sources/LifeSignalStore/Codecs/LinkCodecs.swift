import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// An element of `contacts.json`; a contact appears once.
extension ContactLink: StoreFileElement {
    enum StoreField: String, CaseIterable {
        case addedAt, contactID, dependentDelay, isDependent, isResponder, responderDelay
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> ContactLink {
        let start = reader.valueStart()
        var contactID: EntityID?, isResponder: Bool?, isDependent: Bool?, addedAt: Date?
        var responderDelay: Int?, dependentDelay: Int?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
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

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.addedAt.rawValue, addedAt)
        writer.member(StoreField.contactID.rawValue, contactID)
        if dependentDelay != 0 { writer.member(StoreField.dependentDelay.rawValue, dependentDelay) }
        writer.member(StoreField.isDependent.rawValue, isDependent)
        writer.member(StoreField.isResponder.rawValue, isResponder)
        if responderDelay != 0 { writer.member(StoreField.responderDelay.rawValue, responderDelay) }
        writer.endObject()
    }

    package var uniqueID: EntityID? { contactID }
}

/// An element of `pings.json`; a ping appears once.
extension Ping: StoreFileElement {
    enum StoreField: String, CaseIterable {
        case answerBy, escalate, id, recipientID, respondedAt, senderID, sentAt, status
    }

    static let storeFields = StoreField.allCases
    static let storeNames = JSONNames(StoreField.allCases.map { $0.rawValue })

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> Ping {
        let start = reader.valueStart()
        var id: EntityID?, senderID: EntityID?, recipientID: EntityID?, sentAt: Date?, status: Status?, respondedAt: Date?
        var answerBy: Date?, escalate: Bool?
        try reader.readFields(storeFields, storeNames) { reader, field throws(JSONReadError) in
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

    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.answerBy.rawValue, ifPresent: answerBy)
        if escalate { writer.member(StoreField.escalate.rawValue, escalate) }
        writer.member(StoreField.id.rawValue, id)
        writer.member(StoreField.recipientID.rawValue, recipientID)
        writer.member(StoreField.respondedAt.rawValue, ifPresent: respondedAt)
        writer.member(StoreField.senderID.rawValue, senderID)
        writer.member(StoreField.sentAt.rawValue, sentAt)
        writer.member(StoreField.status.rawValue, status.rawValue)
        writer.endObject()
    }

    package var uniqueID: EntityID? { id }
}
