/// One member's own view of itself and the cluster (maintenance status).
public struct MemberStatus: Equatable, Sendable {
    public var header: ResponseHeader
    public var version: String
    /// Bytes of the member's database file, and of it in use (the rest is
    /// free after compaction until a defragmentation).
    public var dbSize: Int64
    public var dbSizeInUse: Int64
    /// The leader's member ID; 0 when the member knows of none.
    public var leader: UInt64
    public var raftIndex: UInt64
    public var raftTerm: UInt64
    public var raftAppliedIndex: UInt64
    /// Problems the member reports (`etcdserver: no leader`, alarms).
    public var errors: [String]
    public var isLearner: Bool

    public init(header: ResponseHeader = ResponseHeader(), version: String = "", dbSize: Int64 = 0, dbSizeInUse: Int64 = 0,
                leader: UInt64 = 0, raftIndex: UInt64 = 0, raftTerm: UInt64 = 0, raftAppliedIndex: UInt64 = 0,
                errors: [String] = [], isLearner: Bool = false) {
        self.header = header
        self.version = version
        self.dbSize = dbSize
        self.dbSizeInUse = dbSizeInUse
        self.leader = leader
        self.raftIndex = raftIndex
        self.raftTerm = raftTerm
        self.raftAppliedIndex = raftAppliedIndex
        self.errors = errors
        self.isLearner = isLearner
    }
}

/// A raised alarm: while NOSPACE is raised, the cluster refuses writes.
public struct Alarm: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The database reached its quota: compact, defragment, then disarm.
        case noSpace
        /// A member's data failed its consistency check.
        case corrupt
        case other(String)
    }

    public var memberID: UInt64
    public var kind: Kind

    public init(memberID: UInt64, kind: Kind) {
        self.memberID = memberID
        self.kind = kind
    }
}

/// A member of the cluster.
public struct Member: Equatable, Sendable {
    public var id: UInt64
    /// Empty for a member added but not yet started.
    public var name: String
    public var peerURLs: [String]
    public var clientURLs: [String]
    public var isLearner: Bool

    public init(id: UInt64, name: String, peerURLs: [String], clientURLs: [String], isLearner: Bool = false) {
        self.id = id
        self.name = name
        self.peerURLs = peerURLs
        self.clientURLs = clientURLs
        self.isLearner = isLearner
    }
}
