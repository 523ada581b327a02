import EtcdStore
import FoundationEssentials
import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore
import StoreBackends
import StoreOpening

extension AppSession {
    /// How to open the store at `location` when it is an etcd cluster: the
    /// TLS files from `LIFESIGNAL_ETCD_CACERT`, `_CERT` and `_KEY`, else
    /// from the settings `etcd-cacert`, `etcd-cert` and `etcd-key`; the
    /// password from `LIFESIGNAL_ETCD_PASSWORD`; the sign-in token kept
    /// under XDG state. Nothing for a directory.
    func etcdAccess(for location: StoreLocation) throws -> EtcdStoreAccess {
        guard case .etcd(let cluster) = location else { return EtcdStoreAccess() }
        var access = EtcdStoreAccess(password: variable("LIFESIGNAL_ETCD_PASSWORD"))
        access.keepsSnapshots = true
        access.random = env.random
        if cluster.usesTLS {
            let settings = try settings()
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

    /// `etcdAccess(for:)` for this run's own store: with the member that
    /// answered the last command, kept in the identity hint, asked first.
    func etcdAccess(forOwnStore location: StoreLocation) throws -> EtcdStoreAccess {
        var access = try etcdAccess(for: location)
        if case .etcd = location, let paths = try? paths() { access.firstMember = identityHint(paths).member }
        return access
    }

    /// Opens the store at `location` (a `store copy` end, `doctor`'s store)
    /// with this run's clock, lock timeout and etcd access.
    public final func open(_ location: StoreLocation, creating: Bool) throws -> SharedStore {
        let store = try SharedStore.open(location, fileSystem: env.fileSystem, lockTimeout: env.lockTimeout, creating: creating,
                                         clock: clockKind, etcd: try etcdAccess(for: location))
        storesOpened.append(store)
        return store
    }

    /// The store's own clock (an etcd cluster's); nil for a directory, and
    /// when the store cannot even be named (the command says why when it
    /// needs the store).
    func storeClock() throws -> Date? {
        guard case .etcd? = try? paths().store else { return nil }
        return try existingStore()?.backend.clock()
    }

    /// On an etcd store, says what a signed-in command reads first (its
    /// account's small files, found through the session of the identity the
    /// store had last time), so that they all come in the first round trip.
    func expectSignedInReads(_ store: SharedStore, at location: StoreLocation) {
        guard case .etcd = location, let paths = try? paths() else { return }
        let hint = identityHint(paths)
        // Without the hint, the only identity signed in to here is most likely the store's.
        guard let identity = hint.identity ?? SessionFile.onlyIdentity(paths: paths, fileSystem: env.fileSystem),
              let session = try? sessionFile(identity: identity).load() else {
            if hint.identity == nil { store.expectReadsOfUnknownAccount() }
            return
        }
        let leftOut = store.expectReads(of: session.accountID, sessionTokenHash: SHA256.hexDigest(session.token),
                                        learned: hint.learned.files, random: env.random)
        loadedIdentityHint?.leftOut = leftOut
        loadedIdentityHint?.expected = identity
    }

    /// On an etcd store, names the code index file that holds `code` for
    /// the command's first request to bring, with the code key the session
    /// keeps (the session as the first request's hint finds it, before
    /// `store.json` is read): a look-up of the code then costs no round
    /// trip of its own.
    public final func prefetchCodeLookup(_ code: String) {
        guard case .etcd? = try? paths().store, let paths = try? paths(),
              let identity = identityHint(paths).identity ?? SessionFile.onlyIdentity(paths: paths, fileSystem: env.fileSystem),
              let key = (try? sessionFile(identity: identity).load())??.codeKey, let store = try? existingStore() else { return }
        store.prefetchCodeLookup(code, key: key)
    }

    /// On an etcd store, keeps the store's code key `key` in the session
    /// this run used, when the session lacks it (one saved before sessions
    /// kept it) or it is no longer the store's, for the next look-up of a
    /// code (`prefetchCodeLookup`). A session that cannot be written keeps
    /// working: the look-up then reads `store.json` first.
    public final func rememberCodeKey(_ key: String?) {
        guard case .etcd? = try? paths().store, let key, var session = try? session(), session.codeKey != key,
              let file = try? sessionFile() else { return }
        session.codeKey = key
        guard (try? file.save(session)) != nil else { return }
        cachedSession = session
    }

    /// On an etcd store, keeps the files this command read in round trips
    /// of their own (a status's dependents and responders), so the next
    /// command asks for them in its first; and forgets those its first
    /// request brought twice (a learned check-in segment that is the newest)
    /// and those it showed no longer exist (`StoreIdentityHint`), and those
    /// its hint left out (the account's own files, learned before the hint
    /// existed, which the hint asks for anyway). The hint file is written
    /// only when that changes what it keeps.
    final func rememberFilesRead() {
        guard let store = openedStore, case .etcd? = try? paths().store, let paths = try? paths() else { return }
        let hint = identityHint(paths)
        let learned = hint.learned.after(store.readLessons).without(hint.leftOut)
        guard learned != hint.learned else { return }
        hint.file.remember(learned)
    }

    /// On an etcd store, keeps the member that answered last for the next
    /// command to ask first, when it changed (a member hung or went away).
    final func rememberAnsweringMember() {
        guard let member = openedStore?.backend.answeringMember, let paths = try? paths() else { return }
        let hint = identityHint(paths)
        guard hint.member != member else { return }
        hint.file.remember(member: member)
        loadedIdentityHint?.member = member
    }

    /// Keeps an etcd store's identity for the next command's hint, when it
    /// changed (compared with what this run read, without reading again);
    /// and says now what this command reads, which it could not say before
    /// it knew the identity (its account's files then come in its next
    /// request, not one by one).
    func rememberIdentity(_ identity: String?) {
        guard let identity, case .etcd(let location)? = try? paths().store, let paths = try? paths() else { return }
        var hint = identityHint(paths)
        guard hint.identity != identity else { return }
        hint.file.save(identity)
        hint.identity = identity
        hint.learned = StoreIdentityHint.Learned()
        loadedIdentityHint = hint
        if hint.expected != identity, let store = openedStore { expectSignedInReads(store, at: .etcd(location)) }
    }

    /// The store's identity hint, read once a run: its file's name is a
    /// digest of the location, and each read decodes the whole file.
    private func identityHint(_ paths: LifeSignalPaths) -> LoadedIdentityHint {
        if let loadedIdentityHint { return loadedIdentityHint }
        let file = StoreIdentityHint(paths: paths, fileSystem: env.fileSystem)
        let kept = file.loadAll()
        let hint = LoadedIdentityHint(file: file, identity: kept?.identity, learned: kept?.learned ?? StoreIdentityHint.Learned(),
                                      member: kept?.member)
        loadedIdentityHint = hint
        return hint
    }

    /// How many round trips and connections this run took on etcd, over
    /// every store it opened (its own, `doctor`'s, both ends of a copy),
    /// for seeing where time goes and for the benchmark; nil when the run
    /// opened no etcd store.
    public final var etcdTraffic: StoreTraffic? {
        storesOpened.compactMap(\.backend.traffic).reduce(nil) { total, traffic in total.map { $0 + traffic } ?? traffic }
    }

    /// What the end of a run keeps for the next on an etcd store: the
    /// files it read, the member that answered.
    public final func rememberForNextRun() {
        rememberFilesRead()
        rememberAnsweringMember()
    }

    /// An environment variable, unless unset or empty.
    private func variable(_ name: String) -> String? {
        env.variable(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A file named by an environment variable, relative to the working directory.
    private func file(_ name: String) -> String? {
        variable(name).map { $0.hasPrefix("/") ? $0 : env.workingDirectory + "/" + $0 }
    }
}

/// An etcd store's identity hint as this run read (or last wrote) it.
struct LoadedIdentityHint {
    let file: StoreIdentityHint
    var identity: String?
    var learned: StoreIdentityHint.Learned
    /// The member that answered the last command.
    var member: String?
    /// The learned files this run's hint left out (`SharedStore.expectReads`).
    var leftOut: [String] = []
    /// The identity whose account's files the hint named.
    var expected: String?
}
