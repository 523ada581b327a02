import LifeSignalCore
import LifeSignalStore
import SystemFiles

/// The identity a store at one location had when last seen, kept in
/// `$XDG_CACHE_HOME/lifesignal/identity-<digest>.json`: with it, a command
/// on an etcd store knows its session (which belongs to the identity) before
/// reading `store.json`, and can ask for everything it reads first in one
/// round trip. With it, the files recent commands had to read in round trips
/// of their own (a status's dependents and responders: their accounts,
/// delivery set-ups and sessions), asked for in that round trip too. Only a
/// guess: the store's own files decide, and a wrong or missing hint costs a
/// round trip (a stale file, a little bandwidth), nothing more.
public struct StoreIdentityHint: Sendable {
    let file: LocalFile<Hint>

    struct Hint: Codable, Equatable, Sendable {
        var identity: String
        /// Store files recent commands read on their own, most recent first.
        var files: [String]?
    }

    /// The most files kept.
    public static let maximumFiles = 64

    public init(paths: LifeSignalPaths, fileSystem: any FileSystem = SystemFileSystem()) {
        file = LocalFile(directory: paths.cacheDirectory,
                         name: "identity-\(SHA256.hexDigest(paths.store.description).prefix(16)).json", fileSystem: fileSystem)
    }

    /// The identity last seen; nil when none was kept or it cannot be read.
    public func load() -> String? { (try? file.read())?.identity }

    /// The store files recent commands read on their own, most recent first.
    public func files() -> [String] { (try? file.read())?.files ?? [] }

    /// The identity and the files in one read (a command wants both, and
    /// each read decodes the whole file): nil when none was kept or it
    /// cannot be read.
    public func loadAll() -> (identity: String, files: [String])? {
        guard let hint = try? file.read() else { return nil }
        return (hint.identity, hint.files ?? [])
    }

    /// Keeps `identity` (a cache directory that cannot be written only costs
    /// round trips), and the files kept with the identity it replaces.
    public func save(_ identity: String) {
        let kept = try? file.read()
        try? file.write(Hint(identity: identity, files: kept?.identity == identity ? kept?.files : nil))
    }

    /// Puts `read` first among the files kept (when an identity is), and
    /// drops `redundant` (files the first request brings anyway).
    public func remember(files read: [String], forgetting redundant: [String] = []) {
        guard !read.isEmpty || !redundant.isEmpty, var hint = try? file.read() else { return }
        var files = read
        for old in hint.files ?? [] where !files.contains(old) && !redundant.contains(old) { files.append(old) }
        files = Array(files.prefix(Self.maximumFiles))
        guard files != hint.files else { return }
        hint.files = files
        try? file.write(hint)
    }
}
