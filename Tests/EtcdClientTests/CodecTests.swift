@testable import EtcdClient
import StrictJSON
import Testing

/// Requests as the gateway expects them; responses as it writes them
/// (int64s as strings, zero values left out, unknown fields present).
struct CodecTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    static let a = Array("a".utf8), b = Array("b".utf8)

    @Test func encodesRanges() {
        #expect(Self.text(RequestEncoding.range(RangeRequest(key: Self.a))) == #"{"key":"YQ=="}"#)
        let full = RangeRequest(key: Self.a, rangeEnd: Self.b, revision: 7, serializable: true, keysOnly: true, countOnly: true,
                                limit: 2, sortOrder: .descending, sortTarget: .modRevision)
        #expect(Self.text(RequestEncoding.range(full))
            == #"{"key":"YQ==","range_end":"Yg==","limit":"2","revision":"7","sort_order":"DESCEND","sort_target":"MOD","serializable":true,"keys_only":true,"count_only":true}"#)
    }

    @Test func encodesTransactions() {
        let request = TxnRequest(
            compares: [Compare(key: Self.a, .modRevision(0)), Compare(key: Self.a, rangeEnd: Self.b, .createRevision(3), .less),
                       Compare(key: Self.a, .version(2), .greater), Compare(key: Self.a, .value([]), .notEqual)],
            success: [.put(key: Self.a, value: []), .delete(key: Self.a, rangeEnd: Self.b)],
            failure: [.range(RangeRequest(key: Self.a))])
        #expect(Self.text(RequestEncoding.txn(request)) == """
            {"compare":[{"result":"EQUAL","key":"YQ==","target":"MOD","mod_revision":"0"},\
            {"result":"LESS","key":"YQ==","range_end":"Yg==","target":"CREATE","create_revision":"3"},\
            {"result":"GREATER","key":"YQ==","target":"VERSION","version":"2"},\
            {"result":"NOT_EQUAL","key":"YQ==","target":"VALUE","value":""}],\
            "success":[{"request_put":{"key":"YQ==","value":""}},{"request_delete_range":{"key":"YQ==","range_end":"Yg=="}}],\
            "failure":[{"request_range":{"key":"YQ=="}}]}
            """)
        #expect(Self.text(RequestEncoding.txn(TxnRequest())) == "{}")
    }

    @Test func encodesWatches() {
        let request = WatchRequest.prefix(Array("p/".utf8), startRevision: 12, previousKeyValues: true)
        #expect(Self.text(RequestEncoding.watch(request))
            == #"{"create_request":{"key":"cC8=","range_end":"cDA=","start_revision":"12","prev_kv":true,"progress_notify":true}}"#)
    }

    @Test func prefixEnds() {
        #expect(KeyRange.end(ofPrefix: Array("ls/".utf8)) == Array("ls0".utf8))
        #expect(KeyRange.end(ofPrefix: [0x61, 0xff, 0xff]) == [0x62])
        #expect(KeyRange.end(ofPrefix: [0xff]) == [0])
        #expect(KeyRange.end(ofPrefix: []) == [0])
    }

    static func decode<T>(_ json: String, _ read: (inout JSONReader) throws(JSONReadError) -> T) throws -> T {
        try ResponseDecoding.document(Array(json.utf8), read)
    }

    @Test func decodesRangesWithZeroValuesLeftOut() throws {
        let full = try Self.decode("""
            {"header":{"cluster_id":"14841639068965178418","member_id":"10276657743932975437","revision":"10","raft_term":"2"},\
            "kvs":[{"key":"YQ==","create_revision":"2","mod_revision":"3","version":"2","value":"eA=="},{"key":"Yg==","mod_revision":"4"}],\
            "more":true,"count":"8","future_field":{"x":[1,2]}}
            """, ResponseDecoding.range)
        #expect(full.header == ResponseHeader(clusterID: 14_841_639_068_965_178_418, memberID: 10_276_657_743_932_975_437, revision: 10, raftTerm: 2))
        #expect(full.kvs == [KeyValue(key: Self.a, value: Array("x".utf8), createRevision: 2, modRevision: 3, version: 2),
                             KeyValue(key: Self.b, modRevision: 4)])
        #expect(full.more && full.count == 8)
        let empty = try Self.decode(#"{"header":{"revision":"10"}}"#, ResponseDecoding.range)
        #expect(empty == RangeResponse(header: ResponseHeader(revision: 10)))
    }

    @Test func takesNumbersWhereStringsAreUsual() throws {
        #expect(try Self.decode(#"{"revision":10,"cluster_id":18446744073709551615}"#, ResponseDecoding.header)
            == ResponseHeader(clusterID: .max, revision: 10))
    }

    @Test(arguments: [
        #"{"kvs":[{"key":"not base64!"}]}"#, #"{"count":"12x"}"#, #"{"count":"99999999999999999999"}"#,
        #"{"kvs":{}}"#, #"{"more":"yes"}"#, #"{"header":{"revision":"1"}"#, #"{"count":"1","count":"2"}"#,
    ])
    func refusesWhatTheGatewayDoesNotSend(json: String) {
        #expect(throws: JSONReadError.self) { try Self.decode(json, ResponseDecoding.range) }
    }

    @Test func decodesTransactions() throws {
        let succeeded = try Self.decode("""
            {"header":{"revision":"11"},"succeeded":true,"responses":[{"response_put":{"header":{"revision":"11"}}},\
            {"response_delete_range":{"header":{"revision":"11"},"deleted":"2"}},\
            {"response_range":{"header":{"revision":"11"},"kvs":[{"key":"YQ==","mod_revision":"11"}],"count":"1"}}]}
            """, ResponseDecoding.txn)
        #expect(succeeded.succeeded && succeeded.header.revision == 11)
        #expect(succeeded.responses == [.put(revision: 11), .delete(deleted: 2),
                                        .range(RangeResponse(header: ResponseHeader(revision: 11), kvs: [KeyValue(key: Self.a, modRevision: 11)], count: 1))])
        // A failed compare: HTTP 200, no `succeeded`; a missing key's delete: no `deleted`.
        let failed = try Self.decode(#"{"header":{"revision":"11"},"responses":[{"response_delete_range":{"header":{}}}]}"#, ResponseDecoding.txn)
        #expect(!failed.succeeded && failed.responses == [.delete(deleted: 0)])
        #expect(throws: JSONReadError.self) { try Self.decode(#"{"responses":[{}]}"#, ResponseDecoding.txn) }
    }

    @Test func decodesWatchLines() throws {
        #expect(try WatchDecoding.line(Array(#"{"result":{"header":{"revision":"28"},"created":true}}"#.utf8))
            == .result(WatchMessage(header: ResponseHeader(revision: 28), created: true)))
        let events = try WatchDecoding.line(Array("""
            {"result":{"header":{"revision":"30"},"watch_id":"1","events":[{"kv":{"key":"YQ==","create_revision":"29","mod_revision":"30","version":"2","value":"eQ=="},\
            "prev_kv":{"key":"YQ==","mod_revision":"29","version":"1"}},{"type":"DELETE","kv":{"key":"Yg==","mod_revision":"30"}}]}}
            """.utf8))
        #expect(events == .result(WatchMessage(header: ResponseHeader(revision: 30), watchID: 1, events: [
            WatchEvent(kind: .put, kv: KeyValue(key: Self.a, value: Array("y".utf8), createRevision: 29, modRevision: 30, version: 2),
                       previous: KeyValue(key: Self.a, modRevision: 29, version: 1)),
            WatchEvent(kind: .delete, kv: KeyValue(key: Self.b, modRevision: 30)),
        ])))
        #expect(try WatchDecoding.line(Array(#"{"result":{"header":{},"canceled":true,"compact_revision":"20"}}"#.utf8))
            == .result(WatchMessage(canceled: true, compactRevision: 20)))
        #expect(try WatchDecoding.line(Array(#"{"error":{"grpc_code":14,"http_code":503,"message":"etcdserver: no leader","http_status":"Service Unavailable"}}"#.utf8))
            == .error(grpcCode: 14, message: "etcdserver: no leader"))
        #expect(throws: JSONReadError.self) { try WatchDecoding.line(Array(#"{"result":{"events":[{"type":"TOUCH"}]}}"#.utf8)) }
        #expect(throws: JSONReadError.self) { try WatchDecoding.line(Array("{}".utf8)) }
    }

    @Test func decodesClusterResponses() throws {
        let status = try Self.decode("""
            {"header":{"member_id":"9"},"version":"3.4.23","dbSize":"20480","leader":"9","raftIndex":"5","raftTerm":"2",\
            "raftAppliedIndex":"5","errors":["alarm:NOSPACE"],"dbSizeInUse":"16384"}
            """, ClusterDecoding.status)
        #expect(status.version == "3.4.23" && status.dbSize == 20480 && status.dbSizeInUse == 16384 && status.leader == 9)
        #expect(status.errors == ["alarm:NOSPACE"] && !status.isLearner)
        #expect(try Self.decode(#"{"header":{},"alarms":[{"memberID":"7","alarm":"NOSPACE"},{"memberID":"8"}]}"#, ClusterDecoding.alarms)
            == [Alarm(memberID: 7, kind: .noSpace)])
        #expect(try Self.decode(#"{"header":{}}"#, ClusterDecoding.alarms).isEmpty)
        #expect(try Self.decode(#"{"members":[{"ID":"7","name":"m1","peerURLs":["http://p"],"clientURLs":["http://c"]},{"ID":"8","peerURLs":["http://q"],"isLearner":true}]}"#,
                                ClusterDecoding.members)
            == [Member(id: 7, name: "m1", peerURLs: ["http://p"], clientURLs: ["http://c"]),
                Member(id: 8, name: "", peerURLs: ["http://q"], clientURLs: [], isLearner: true)])
    }
}
