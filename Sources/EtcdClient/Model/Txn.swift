/// One condition of a transaction: a key's (or every key in a range's)
/// revision, version or value against a constant. An absent key compares
/// as all zeros (its value compares false against anything).
public struct Compare: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        case modRevision(Int64)
        case createRevision(Int64)
        case version(Int64)
        case value([UInt8])
    }

    public enum Relation: String, Sendable {
        case equal = "EQUAL"
        case notEqual = "NOT_EQUAL"
        case less = "LESS"
        case greater = "GREATER"
    }

    public var key: [UInt8]
    /// Compares every key in [key, rangeEnd) when set.
    public var rangeEnd: [UInt8]?
    public var target: Target
    public var relation: Relation

    public init(key: [UInt8], rangeEnd: [UInt8]? = nil, _ target: Target, _ relation: Relation = .equal) {
        self.key = key
        self.rangeEnd = rangeEnd
        self.target = target
        self.relation = relation
    }
}

/// One operation inside a transaction's branch.
public enum TxnOperation: Equatable, Sendable {
    case range(RangeRequest)
    case put(key: [UInt8], value: [UInt8])
    /// Deletes `key`, or every key in [key, rangeEnd).
    case delete(key: [UInt8], rangeEnd: [UInt8]?)
}

/// An atomic transaction: if every compare holds, the success operations
/// run, else the failure ones (which can read what changed, in the same
/// round trip).
public struct TxnRequest: Equatable, Sendable {
    public var compares: [Compare]
    public var success: [TxnOperation]
    public var failure: [TxnOperation]

    public init(compares: [Compare] = [], success: [TxnOperation] = [], failure: [TxnOperation] = []) {
        self.compares = compares
        self.success = success
        self.failure = failure
    }

    /// Whether it only reads (no put or delete in either branch).
    public var isReadOnly: Bool {
        (success + failure).allSatisfy { if case .range = $0 { true } else { false } }
    }
}

/// The outcome of one operation, in the order of the branch that ran.
public enum TxnOperationResponse: Equatable, Sendable {
    case range(RangeResponse)
    case put(revision: Int64)
    case delete(deleted: Int64)
}

public struct TxnResponse: Equatable, Sendable {
    public var header: ResponseHeader
    /// Whether the compares held (so the success branch ran).
    public var succeeded: Bool
    public var responses: [TxnOperationResponse]

    public init(header: ResponseHeader = ResponseHeader(), succeeded: Bool = false, responses: [TxnOperationResponse] = []) {
        self.header = header
        self.succeeded = succeeded
        self.responses = responses
    }
}
