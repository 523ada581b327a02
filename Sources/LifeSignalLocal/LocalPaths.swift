/// Where this person's files for one store live on this machine: what the
/// local files need of `LifeSignalPaths`, which also says where the store
/// is, and so knows every kind of store (this module knows none of them).
public protocol LocalPaths {
    /// The store as messages name it: the session and hints are kept per store.
    var storeName: String { get }
    /// Who is signed in, per store.
    var stateDirectory: String { get }
    /// Local settings (notify and SMS commands).
    var configDirectory: String { get }
    /// What can be made again: hints that save round trips.
    var cacheDirectory: String { get }
}
