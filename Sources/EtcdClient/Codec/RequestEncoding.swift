import StrictJSON

/// Writes request bodies for the gateway: proto field names, bytes as
/// base64, 64-bit integers as strings, enums by name, zero values left out.
enum RequestEncoding {
    static func range(_ request: RangeRequest) -> [UInt8] {
        var writer = JSONWriter(capacity: 128 + request.key.count * 2)
        write(request, to: &writer)
        return writer.bytes
    }

    static func txn(_ request: TxnRequest) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        if !request.compares.isEmpty {
            writer.key("compare")
            writer.beginArray()
            for compare in request.compares { write(compare, to: &writer) }
            writer.endArray()
        }
        for (name, operations) in [("success", request.success), ("failure", request.failure)] where !operations.isEmpty {
            writer.key(name)
            writer.beginArray()
            for operation in operations { write(operation, to: &writer) }
            writer.endArray()
        }
        writer.endObject()
        return writer.bytes
    }

    static func watch(_ request: WatchRequest) -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        writer.key("create_request")
        writer.beginObject()
        bytes("key", request.key, to: &writer)
        if let end = request.rangeEnd { bytes("range_end", end, to: &writer) }
        writer.member("start_revision", String(request.startRevision))
        if request.previousKeyValues { writer.member("prev_kv", true) }
        // Progress notifications let a quiet watch advance its resume revision.
        writer.member("progress_notify", true)
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    static func authenticate(name: String, password: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("name", name)
        writer.member("password", password)
        writer.endObject()
        return writer.bytes
    }

    static func compaction(revision: Int64) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("revision", String(revision))
        writer.endObject()
        return writer.bytes
    }

    /// `{}`: the body of calls that take no arguments.
    static let empty = Array("{}".utf8)

    static let alarmList = Array(#"{"action":"GET"}"#.utf8)

    private static func write(_ request: RangeRequest, to writer: inout JSONWriter) {
        writer.beginObject()
        bytes("key", request.key, to: &writer)
        if let end = request.rangeEnd { bytes("range_end", end, to: &writer) }
        if request.limit != 0 { writer.member("limit", String(request.limit)) }
        if request.revision != 0 { writer.member("revision", String(request.revision)) }
        if request.sortOrder != .none {
            writer.member("sort_order", request.sortOrder.rawValue)
            writer.member("sort_target", request.sortTarget.rawValue)
        }
        if request.serializable { writer.member("serializable", true) }
        if request.keysOnly { writer.member("keys_only", true) }
        if request.countOnly { writer.member("count_only", true) }
        writer.endObject()
    }

    private static func write(_ compare: Compare, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("result", compare.relation.rawValue)
        bytes("key", compare.key, to: &writer)
        if let end = compare.rangeEnd { bytes("range_end", end, to: &writer) }
        // Each target names its own field; a misspelt one would silently compare against 0.
        switch compare.target {
        case .modRevision(let revision):
            writer.member("target", "MOD")
            writer.member("mod_revision", String(revision))
        case .createRevision(let revision):
            writer.member("target", "CREATE")
            writer.member("create_revision", String(revision))
        case .version(let version):
            writer.member("target", "VERSION")
            writer.member("version", String(version))
        case .value(let value):
            writer.member("target", "VALUE")
            bytes("value", value, to: &writer)
        }
        writer.endObject()
    }

    private static func write(_ operation: TxnOperation, to writer: inout JSONWriter) {
        writer.beginObject()
        switch operation {
        case .range(let request):
            writer.key("request_range")
            write(request, to: &writer)
        case .put(let key, let value):
            writer.key("request_put")
            writer.beginObject()
            bytes("key", key, to: &writer)
            bytes("value", value, to: &writer)
            writer.endObject()
        case .delete(let key, let rangeEnd):
            writer.key("request_delete_range")
            writer.beginObject()
            bytes("key", key, to: &writer)
            if let rangeEnd { bytes("range_end", rangeEnd, to: &writer) }
            writer.endObject()
        }
        writer.endObject()
    }

    /// A member whose value is bytes, written as base64 straight into the output.
    private static func bytes(_ name: String, _ value: [UInt8], to writer: inout JSONWriter) {
        writer.key(name)
        writer.raw { output in
            output.append(UInt8(ascii: "\""))
            Base64.encode(value, into: &output)
            output.append(UInt8(ascii: "\""))
        }
    }
}
