import FoundationEssentials
import NetworkIO
import StoreBackends

/// The cluster's clock as one command reads it: the `Date` of an answer
/// (whole seconds, as HTTP gives it), running on at this machine's
/// monotonic pace from the moment the answer arrived. Deadlines on an etcd
/// store are judged by it, so a laptop whose clock is wrong can neither
/// fire someone else's deadline early nor hide it.
struct ClusterClock: Sendable {
    /// The answer's `Date`, seconds since 1970.
    let seconds: Int64
    /// When the answer arrived.
    let instant: Deadline

    /// The cluster's time now. The whole second of the `Date` is taken as
    /// it is, so a deadline is judged at most a second late, never early.
    func now() -> Date {
        let elapsed = Double(Deadline.now.uptimeNanoseconds - instant.uptimeNanoseconds) / 1e9
        return Date(timeIntervalSince1970: Double(seconds) + max(elapsed, 0))
    }

    /// The hour (since 1970) of the answer: a commit files its bookkeeping
    /// keys under the hour its snapshot was read in.
    var hour: Int64 { seconds / 3600 }

    /// This machine's clock, for the rare answer without a `Date`.
    static func local() -> ClusterClock {
        ClusterClock(seconds: Int64(Date().timeIntervalSince1970.rounded(.down)), instant: .now)
    }
}
