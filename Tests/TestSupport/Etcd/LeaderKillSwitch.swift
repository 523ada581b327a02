import Foundation

/// Loopback proxies (`EtcdProxy`) in front of every member of a cluster,
/// and a one-shot switch on them that kills the cluster's leader at a
/// moment a commit chooses, not a clock: exactly as the Nth writing
/// transaction from now passes any proxy, either before it is forwarded to
/// its member or after the member carried it out (its answer then lost).
public final class LeaderKillSwitch: @unchecked Sendable {
    /// Where the leader died: which member, and through which member's
    /// proxy the commit was passing.
    public struct Kill: Sendable, Equatable {
        public var leader: Int
        public var via: Int

        public init(leader: Int, via: Int) {
            self.leader = leader
            self.via = via
        }
    }

    public let cluster: EtcdCluster
    public let proxies: [EtcdProxy]
    private let lock = NSLock()
    private var writesToPass = 0
    private var afterCarryingOut = false
    private var kill: Kill?

    /// Proxies in front of each member of `cluster` (plain HTTP), passing
    /// everything until armed.
    public init(_ cluster: EtcdCluster) throws {
        self.cluster = cluster
        proxies = try cluster.members.map { try EtcdProxy(upstreamPort: $0.clientPort) }
        for (index, proxy) in proxies.enumerated() {
            proxy.setFault { [weak self] path, body in self?.decide(path: path, body: body, via: index) ?? .none }
        }
    }

    /// A store URL naming the proxies, member `first`'s first (the one a
    /// command asks first), then the others in order.
    public func url(prefix: String, first: Int) -> String {
        let order = [first] + proxies.indices.filter { $0 != first }
        return "etcd://" + order.map { "127.0.0.1:\(proxies[$0].port)" }.joined(separator: ",") + "/" + prefix
    }

    /// Kills the leader as the `commit`-th writing transaction from now
    /// (1: the next) passes a proxy.
    public func arm(atCommit commit: Int, afterCarryingOut: Bool) {
        lock.withLock {
            writesToPass = commit
            self.afterCarryingOut = afterCarryingOut
            kill = nil
        }
    }

    /// The kill, once it happened.
    public var killed: Kill? { lock.withLock { kill } }

    public func stop() {
        for proxy in proxies { proxy.stop() }
    }

    deinit { stop() }

    private func decide(path: String, body: [UInt8], via: Int) -> EtcdProxy.Fault {
        guard path == "/v3/kv/txn", Self.writes(body) else { return .none }
        let (due, after) = lock.withLock { () -> (Bool, Bool) in
            guard writesToPass > 0 else { return (false, false) }
            writesToPass -= 1
            return (writesToPass == 0, afterCarryingOut)
        }
        guard due else { return .none }
        if after {
            return .loseAnswerAfter { [weak self] in self?.killLeader(via: via) }
        }
        killLeader(via: via)
        return .none
    }

    /// Kills the member every live member agrees leads, now.
    private func killLeader(via: Int) {
        guard let leader = try? cluster.leader() else { return }
        cluster.kill(leader)
        lock.withLock { kill = Kill(leader: leader, via: via) }
    }

    /// Whether a transaction's body writes (puts or deletes): a commit, not a read.
    static func writes(_ body: [UInt8]) -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        return text.contains("\"request_put\"") || text.contains("\"request_delete_range\"")
    }
}
