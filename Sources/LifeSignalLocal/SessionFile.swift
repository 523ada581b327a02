import LifeSignalCore
import StoreBackends
import SystemFiles

/// Who is signed in to one store, kept under `$XDG_STATE_HOME/lifesignal`
/// (0600). The token is the secret; the store keeps only its hash.
public struct SessionData: Codable, Sendable, Equatable {
    /// The identity of the store the session belongs to (a session file of
    /// a lifesignal from before identities holds the store's path instead).
    public var store: String
    public var accountID: EntityID
    public var token: String
    /// The store's code key (`store.json`'s), so that a command that looks
    /// up a code names its file before it has read `store.json`; absent in
    /// a session from before, until a look-up learns it.
    public var codeKey: String?

    public init(store: String, accountID: EntityID, token: String, codeKey: String? = nil) {
        self.store = store
        self.accountID = accountID
        self.token = token
        self.codeKey = codeKey
    }
}

/// The session file for one store: `session-<identity>.json`. A session
/// belongs to the store's identity, not to where the store is, so a store
/// that is moved or copied (`store copy`) keeps everyone signed in, and
/// switching `--store` keeps each sign-in.
public struct SessionFile: Sendable {
    let directory: String
    let fileSystem: any FileSystem
    let identity: String?
    /// The store's location, which a lifesignal from before identities kept
    /// the session by.
    let location: String

    /// - Parameter identity: the store's identity; nil for a store that has
    ///   none yet (empty, or not written to since identities came).
    public init(paths: some LocalPaths, identity: String?, fileSystem: any FileSystem = SystemFileSystem()) {
        directory = paths.stateDirectory
        self.fileSystem = fileSystem
        self.identity = identity
        location = paths.storeName
        currentFile = LocalFile(directory: directory, name: "session-\(identity ?? "").json", fileSystem: fileSystem)
    }

    /// The file of the identity's session (meaningless without an identity).
    /// A plain value rather than an optional: an optional of a generic type
    /// costs a runtime type lookup.
    private let currentFile: LocalFile<SessionData>

    private func current(_ identity: String) -> LocalFile<SessionData> { currentFile }

    /// Where a lifesignal from before identities kept the session for this
    /// store's location; read when there is no current one, and replaced by
    /// it on the next sign-in.
    private var older: LocalFile<SessionData> {
        LocalFile(directory: directory, name: "session-\(SHA256.hexDigest(location).prefix(16)).json", fileSystem: fileSystem)
    }

    /// The identity of the only store signed in to here, a guess at this
    /// store's before it is read (a command with no identity hint names
    /// its account's files in its first request with it); nil when there is
    /// not exactly one. The store's own `store.json` decides.
    public static func onlyIdentity(paths: some LocalPaths, fileSystem: any FileSystem) -> String? {
        guard let names = try? fileSystem.listDirectory(paths.stateDirectory) else { return nil }
        let identities = names.filter { $0.hasPrefix("session-") && $0.hasSuffix(".json") }
            .map { String($0.dropFirst("session-".count).dropLast(".json".count)) }
        guard identities.count == 1, let identity = identities.first, !identity.isEmpty else { return nil }
        return identity
    }

    /// The session for this store, or nil when signed out.
    public func load() throws -> SessionData? {
        if let identity, let data = try current(identity).read(), data.store == identity { return data }
        if let data = try older.read(), data.store == location { return data }
        return nil
    }

    /// Saves a sign-in to this store (`data.store` is its identity).
    public func save(_ data: SessionData) throws {
        guard let identity, data.store == identity else {
            throw StoreError.io("internal error: a session is saved for the store's identity")
        }
        try current(identity).write(data)
        if try older.read() != nil { try older.write(nil) }
    }

    public func clear() throws {
        if let identity { try current(identity).write(nil) }
        if try older.read() != nil { try older.write(nil) }
    }

    /// The file a sign-in is kept in (the older one when that is what there is).
    public var path: String {
        if let identity, (try? current(identity).read()) != nil || (try? older.read()) == nil { return current(identity).path }
        return older.path
    }
}
