/// What to watch, and from when.
public struct WatchRequest: Equatable, Sendable {
    public var key: [UInt8]
    /// nil watches `key` alone; else every key in [key, rangeEnd).
    public var rangeEnd: [UInt8]?
    /// The first revision to report. Required (≥ 1): etcd takes 0 as "from
    /// now", which loses whatever happened since the caller's read; pass the
    /// read's revision + 1.
    public var startRevision: Int64
    /// Report each changed key's previous value too.
    public var previousKeyValues: Bool

    public init(key: [UInt8], rangeEnd: [UInt8]? = nil, startRevision: Int64, previousKeyValues: Bool = false) {
        self.key = key
        self.rangeEnd = rangeEnd
        self.startRevision = startRevision
        self.previousKeyValues = previousKeyValues
    }

    public static func prefix(_ prefix: [UInt8], startRevision: Int64, previousKeyValues: Bool = false) -> WatchRequest {
        WatchRequest(key: prefix, rangeEnd: KeyRange.end(ofPrefix: prefix), startRevision: startRevision,
                     previousKeyValues: previousKeyValues)
    }
}

/// One change to one key.
public struct WatchEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case put
        case delete
    }

    public var kind: Kind
    /// After the change; for a delete, the key and the deleting revision (`modRevision`).
    public var kv: KeyValue
    /// Before the change, when asked for and known.
    public var previous: KeyValue?

    public init(kind: Kind, kv: KeyValue, previous: KeyValue? = nil) {
        self.kind = kind
        self.kv = kv
        self.previous = previous
    }
}

/// What waiting on a watch brought.
public enum WatchUpdate: Equatable, Sendable {
    /// Changes, in revision order; every change of one revision comes in one update.
    case events([WatchEvent])
    /// Nothing changed in the range up to and including `revision`.
    case progress(revision: Int64)
    /// Nothing arrived in the time given.
    case idle
}
