import Testing

@testable import DurableFiles
@testable import SystemFiles

/// A machine for power-loss tests of `DurableDirectory`: one model disk, one
/// store root on it, and the store configuration under test.
struct PowerLossMachine: Sendable {
    /// How the store is set up and what the platform offers it.
    struct Configuration: Sendable, CustomTestStringConvertible {
        let id: String
        let checkpointSize: Int
        /// Whether the platform names its boots. Without, the store must
        /// make every commit durable in full before it returns.
        let namesBoots: Bool
        /// Files from which a checkpoint syncs the whole file system at once.
        var wholeSyncFrom = DurableDirectory.defaultWholeSyncFrom
        var testDescription: String { id }

        static let defaultCheckpoint = Configuration(
            id: "default checkpoint size", checkpointSize: DurableDirectory.defaultCheckpointSize, namesBoots: true)
        static let everyCommit = Configuration(id: "checkpoint at every commit", checkpointSize: 0, namesBoots: true)
        static let everyFewCommits = Configuration(
            id: "checkpoint every few commits", checkpointSize: 600, namesBoots: true)
        static let noBootIdentifier = Configuration(
            id: "no boot identifier", checkpointSize: DurableDirectory.defaultCheckpointSize, namesBoots: false)
    }

    static let root = "/srv/store"

    let disk = PowerLossFileSystem()
    let configuration: Configuration

    init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// A store on the disk as a fresh process opens it: straight on the
    /// model, or through an injector that hides the boot identifier.
    func store() throws -> DurableDirectory {
        try store(on: configuration.namesBoots ? disk : injector())
    }

    /// A store whose every call goes through `fileSystem` (an injector over the disk).
    func store(on fileSystem: any FileSystem) throws -> DurableDirectory {
        // A lock the model never releases would be a bug; fail fast rather than wait.
        try DurableDirectory(root: Self.root, fileSystem: fileSystem, lockTimeout: .milliseconds(200),
                         checkpointSize: configuration.checkpointSize, wholeSyncFrom: configuration.wholeSyncFrom)
    }

    /// An injector over the disk, without boot identifiers if the configuration has none.
    func injector() -> FaultInjectingFileSystem {
        let injector = FaultInjectingFileSystem(wrapping: disk)
        if !configuration.namesBoots { injector.setBootIdentifier(nil) }
        return injector
    }

    /// Every regular file under the root as a process would read it now,
    /// the store's own files included.
    func allFiles() -> [String: [UInt8]] {
        disk.regularFiles(under: Self.root)
    }

    /// The stored data as files: the store's own files and temporary files left out.
    func data() -> [String: [UInt8]] {
        allFiles().filter { path, _ in
            !StorePath.reservedNames.contains(path) && !StorePath.isTemporaryName(StorePath.name(path))
        }
    }

    /// Temporary files anywhere under the root, sorted.
    func temporaryFiles() -> [String] {
        allFiles().keys.filter { StorePath.isTemporaryName(StorePath.name($0)) }.sorted()
    }

    /// What a fresh store reads at `paths` (recovering first, if it must).
    func read(_ paths: some Sequence<String>) throws -> [String: [UInt8]] {
        try store().read { reader in
            var seen: [String: [UInt8]] = [:]
            for path in paths {
                seen[path] = try reader.read(path)
            }
            return seen
        }
    }
}
