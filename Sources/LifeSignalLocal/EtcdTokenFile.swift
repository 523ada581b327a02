import LifeSignalCore
import SystemFiles

/// The sign-in token of one etcd user on one cluster, kept between commands
/// (signing in costs the cluster ~80 ms of bcrypt, too much for every
/// command): `$XDG_STATE_HOME/lifesignal/etcd-token-<digest>.json`, 0600
/// like the session. The etcd client drops it when the cluster refuses it
/// (it expired, or its member restarted) and signs in again.
public struct EtcdTokenFile: Sendable {
    let file: LocalFile<Token>

    struct Token: Codable, Equatable, Sendable {
        var token: String
    }

    /// - Parameter cluster: names the cluster and user (the store's URL
    ///   without its prefix): stores of one user on one cluster share it.
    public init(paths: some LocalPaths, cluster: String, fileSystem: any FileSystem = SystemFileSystem()) {
        file = LocalFile(directory: paths.stateDirectory,
                         name: "etcd-token-\(SHA256.hexDigest(cluster).prefix(16)).json", fileSystem: fileSystem)
    }

    /// The kept token; nil when there is none or it cannot be read.
    public func load() -> String? { (try? file.read())?.token }

    /// Keeps `token` (nil forgets it). A state directory that cannot be
    /// written costs a sign-in per command, nothing more.
    public func save(_ token: String?) { try? file.write(token.map { Token(token: $0) }) }

    public var path: String { file.path }
}
