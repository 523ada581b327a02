import DurableFiles
import LifeSignalCore

/// Who is signed in to one store, kept under `$XDG_STATE_HOME/lifesignal`
/// (0600). The token is the secret; the store keeps only its hash.
public struct SessionData: Codable, Sendable, Equatable {
    public var store: String
    public var accountID: EntityID
    public var token: String

    public init(store: String, accountID: EntityID, token: String) {
        self.store = store
        self.accountID = accountID
        self.token = token
    }
}

/// The session file for one store: sessions are kept per store, so
/// switching `--store` keeps each sign-in.
public struct SessionFile: Sendable {
    let file: LocalFile<SessionData>
    let storeRoot: String

    public init(paths: LifeSignalPaths, fileSystem: any FileSystem = SystemFileSystem()) {
        let key = String(SHA256.hexDigest(paths.store).prefix(16))
        file = LocalFile(directory: paths.stateDirectory, name: "session-\(key).json", fileSystem: fileSystem)
        storeRoot = paths.store
    }

    /// The session for this store, or nil when signed out.
    public func load() throws -> SessionData? {
        guard let data = try file.read(), data.store == storeRoot else { return nil }
        return data
    }

    public func save(_ data: SessionData) throws { try file.write(data) }
    public func clear() throws { try file.write(nil) }
    public var path: String { file.path }
}
