/// Why an etcd call failed, whether it may have taken effect, and a
/// one-line message naming the cause (and, where there is one, the fix).
public struct EtcdError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: Equatable, Sendable {
        /// No member could serve the call in time: unreachable, no leader
        /// (no quorum), hung, or overloaded.
        case unavailable
        /// The database reached its space quota (the NOSPACE alarm): writes are
        /// refused until it is compacted, defragmented and the alarm disarmed.
        case noSpace
        /// The request is over the cluster's size limit (`--max-request-bytes`).
        case requestTooLarge
        /// More operations in one list of a transaction than `--max-txn-ops` allows.
        case tooManyOperations
        /// One key written twice in one transaction.
        case duplicateKey
        /// The revision asked for has been compacted away.
        case compacted
        /// The revision asked for is newer than the store's.
        case futureRevision
        /// The cluster has authentication on and no user was given.
        case authenticationRequired
        /// The user name or password is wrong, or the cluster has no authentication.
        case authenticationFailed
        /// The user may not do this (outside its role's keys).
        case permissionDenied
        /// TLS failed: the server's certificate, ours, or the files naming them.
        case tls
        /// The cluster refused the request as invalid.
        case invalidRequest
        /// The answer was not what etcd's gateway sends.
        case badResponse
    }

    /// Whether the call may have taken effect.
    public enum Outcome: Equatable, Sendable {
        /// It certainly did not: safe to retry as it is.
        case notExecuted
        /// It may have: the answer was lost after the request arrived. A write
        /// must find out (a marker written in the same transaction) before it
        /// is tried again.
        case ambiguous
    }

    public var code: Code
    public var outcome: Outcome
    public var message: String

    public init(_ code: Code, _ message: String, outcome: Outcome = .notExecuted) {
        self.code = code
        self.message = message
        self.outcome = outcome
    }

    public var description: String { message }
}
