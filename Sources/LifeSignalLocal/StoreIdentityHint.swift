import LifeSignalCore
import LifeSignalStore
import SystemFiles

/// The identity a store at one location had when last seen, kept in
/// `$XDG_CACHE_HOME/lifesignal/identity-<digest>.json`: with it, a command
/// on an etcd store knows its session (which belongs to the identity) before
/// reading `store.json`, and can ask for everything it reads first in one
/// round trip. With it, the other accounts whose files recent commands read
/// (a status's dependents), asked for in that round trip too. Only a
/// guess: the store's own files decide, and a wrong or missing hint costs a
/// round trip (a stale account, a little bandwidth), nothing more.
public struct StoreIdentityHint: Sendable {
    let file: LocalFile<Hint>

    struct Hint: Codable {
        var identity: String
        /// Other accounts recent commands read, most recent first.
        var accounts: [String]?
    }

    /// The most accounts kept.
    public static let maximumAccounts = 32

    public init(paths: LifeSignalPaths, fileSystem: any FileSystem = SystemFileSystem()) {
        file = LocalFile(directory: paths.cacheDirectory,
                         name: "identity-\(SHA256.hexDigest(paths.store.description).prefix(16)).json", fileSystem: fileSystem)
    }

    /// The identity last seen; nil when none was kept or it cannot be read.
    public func load() -> String? { (try? file.read())?.identity }

    /// The other accounts recent commands read, most recent first.
    public func accounts() -> [EntityID] {
        ((try? file.read())?.accounts ?? []).compactMap(EntityID.init(validating:))
    }

    /// Keeps `identity` (a cache directory that cannot be written only costs
    /// round trips), and the accounts kept with the identity it replaces.
    public func save(_ identity: String) {
        let kept = try? file.read()
        try? file.write(Hint(identity: identity, accounts: kept?.identity == identity ? kept?.accounts : nil))
    }

    /// Puts `read` first among the accounts kept (when an identity is).
    public func remember(accounts read: [EntityID]) {
        guard !read.isEmpty, var hint = try? file.read() else { return }
        var accounts = read.map(\.rawValue)
        for old in hint.accounts ?? [] where !accounts.contains(old) { accounts.append(old) }
        accounts = Array(accounts.prefix(Self.maximumAccounts))
        guard accounts != hint.accounts else { return }
        hint.accounts = accounts
        try? file.write(hint)
    }
}
