import LifeSignalCore
import LifeSignalStore
import SystemFiles

/// The identity a store at one location had when last seen, kept in
/// `$XDG_CACHE_HOME/lifesignal/identity-<digest>.json`: with it, a command
/// on an etcd store knows its session (which belongs to the identity) before
/// reading `store.json`, and can ask for everything it reads first in one
/// round trip. Only a guess: the store's own `store.json` decides, and a
/// wrong or missing hint costs a round trip, nothing more.
public struct StoreIdentityHint: Sendable {
    let file: LocalFile<Hint>

    struct Hint: Codable {
        var identity: String
    }

    public init(paths: LifeSignalPaths, fileSystem: any FileSystem = SystemFileSystem()) {
        file = LocalFile(directory: paths.cacheDirectory,
                         name: "identity-\(SHA256.hexDigest(paths.store.description).prefix(16)).json", fileSystem: fileSystem)
    }

    /// The identity last seen; nil when none was kept or it cannot be read.
    public func load() -> String? { (try? file.read())?.identity }

    /// Keeps `identity` (a cache directory that cannot be written only costs round trips).
    public func save(_ identity: String) { try? file.write(Hint(identity: identity)) }
}
