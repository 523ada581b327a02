import DurableFiles
import FoundationEssentials
import LifeSignalCore
import StoreBackends
import StoreCodecKit
import SystemFiles

/// A small JSON file outside the store (the session, the local settings):
/// read without locking (it is only ever replaced whole, by rename), and
/// written atomically under a lock in its own directory, 0600.
struct LocalFile<Value: StoreFileData> {
    let directory: String
    let name: String
    let fileSystem: any FileSystem

    var path: String { directory + "/" + name }

    func read() throws -> Value? {
        let bytes: [UInt8]?
        do {
            bytes = try fileSystem.readRegularFile(path)
        } catch .io(_, _, .notDirectory) {
            return nil
        } catch {
            throw StoreError(error)
        }
        guard let bytes else { return nil }
        // Settings name commands lifesignal runs: a directory others could
        // write in is refused like a store, even just to read.
        try StoreError.mapping { try fileSystem.requireSafeDirectory(directory, ancestors: false) }
        return try StoreCodec(root: directory).decode(Value.self, from: bytes, path: name)
    }

    func write(_ value: Value?) throws {
        let store = try StoreError.mapping { try DurableDirectory(root: directory, fileSystem: fileSystem) }
        let bytes = value.map { StoreCodec(root: directory).encode($0) }
        try StoreError.mapping {
            try store.write { transaction in
                if let bytes { try transaction.write(name, bytes) } else if try transaction.read(name) != nil {
                    try transaction.delete(name)
                }
            }
        }
    }
}
