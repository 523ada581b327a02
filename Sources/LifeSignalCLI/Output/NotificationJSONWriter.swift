import FoundationEssentials
import LifeSignalCore
import StrictJSON

/// One notification as the one-line JSON object of
/// `JSONViews.notification(item).rendered(pretty: false)`, written straight
/// into an output buffer.
///
/// The whole-feed listing writes one for each of up to 100,000 items, and
/// building a `JSONValue` tree and a String for each cost more than reading
/// the feed. The shape stays defined by `JSONViews`; the tests check that
/// this writer produces the same bytes.
enum NotificationJSONWriter {
    static func append(_ item: FeedItem, to out: inout [UInt8]) {
        literal("{\"id\":", &out)
        JSONString.append(item.id.rawValue, to: &out)
        literal(",\"type\":", &out)
        JSONString.append(item.type.rawValue, to: &out)
        literal(",\"title\":", &out)
        JSONString.append(item.title, to: &out)
        literal(",\"message\":", &out)
        JSONString.append(item.message, to: &out)
        literal(",\"timestamp\":\"", &out)
        ISO8601.append(item.timestamp, to: &out)
        literal("\",\"isRead\":", &out)
        literal(item.isRead ? "true" : "false", &out)
        literal(",\"relatedContactID\":", &out)
        id(item.relatedContactID, &out)
        literal(",\"relatedPingID\":", &out)
        id(item.relatedPingID, &out)
        literal(",\"relatedAlertID\":", &out)
        id(item.relatedAlertID, &out)
        if item.duress { literal(",\"duress\":true", &out) }
        if item.allClear { literal(",\"allClear\":true", &out) }
        if let by = item.acknowledgedBy {
            literal(",\"acknowledgedBy\":", &out)
            id(by, &out)
        }
        if item.type == .test { literal(",\"test\":true", &out) }
        if let job = item.job {
            literal(",\"job\":", &out)
            JSONString.append(job, to: &out)
        }
        if let status = item.exitStatus {
            literal(",\"exitStatus\":", &out)
            out.append(contentsOf: String(status).utf8)
        }
        out.append(UInt8(ascii: "}"))
    }

    private static func id(_ id: EntityID?, _ out: inout [UInt8]) {
        if let id { JSONString.append(id.rawValue, to: &out) } else { literal("null", &out) }
    }

    private static func literal(_ text: StaticString, _ out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
