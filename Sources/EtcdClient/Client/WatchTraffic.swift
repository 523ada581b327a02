/// Requests and connections of the client's watches, which use connections
/// of their own (`EtcdClient.traffic` adds them in).
final class WatchTraffic: @unchecked Sendable {
    private let lock = StateLock()
    private var counted = EtcdClient.Traffic()

    var total: EtcdClient.Traffic { lock.withLock { counted } }

    func add(roundTrips: Int, connections: Int) {
        lock.withLock {
            counted.roundTrips += roundTrips
            counted.connections += connections
        }
    }
}
