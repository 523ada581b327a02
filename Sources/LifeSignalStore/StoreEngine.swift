import DurableFiles
import FoundationEssentials
import LifeSignalCore

/// Opens the store directory and runs reads and atomic write transactions
/// on it. Every transaction first brings deadlines up to date, so all
/// commands see the same world.
public struct StoreEngine: Sendable {
    public let root: String
    /// The clock the commands run on; a store created under simulated time
    /// is a simulation store, and only such a store accepts it.
    public let clock: StoreClock
    let durable: DurableStore

    /// - Parameters:
    ///   - root: the store directory (created 0700 when missing).
    ///   - lockTimeout: how long to wait for another process before "store is busy".
    ///   - clock: `.simulated` when "now" is not the real time (`LIFESIGNAL_NOW`).
    public init(root: String, fileSystem: any FileSystem = SystemFileSystem(),
                lockTimeout: Duration = .seconds(5), clock: StoreClock = .real) throws {
        self.root = root
        self.clock = clock
        durable = try StoreError.mapping {
            try DurableStore(root: root, fileSystem: fileSystem, lockTimeout: lockTimeout)
        }
    }

    /// A consistent read of the store. When a deadline has come due, it is
    /// first brought up to date in a write transaction of its own.
    public func read<T>(env: CoreEnvironment, _ body: (FileStore) throws -> T) throws -> T {
        let needsCatchUp = try readOnly { store in try DeadlineService.isCatchUpNeeded(store, now: env.now) }
        if needsCatchUp {
            try write(env: env) { _ in }
        }
        return try readOnly(body)
    }

    /// A read that does not look at deadlines (completion, doctor).
    public func readOnly<T>(_ body: (FileStore) throws -> T) throws -> T {
        try StoreError.mapping {
            try durable.read { reader in
                let store = FileStore(files: ReaderFiles(reader), codec: StoreCodec(root: root))
                try store.checkMeta(clock: clock)
                return try body(store)
            }
        }
    }

    /// One atomic transaction: deadlines are brought up to date, then
    /// `body` runs; everything it changes commits together or not at all.
    public func write<T>(env: CoreEnvironment, _ body: (FileStore) throws -> T) throws -> T {
        var result: T?
        do {
            try durable.write { transaction in
                let store = FileStore(files: TransactionFiles(transaction), codec: StoreCodec(root: root))
                try store.checkMeta(clock: clock)
                try store.ensureMeta(now: env.now, clock: clock)
                try DeadlineService(store: store, env: env).catchUp()
                result = try body(store)
            }
        } catch let error as DurableFilesError where error.isCommitted {
            // The change is the store's state; the next access finishes
            // applying it, so this command succeeded.
        } catch let error as DurableFilesError {
            throw StoreError(error)
        }
        guard let result else { throw StoreError.io("internal error: the transaction produced no result") }
        return result
    }
}
