import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// `pastAlarms` in `account.json`: the receipts `report` summarises.
extension PastAlarm: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case at, kind, notices
        @usableFromInline
        static let names = JSONNames(["at", "kind", "notices"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> PastAlarm {
        let start = reader.valueStart()
        var at: Date?, kind: Kind?, notices: [PastNotice]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .at: at = try reader.readDate()
            case .kind: kind = try reader.readRawValue(Kind.self)
            case .notices: notices = try [PastNotice].read(from: &reader)
            }
        }
        return PastAlarm(kind: try present(kind, StoreField.kind, start), at: try present(at, StoreField.at, start),
                         notices: try present(notices, StoreField.notices, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.at.name, at)
        writer.member(StoreField.kind.name, kind.rawValue)
        writer.member(StoreField.notices.name, notices)
        writer.endObject()
    }
}

extension PastNotice: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case acknowledgedAt, dueAt, item, recipient, toldAt
        @usableFromInline
        static let names = JSONNames(["acknowledgedAt", "dueAt", "item", "recipient", "toldAt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> PastNotice {
        let start = reader.valueStart()
        var acknowledgedAt: Date?, dueAt: Date?, item: Int?, recipient: EntityID?, toldAt: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .acknowledgedAt: acknowledgedAt = try reader.readOptionalDate()
            case .dueAt: dueAt = try reader.readDate()
            case .item: item = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .recipient: recipient = try reader.readEntityID()
            case .toldAt: toldAt = try reader.readOptionalDate()
            }
        }
        return PastNotice(recipient: try present(recipient, StoreField.recipient, start),
                          dueAt: try present(dueAt, StoreField.dueAt, start), toldAt: toldAt, item: item,
                          acknowledgedAt: acknowledgedAt)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.acknowledgedAt.name, ifPresent: acknowledgedAt)
        writer.member(StoreField.dueAt.name, dueAt)
        if let item { writer.member(StoreField.item.name, item) }
        writer.member(StoreField.recipient.name, recipient)
        writer.member(StoreField.toldAt.name, ifPresent: toldAt)
        writer.endObject()
    }
}
