import FoundationEssentials
import LifeSignalLocal
import LifeSignalStore

extension Context {
    /// How to open the store at `location` when it is an etcd cluster: the
    /// TLS files from `LIFESIGNAL_ETCD_CACERT`, `_CERT` and `_KEY`, else
    /// from the settings `etcd-cacert`, `etcd-cert` and `etcd-key`; the
    /// password from `LIFESIGNAL_ETCD_PASSWORD`; the sign-in token kept
    /// under XDG state. Nothing for a directory.
    func etcdAccess(for location: StoreLocation) throws -> EtcdStoreAccess {
        guard case .etcd(let cluster) = location else { return EtcdStoreAccess() }
        var access = EtcdStoreAccess(password: variable("LIFESIGNAL_ETCD_PASSWORD"))
        if cluster.usesTLS {
            let settings = try localSettings().load()
            access.caFile = file("LIFESIGNAL_ETCD_CACERT") ?? settings.etcdCACert
            access.certificateFile = file("LIFESIGNAL_ETCD_CERT") ?? settings.etcdCert
            access.keyFile = file("LIFESIGNAL_ETCD_KEY") ?? settings.etcdKey
        }
        if cluster.user != nil {
            var withoutPrefix = cluster
            withoutPrefix.prefix = ""
            let tokens = EtcdTokenFile(paths: try paths(), cluster: withoutPrefix.description, fileSystem: env.fileSystem)
            access.loadToken = { tokens.load() }
            access.saveToken = { tokens.save($0) }
        }
        return access
    }

    /// Opens the store at `location` (a `store copy` end, `doctor`'s store)
    /// with this run's clock, lock timeout and etcd access.
    func open(_ location: StoreLocation, creating: Bool) throws -> SharedStore {
        try SharedStore.open(location, fileSystem: env.fileSystem, lockTimeout: env.lockTimeout, creating: creating,
                             clock: clockKind, etcd: try etcdAccess(for: location))
    }

    /// The store's own clock (an etcd cluster's); nil for a directory, and
    /// when the store cannot even be named (the command says why when it
    /// needs the store).
    func storeClock() throws -> Date? {
        guard case .etcd? = try? paths().store else { return nil }
        return try existingStore()?.backend.clock()
    }

    /// An environment variable, unless unset or empty.
    private func variable(_ name: String) -> String? {
        env.variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A file named by an environment variable, relative to the working directory.
    private func file(_ name: String) -> String? {
        variable(name).map { $0.hasPrefix("/") ? $0 : env.workingDirectory + "/" + $0 }
    }
}
