import Foundation
import Glibc
import Testing

@testable import DurableFiles
@testable import SystemFiles

/// Every regular file under `root`, relative path → content, hidden and
/// store-owned files included.
func snapshot(_ root: String) -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return result }
    while let relative = enumerator.nextObject() as? String {
        let path = root + "/" + relative
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        {
            result[relative] = [UInt8](data)
        }
    }
    return result
}

/// Names under `root` that are temporary files of the store.
func temporaryFiles(_ root: String) -> [String] {
    snapshot(root).keys.filter { StorePath.isTemporaryName(StorePath.name($0)) }.sorted()
}

/// Creates `path` holding `content` (no mode fixing: this is test scaffolding).
func createFile(_ path: String, _ content: [UInt8] = []) throws {
    let fileSystem = SystemFileSystem()
    let descriptor = try fileSystem.open(path, access: .writeOnly, options: [.create], permissions: .ownerReadWrite)
    try fileSystem.writeAll(descriptor, content)
    try fileSystem.close(descriptor)
}

/// Permission bits of a path (not following links).
func permissions(_ path: String) throws -> FilePermissions {
    try SystemFileSystem().lstat(path).permissions
}

/// Serialises tests that change the process-wide umask.
let umaskLock = NSLock()

/// Runs `body` with the umask set to `mask`, restoring it afterwards.
func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
    umaskLock.lock()
    defer { umaskLock.unlock() }
    let previous = umask(mask)
    defer { umask(previous) }
    return try body()
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

func text(_ bytes: [UInt8]?) -> String? {
    bytes.map { String(decoding: $0, as: UTF8.self) }
}
