import EtcdClient
import StoreOpening
import TestSupport

extension EtcdCluster {
    /// A store of its own for one test: under a fresh prefix (`name` and a
    /// random number) on this cluster's first member.
    func freshStore(_ name: String) throws -> EtcdURL {
        let url = "etcd://127.0.0.1:\(members[0].clientPort)/\(name)-\(UInt64.random(in: 0...UInt64.max))"
        guard case .etcd(let location) = try StoreLocation.parse(url, workingDirectory: "/") else {
            throw FixtureError("not an etcd location: \(url)")
        }
        return location
    }
}
