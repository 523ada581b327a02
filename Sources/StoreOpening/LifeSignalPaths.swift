import LifeSignalLocal
import StoreBackends

/// Where lifesignal keeps things for one invocation.
public struct LifeSignalPaths: LocalPaths, Sendable, Equatable {
    /// The store: the shared backend.
    public var store: StoreLocation
    /// Who is signed in, per store.
    public var stateDirectory: String
    /// Local settings (notify and SMS commands).
    public var configDirectory: String
    /// What can be made again (`$XDG_CACHE_HOME/lifesignal`): hints that save round trips.
    public var cacheDirectory: String

    /// The store as messages name it, which local files are kept per.
    public var storeName: String { store.description }

    /// - Parameters:
    ///   - storeOption: `--store STORE`, taking precedence over `LIFESIGNAL_STORE`.
    ///   - workingDirectory: resolves a relative store path.
    /// - Throws: `StoreError.badLocation` (a usage error) for a store lifesignal cannot name.
    public init(xdg: XDGDirectories, environment: [String: String], storeOption: String?,
                workingDirectory: String) throws {
        try self.init(xdg: xdg, variable: { environment[$0] }, storeOption: storeOption, workingDirectory: workingDirectory)
    }

    /// The same, asking `variable` for `LIFESIGNAL_STORE`.
    public init(xdg: XDGDirectories, variable: (String) -> String?, storeOption: String?,
                workingDirectory: String) throws {
        if let chosen = storeOption ?? variable("LIFESIGNAL_STORE").flatMap({ $0.isEmpty ? nil : $0 }) {
            store = try StoreLocation.parse(chosen, workingDirectory: workingDirectory)
        } else {
            store = .directory(xdg.dataHome + "/lifesignal")
        }
        stateDirectory = xdg.stateHome + "/lifesignal"
        configDirectory = xdg.configHome + "/lifesignal"
        cacheDirectory = xdg.cacheHome + "/lifesignal"
    }
}
