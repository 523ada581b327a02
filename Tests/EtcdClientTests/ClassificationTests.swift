@testable import EtcdClient
import HTTPClient
import NetworkIO
import Testing

/// What each failure etcd 3.4 was seen to give means (design note §4).
struct ClassificationTests {
    typealias Row = (String, Int, String, EtcdError.Code, EtcdError.Outcome, AttemptFailure.Next)

    static func body(_ message: String, _ code: Int) -> String {
        #"{"error":"\#(message)","message":"\#(message)","code":\#(code)}"#
    }

    @Test(arguments: [
        ("no leader", 503, body("etcdserver: no leader", 14), .unavailable, .notExecuted, .otherMember),
        ("leader changed", 503, body("etcdserver: leader changed", 14), .unavailable, .notExecuted, .otherMember),
        ("request timed out", 503, body("etcdserver: request timed out", 14), .unavailable, .ambiguous, .otherMember),
        ("previous leader failed", 503, body("etcdserver: request timed out, possibly due to previous leader failure", 14), .unavailable, .ambiguous, .otherMember),
        ("deadline", 500, body("context deadline exceeded", 2), .unavailable, .ambiguous, .otherMember),
        ("too many requests", 429, body("etcdserver: too many requests", 8), .unavailable, .notExecuted, .otherMember),
        ("NOSPACE", 429, body("etcdserver: mvcc: database space exceeded", 8), .noSpace, .notExecuted, .stop),
        ("too large", 400, body("etcdserver: request is too large", 3), .requestTooLarge, .notExecuted, .stop),
        ("grpc max", 429, body("grpc: received message larger than max (2097162 vs. 2097152)", 8), .requestTooLarge, .notExecuted, .stop),
        ("too many ops", 400, body("etcdserver: too many operations in txn request", 3), .tooManyOperations, .notExecuted, .stop),
        ("duplicate", 400, body("etcdserver: duplicate key given in txn request", 3), .duplicateKey, .notExecuted, .stop),
        ("compacted", 400, body("etcdserver: mvcc: required revision has been compacted", 11), .compacted, .notExecuted, .stop),
        ("future", 400, body("etcdserver: mvcc: required revision is a future revision", 11), .futureRevision, .notExecuted, .stop),
        ("no user", 400, body("etcdserver: user name is empty", 3), .authenticationRequired, .notExecuted, .stop),
        ("bad password", 400, body("etcdserver: authentication failed, invalid user ID or password", 3), .authenticationFailed, .notExecuted, .stop),
        ("bad token", 401, body("etcdserver: invalid auth token", 16), .authenticationFailed, .notExecuted, .signInAgain),
        ("denied", 403, body("etcdserver: permission denied", 7), .permissionDenied, .notExecuted, .stop),
        ("lease", 404, body("etcdserver: requested lease not found", 5), .invalidRequest, .notExecuted, .stop),
        ("other 503", 503, body("etcdserver: server stopped", 14), .unavailable, .ambiguous, .otherMember),
        ("not JSON", 502, "<html>bad gateway</html>", .unavailable, .ambiguous, .otherMember),
        ("odd status", 302, "", .badResponse, .ambiguous, .otherMember),
    ] as [Row])
    func classifiesResponses(id: String, status: Int, body: String, code: EtcdError.Code, outcome: EtcdError.Outcome,
                             next: AttemptFailure.Next) {
        let failure = FailureClassifier.response(status: status, body: Array(body.utf8), member: "127.0.0.1:2379")
        #expect(failure.error.code == code, "\(id)")
        #expect(failure.error.outcome == outcome, "\(id)")
        #expect(failure.next == next, "\(id)")
        #expect(!failure.error.message.contains("\n"), "\(id)")
    }

    @Test func namesTheFixForAFullDatabase() {
        let failure = FailureClassifier.response(status: 429, body: Array(Self.body("etcdserver: mvcc: database space exceeded", 8).utf8), member: "m")
        #expect(failure.error.message.contains("compact") && failure.error.message.contains("defragment") && failure.error.message.contains("disarm"))
    }

