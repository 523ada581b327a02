import EtcdStore
import LifeSignalStore
import StoreBackends
import SystemFiles

extension SharedStore {
    /// Opens the store at `location`. A directory is made when missing if
    /// `creating` (a store that must exist, such as a copy's source, says
    /// "no store at ..." instead).
    /// - Parameter lockTimeout: how long to wait for another process before "store is busy".
    /// - Parameter clock: `.simulated` when "now" is not the real time (`LIFESIGNAL_NOW`).
    /// - Parameter etcd: certificates, password and token cache for an etcd
    ///   store (nothing is sent until the store is used; an empty prefix is
    ///   an empty store).
    public static func open(_ location: StoreLocation, fileSystem: any FileSystem = SystemFileSystem(),
                            lockTimeout: Duration = .seconds(5), creating: Bool = true,
                            clock: StoreClock = .real, etcd: EtcdStoreAccess = EtcdStoreAccess()) throws -> SharedStore {
        switch location {
        case .directory(let path):
            return SharedStore(backend: try DirectoryBackend(root: path, fileSystem: fileSystem, lockTimeout: lockTimeout,
                                                             creating: creating), clock: clock)
        case .etcd(let cluster):
            var access = etcd
            access.busyTimeout = lockTimeout
            return SharedStore(backend: try EtcdBackend(location: cluster, access: access), clock: clock)
        }
    }
}

extension StoreDoctor {
    /// What in the store at `location` someone else could have planted or
    /// changed (`safetyFindings(inDirectory:fileSystem:)`). A store on etcd
    /// has no such files.
    public static func safetyFindings(at location: StoreLocation, fileSystem: any FileSystem) -> [DoctorFinding] {
        guard case .directory(let root) = location else { return [] }
        return safetyFindings(inDirectory: root, fileSystem: fileSystem)
    }
}
