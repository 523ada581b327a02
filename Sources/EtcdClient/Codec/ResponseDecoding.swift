import StrictJSON

/// Reads the gateway's JSON responses into the model, with the strict pull
/// reader. The gateway leaves out zero values (`count`, `succeeded`, empty
/// `value`, PUT event types), so an absent member is its zero; members this
/// client does not know are skipped.
enum ResponseDecoding {
    static func document<T>(_ bytes: [UInt8], _ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        var reader = JSONReader(bytes)
        return try reader.readDocument(read)
    }

    private static let headerNames = JSONNames(["cluster_id", "member_id", "revision", "raft_term"])

    static func header(_ reader: inout JSONReader) throws(JSONReadError) -> ResponseHeader {
        var header = ResponseHeader()
        try reader.readObject(names: headerNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: header.clusterID = try reader.readEtcdUInt64()
            case 1: header.memberID = try reader.readEtcdUInt64()
            case 2: header.revision = try reader.readEtcdInt64()
            case 3: header.raftTerm = try reader.readEtcdUInt64()
            default: try reader.skipValue()
            }
        }
        return header
    }

    private static let keyValueNames = JSONNames(["key", "create_revision", "mod_revision", "version", "value", "lease"])

    static func keyValue(_ reader: inout JSONReader) throws(JSONReadError) -> KeyValue {
        var kv = KeyValue(key: [])
        try reader.readObject(names: keyValueNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: kv.key = try reader.readBase64()
            case 1: kv.createRevision = try reader.readEtcdInt64()
            case 2: kv.modRevision = try reader.readEtcdInt64()
            case 3: kv.version = try reader.readEtcdInt64()
            case 4: kv.value = try reader.readBase64()
            case 5: kv.lease = try reader.readEtcdInt64()
            default: try reader.skipValue()
            }
        }
        return kv
    }

    private static let rangeNames = JSONNames(["header", "kvs", "more", "count"])

    static func range(_ reader: inout JSONReader) throws(JSONReadError) -> RangeResponse {
        var response = RangeResponse()
        try reader.readObject(names: rangeNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: response.header = try header(&reader)
            case 1: response.kvs = try reader.readList(keyValue)
            case 2: response.more = try reader.readBool()
            case 3: response.count = try reader.readEtcdInt64()
            default: try reader.skipValue()
            }
        }
        return response
    }

    private static let txnNames = JSONNames(["header", "succeeded", "responses"])
    private static let operationNames = JSONNames(["response_range", "response_put", "response_delete_range", "response_txn"])
    private static let writeNames = JSONNames(["header", "deleted"])

    static func txn(_ reader: inout JSONReader) throws(JSONReadError) -> TxnResponse {
        var response = TxnResponse()
        try reader.readObject(names: txnNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: response.header = try header(&reader)
            case 1: response.succeeded = try reader.readBool()
            case 2: response.responses = try reader.readList(operation)
            default: try reader.skipValue()
            }
        }
        return response
    }

    /// `{"response_put":{…}}` and its kin: exactly one member.
    private static func operation(_ reader: inout JSONReader) throws(JSONReadError) -> TxnOperationResponse {
        let start = reader.offset
        var result: TxnOperationResponse?
        try reader.readObject(names: operationNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: result = .range(try range(&reader))
            case 1: result = .put(revision: try write(&reader).revision)
            case 2: result = .delete(deleted: try write(&reader).deleted)
            default: try reader.skipValue()
            }
        }
        guard let result else { throw .badValue("an operation response of no known kind", at: start) }
        return result
    }

    /// A put's or delete's response: the header's revision and the count deleted.
    private static func write(_ reader: inout JSONReader) throws(JSONReadError) -> (revision: Int64, deleted: Int64) {
        var revision: Int64 = 0
        var deleted: Int64 = 0
        try reader.readObject(names: writeNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: revision = try header(&reader).revision
            case 1: deleted = try reader.readEtcdInt64()
            default: try reader.skipValue()
            }
        }
        return (revision, deleted)
    }

    private static let errorNames = JSONNames(["error", "message", "code"])

    /// A unary call's error body: `{"error":…,"message":…,"code":N}`.
    static func errorBody(_ reader: inout JSONReader) throws(JSONReadError) -> (message: String, code: Int) {
        var message = ""
        var code = 0
        try reader.readObject(names: errorNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: let text = try reader.readString(); if message.isEmpty { message = text }
            case 1: message = try reader.readString()
            case 2: code = try reader.readInt()
            default: try reader.skipValue()
            }
        }
        return (message, code)
    }

    private static let tokenNames = JSONNames(["header", "token"])

    static func token(_ reader: inout JSONReader) throws(JSONReadError) -> String {
        var token = ""
        try reader.readObject(names: tokenNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 1: token = try reader.readString()
            default: try reader.skipValue()
            }
        }
        return token
    }
}
