import Foundation

extension EtcdCluster {
    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: EtcdCluster] = [:]
    nonisolated(unsafe) private static var exitHandlerInstalled = false

    /// A cluster shared by the tests that name it, started on first use and
    /// shut down (members killed, data removed) when the test process exits.
    /// Tests sharing one keep to keys of their own (`EtcdTestKeys`).
    public static func shared(_ name: String, _ options: Options = Options()) throws -> EtcdCluster {
        try registryLock.withLock {
            if let cluster = registry[name] { return cluster }
            if !exitHandlerInstalled {
                exitHandlerInstalled = true
                atexit { EtcdCluster.shutdownShared() }
            }
            let cluster = try start(options)
            registry[name] = cluster
            return cluster
        }
    }

    static func shutdownShared() {
        let clusters = registryLock.withLock { Array(registry.values) }
        for cluster in clusters { cluster.shutdown() }
    }
}

/// Keys no other test uses: a random prefix per test.
public struct EtcdTestKeys: Sendable {
    public let prefix: [UInt8]

    public init(_ name: String = "t") {
        prefix = Array("\(name)/\(UUID().uuidString.prefix(8))/".utf8)
    }

    public func callAsFunction(_ name: String) -> [UInt8] { prefix + Array(name.utf8) }
}
