import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// An account's latest drill, inside `account.json`.
extension DrillRecord: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case acknowledgements, id, notices, sentAt
        @usableFromInline
        static let names = JSONNames(["acknowledgements", "id", "notices", "sentAt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DrillRecord {
        let start = reader.valueStart()
        var id: EntityID?, sentAt: Date?, notices: [DrillNotice]?, acknowledgements: [DrillAcknowledgement]?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .acknowledgements: acknowledgements = try [DrillAcknowledgement].read(from: &reader)
            case .id: id = try reader.readEntityID()
            case .notices: notices = try [DrillNotice].read(from: &reader)
            case .sentAt: sentAt = try reader.readDate()
            }
        }
        return DrillRecord(id: try present(id, StoreField.id, start), sentAt: try present(sentAt, StoreField.sentAt, start),
                           notices: try present(notices, StoreField.notices, start),
                           acknowledgements: try present(acknowledgements, StoreField.acknowledgements, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.acknowledgements.name, acknowledgements)
        writer.member(StoreField.id.name, id)
        writer.member(StoreField.notices.name, notices)
        writer.member(StoreField.sentAt.name, sentAt)
        writer.endObject()
    }

    @usableFromInline
    package var validationProblem: String? {
        guard notices.count <= Self.maxNotices, acknowledgements.count <= Self.maxNotices else {
            return "its drill lists impossibly many responders"
        }
        guard notices.allSatisfy({ $0.index >= 0 }) else { return "its drill names an impossible feed position" }
        return nil
    }
}

extension DrillNotice: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case index, item, responder
        @usableFromInline
        static let names = JSONNames(["index", "item", "responder"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DrillNotice {
        let start = reader.valueStart()
        var index: Int?, item: EntityID?, responder: EntityID?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .index: index = try reader.readInt()
            case .item: item = try reader.readEntityID()
            case .responder: responder = try reader.readEntityID()
            }
        }
        return DrillNotice(responder: try present(responder, StoreField.responder, start),
                           item: try present(item, StoreField.item, start), index: try present(index, StoreField.index, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.index.name, index)
        writer.member(StoreField.item.name, item)
        writer.member(StoreField.responder.name, responder)
        writer.endObject()
    }
}

extension DrillAcknowledgement: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case at, by
        @usableFromInline
        static let names = JSONNames(["at", "by"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DrillAcknowledgement {
        let start = reader.valueStart()
        var at: Date?, by: EntityID?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .at: at = try reader.readDate()
            case .by: by = try reader.readEntityID()
            }
        }
        return DrillAcknowledgement(by: try present(by, StoreField.by, start), at: try present(at, StoreField.at, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.at.name, at)
        writer.member(StoreField.by.name, by)
        writer.endObject()
    }
}
