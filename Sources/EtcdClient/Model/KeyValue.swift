/// One key as etcd stores it: the bytes, and the revisions that date it.
public struct KeyValue: Equatable, Sendable {
    public var key: [UInt8]
    /// Empty when absent from the response (an empty value, or `keys_only`).
    public var value: [UInt8]
    /// The revision of the put that created the key (since it last did not exist).
    public var createRevision: Int64
    /// The revision of the last put to the key.
    public var modRevision: Int64
    /// Puts since creation: 1 after the first.
    public var version: Int64
    public var lease: Int64

    public init(key: [UInt8], value: [UInt8] = [], createRevision: Int64 = 0, modRevision: Int64 = 0,
                version: Int64 = 0, lease: Int64 = 0) {
        self.key = key
        self.value = value
        self.createRevision = createRevision
        self.modRevision = modRevision
        self.version = version
        self.lease = lease
    }
}

/// What every response says about the member that served it.
public struct ResponseHeader: Equatable, Sendable {
    public var clusterID: UInt64
    public var memberID: UInt64
    /// The store's revision when the request was served: the snapshot a
    /// read saw, or the revision a write created.
    public var revision: Int64
    public var raftTerm: UInt64
    /// The time on the serving member's clock (the HTTP `Date` header), in
    /// seconds since 1970; nil when it sent none.
    public var serverTime: Int64?

    public init(clusterID: UInt64 = 0, memberID: UInt64 = 0, revision: Int64 = 0, raftTerm: UInt64 = 0, serverTime: Int64? = nil) {
        self.clusterID = clusterID
        self.memberID = memberID
        self.revision = revision
        self.raftTerm = raftTerm
        self.serverTime = serverTime
    }
}

/// Key ranges as etcd writes them.
public enum KeyRange {
    /// The `range_end` that makes a range cover every key starting with
    /// `prefix`: the prefix with its last byte below 0xff incremented (and
    /// what follows it dropped); `[0]` (every key) when there is none.
    public static func end(ofPrefix prefix: [UInt8]) -> [UInt8] {
        var end = prefix
        while let last = end.last {
            if last < 0xff {
                end[end.count - 1] = last + 1
                return end
            }
            end.removeLast()
        }
        return [0]
    }
}
