/// A read of one key or a range of keys (etcd's RangeRequest).
public struct RangeRequest: Equatable, Sendable {
    public enum SortOrder: String, Sendable {
        case none = "NONE"
        case ascending = "ASCEND"
        case descending = "DESCEND"
    }

    public enum SortTarget: String, Sendable {
        case key = "KEY"
        case version = "VERSION"
        case createRevision = "CREATE"
        case modRevision = "MOD"
        case value = "VALUE"
    }

    public var key: [UInt8]
    /// nil reads `key` alone; else the keys in [key, rangeEnd).
    public var rangeEnd: [UInt8]?
    /// The snapshot to read (0: the newest).
    public var revision: Int64
    /// Served by the member alone, without a quorum round: fast, but may be
    /// stale unless `revision` pins a snapshot that member has applied.
    public var serializable: Bool
    public var keysOnly: Bool
    public var countOnly: Bool
    /// At most this many keys (0: no limit); `more` says whether there were more.
    public var limit: Int64
    public var sortOrder: SortOrder
    public var sortTarget: SortTarget

    public init(key: [UInt8], rangeEnd: [UInt8]? = nil, revision: Int64 = 0, serializable: Bool = false,
                keysOnly: Bool = false, countOnly: Bool = false, limit: Int64 = 0,
                sortOrder: SortOrder = .none, sortTarget: SortTarget = .key) {
        self.key = key
        self.rangeEnd = rangeEnd
        self.revision = revision
        self.serializable = serializable
        self.keysOnly = keysOnly
        self.countOnly = countOnly
        self.limit = limit
        self.sortOrder = sortOrder
        self.sortTarget = sortTarget
    }

    /// Every key that starts with `prefix`.
    public static func prefix(_ prefix: [UInt8], revision: Int64 = 0) -> RangeRequest {
        RangeRequest(key: prefix, rangeEnd: KeyRange.end(ofPrefix: prefix), revision: revision)
    }
}

/// The keys a range found.
public struct RangeResponse: Equatable, Sendable {
    public var header: ResponseHeader
    public var kvs: [KeyValue]
    /// Whether `limit` left keys out.
    public var more: Bool
    /// How many keys the range holds (whatever the limit).
    public var count: Int64

    public init(header: ResponseHeader = ResponseHeader(), kvs: [KeyValue] = [], more: Bool = false, count: Int64 = 0) {
        self.header = header
        self.kvs = kvs
        self.more = more
        self.count = count
    }
}