    @Test(arguments: [
        (HTTPError.Stage.connecting, HTTPError.Kind.network(.refused), EtcdError.Code.unavailable, EtcdError.Outcome.notExecuted),
        (.connecting, .network(.timedOut), .unavailable, .notExecuted),
        (.connecting, .network(.tlsVerification), .tls, .notExecuted),
        (.sending, .network(.reset), .unavailable, .notExecuted),
        (.awaitingResponse, .network(.timedOut), .unavailable, .ambiguous),
        (.awaitingResponse, .network(.reset), .unavailable, .ambiguous),
        (.awaitingResponse, .network(.tlsRefused), .tls, .notExecuted),
        (.receiving, .truncated, .badResponse, .ambiguous),
        (.receiving, .malformed, .badResponse, .ambiguous),
    ])
    func classifiesTransportFailures(stage: HTTPError.Stage, kind: HTTPError.Kind, code: EtcdError.Code, outcome: EtcdError.Outcome) {
        let failure = FailureClassifier.transport(HTTPError(stage: stage, kind: kind, message: "x"), member: "m")
        #expect(failure.error.code == code)
        #expect(failure.error.outcome == outcome)
        #expect(failure.next == .otherMember)
    }
}

struct RequestLimitsTests {
    static let limits = RequestLimits()
    static func key(_ n: Int) -> [UInt8] { Array("k\(n)".utf8) }

    @Test func allowsExactly128OperationsPerList() {
        let most = TxnRequest(compares: (0..<128).map { Compare(key: Self.key($0), .modRevision(0)) },
                              success: (0..<128).map { .put(key: Self.key($0), value: []) },
                              failure: (0..<128).map { .range(RangeRequest(key: Self.key($0))) })
        #expect(Self.limits.problem(with: most, user: nil) == nil)
        for list in 0..<3 {
            var over = most
            switch list {
            case 0: over.compares.append(Compare(key: [1], .version(0)))
            case 1: over.success.append(.put(key: [1], value: []))
            default: over.failure.append(.range(RangeRequest(key: [1])))
            }
            #expect(Self.limits.problem(with: over, user: nil)?.code == .tooManyOperations)
        }
    }

    @Test(arguments: [
        ("two puts", [TxnOperation.put(key: [1], value: []), .put(key: [1], value: [2])], true),
        ("put and delete", [.put(key: [1], value: []), .delete(key: [1], rangeEnd: nil)], true),
        ("the same put apart", [.put(key: [3], value: []), .put(key: [1], value: []), .put(key: [2], value: []),
                                .put(key: [3], value: [1])], true),
        ("distinct puts, one a prefix of another", [.put(key: [1, 2], value: []), .put(key: [1], value: []),
                                                   .put(key: [2], value: [])], false),
        ("put inside a deleted range", [.put(key: [5], value: []), .delete(key: [1], rangeEnd: [9])], true),
        ("put inside a delete of everything", [.put(key: [5], value: []), .delete(key: [0], rangeEnd: [0])], true),
        ("put after a deleted range", [.put(key: [9], value: []), .delete(key: [1], rangeEnd: [9])], false),
        ("reads of a written key", [.put(key: [1], value: []), .range(RangeRequest(key: [1]))], false),
    ])
    func findsKeysWrittenTwice(id: String, operations: [TxnOperation], twice: Bool) {
        #expect((RequestLimits.keyWrittenTwice(in: operations) != nil) == twice, "\(id)")
    }

    @Test func refusesOversizedRequests() {
        let value = [UInt8](repeating: 7, count: 1_572_864)
        let problem = Self.limits.problem(with: TxnRequest(success: [.put(key: [1], value: value)]), user: nil)
        #expect(problem?.code == .requestTooLarge)
        #expect(problem?.message.hasSuffix(" bytes; the cluster takes at most 1572864") == true)
    }

    /// The encoded size of a few messages, worked out by hand from etcd's .proto.
    @Test func countsProtobufBytes() {
        // success (tag, length 309) { RequestOp.request_put (tag, length 306) { key (tag, length 1, "a"), value (tag, length 300, …) } }
        #expect(ProtobufSize.txn(TxnRequest(success: [.put(key: [0x61], value: Array(repeating: 0, count: 300))]))
            == 1 + 2 + (1 + 2 + ((1 + 1 + 1) + (1 + 2 + 300))))
        #expect(ProtobufSize.varint(0) == 1 && ProtobufSize.varint(127) == 1 && ProtobufSize.varint(128) == 2 && ProtobufSize.varint(.max) == 10)
    }
}
