import LifeSignalCore
import LifeSignalStore
import SystemFiles

/// Who is signed in to one store, kept under `$XDG_STATE_HOME/lifesignal`
/// (0600). The token is the secret; the store keeps only its hash.
public struct SessionData: Codable, Sendable, Equatable {
    /// The identity of the store the session belongs to (a session file of
    /// a lifesignal from before identities holds the store's path instead).
    public var store: String
    public var accountID: EntityID
    public var token: String

    public init(store: String, accountID: EntityID, token: String) {
        self.store = store
        self.accountID = accountID
        self.token = token
    }
}

/// The session file for one store: `session-<identity>.json`. A session
/// belongs to the store's identity, not to where the store is, so a store
/// that is moved or copied (`store copy`) keeps everyone signed in, and
/// switching `--store` keeps each sign-in.
public struct SessionFile: Sendable {
    let identity: String?
    let current: LocalFile<SessionData>?
    /// Where a lifesignal from before identities kept the session for this
    /// store's location; read when there is no current one, and replaced by
    /// it on the next sign-in.
    let older: LocalFile<SessionData>
    let location: String

    /// - Parameter identity: the store's identity; nil for a store that has
    ///   none yet (empty, or not written to since identities came).
    public init(paths: LifeSignalPaths, identity: String?, fileSystem: any FileSystem = SystemFileSystem()) {
        self.identity = identity
        location = paths.store.description
        current = identity.map { LocalFile(directory: paths.stateDirectory, name: "session-\($0).json", fileSystem: fileSystem) }
        let key = String(SHA256.hexDigest(location).prefix(16))
        older = LocalFile(directory: paths.stateDirectory, name: "session-\(key).json", fileSystem: fileSystem)
    }

    /// The session for this store, or nil when signed out.
    public func load() throws -> SessionData? {
        if let identity, let data = try current?.read(), data.store == identity { return data }
        if let data = try older.read(), data.store == location { return data }
        return nil
    }

    /// Saves a sign-in to this store (`data.store` is its identity).
    public func save(_ data: SessionData) throws {
        guard let current, data.store == identity else {
            throw StoreError.io("internal error: a session is saved for the store's identity")
        }
        try current.write(data)
        if try older.read() != nil { try older.write(nil) }
    }

    public func clear() throws {
        try current?.write(nil)
        if try older.read() != nil { try older.write(nil) }
    }

    /// The file a sign-in is kept in (the older one when that is what there is).
    public var path: String {
        if let current, (try? current.read()) != nil || (try? older.read()) == nil { return current.path }
        return older.path
    }
}
