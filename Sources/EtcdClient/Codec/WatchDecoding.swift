import StrictJSON

/// One message of a watch stream, as the gateway sends it.
struct WatchMessage: Equatable {
    var header = ResponseHeader()
    var watchID: Int64 = 0
    var created = false
    var canceled = false
    var compactRevision: Int64 = 0
    var cancelReason = ""
    var events: [WatchEvent] = []
}

/// A line of the stream: a message, or an error the gateway reports before closing it.
enum WatchLine: Equatable {
    case result(WatchMessage)
    case error(grpcCode: Int, message: String)
}

/// Reads the newline-delimited objects of `/v3/watch`.
enum WatchDecoding {
    private static let lineNames = JSONNames(["result", "error"])
    private static let messageNames = JSONNames(["header", "watch_id", "created", "canceled", "compact_revision",
                                                 "cancel_reason", "events"])
    private static let eventNames = JSONNames(["type", "kv", "prev_kv"])
    private static let errorNames = JSONNames(["grpc_code", "message"])

    static func line(_ bytes: [UInt8]) throws(JSONReadError) -> WatchLine {
        try ResponseDecoding.document(bytes) { (reader) throws(JSONReadError) in
            let start = reader.offset
            var line: WatchLine?
            try reader.readObject(names: lineNames) { (reader, index) throws(JSONReadError) in
                switch index {
                case 0: line = .result(try message(&reader))
                case 1: line = try error(&reader)
                default: try reader.skipValue()
                }
            }
            guard let line else { throw .badValue("a watch message with neither result nor error", at: start) }
            return line
        }
    }

    private static func message(_ reader: inout JSONReader) throws(JSONReadError) -> WatchMessage {
        var message = WatchMessage()
        try reader.readObject(names: messageNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: message.header = try ResponseDecoding.header(&reader)
            case 1: message.watchID = try reader.readEtcdInt64()
            case 2: message.created = try reader.readBool()
            case 3: message.canceled = try reader.readBool()
            case 4: message.compactRevision = try reader.readEtcdInt64()
            case 5: message.cancelReason = try reader.readString()
            case 6: message.events = try reader.readList(event)
            default: try reader.skipValue()
            }
        }
        return message
    }

    private static func event(_ reader: inout JSONReader) throws(JSONReadError) -> WatchEvent {
        var event = WatchEvent(kind: .put, kv: KeyValue(key: []))
        try reader.readObject(names: eventNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0:
                let start = reader.offset
                switch try reader.readString() {
                case "PUT": event.kind = .put
                case "DELETE": event.kind = .delete
                case let other: throw .badValue("an unknown event type \(JSONReadError.quoted(other))", at: start)
                }
            case 1: event.kv = try ResponseDecoding.keyValue(&reader)
            case 2: event.previous = try ResponseDecoding.keyValue(&reader)
            default: try reader.skipValue()
            }
        }
        return event
    }

    private static func error(_ reader: inout JSONReader) throws(JSONReadError) -> WatchLine {
        var code = 0
        var text = ""
        try reader.readObject(names: errorNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: code = try reader.readInt()
            case 1: text = try reader.readString()
            default: try reader.skipValue()
            }
        }
        return .error(grpcCode: code, message: text)
    }
}
