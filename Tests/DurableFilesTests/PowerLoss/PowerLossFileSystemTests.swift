import TestSupport
import Testing

@testable import DurableFiles
@testable import SystemFiles

/// The model itself: what survives a power loss, and that it fails like the
/// real calls do.
@Suite("PowerLossFileSystem", .hangGuard)
struct PowerLossFileSystemTests {
    @Test("an unsynced write is lost in the worst case; an fsynced one survives")
    func unsyncedWrite() throws {
        let disk = PowerLossFileSystem()
        try disk.mkdir("/d", permissions: .ownerAll)
        try disk.syncDirectory("/")
        try disk.create("/d/synced", "kept", syncing: true)
        try disk.create("/d/unsynced", "lost", syncing: false)
        try disk.syncDirectory("/d")
        disk.powerLoss(.worstCase)
        #expect(disk.regularFiles(under: "/") == ["d/synced": bytes("kept"), "d/unsynced": []])
    }

    @Test("an fsynced file whose directory entry was not synced is lost, with its directory")
    func unsyncedEntry() throws {
        let disk = PowerLossFileSystem()
        try disk.mkdir("/d", permissions: .ownerAll)
        try disk.syncDirectory("/")
        try disk.create("/d/file", "content", syncing: true)
        try disk.mkdir("/e", permissions: .ownerAll)
        try disk.create("/e/file", "content", syncing: true)
        try disk.syncDirectory("/e")
        disk.powerLoss(.worstCase)
        #expect(disk.regularFiles(under: "/").isEmpty)
        #expect(throws: Errno.noSuchFile) { try disk.stat("/e") }
        #expect(try disk.listDirectory("/d").isEmpty)
    }

    @Test("a rename is durable only once its directory is fsynced", arguments: [false, true])
    func renameDurability(syncingDirectory: Bool) throws {
        let disk = PowerLossFileSystem()
        try disk.create("/target", "old", syncing: true)
        try disk.create("/temporary", "new", syncing: true)
        try disk.syncDirectory("/")
        try disk.rename("/temporary", to: "/target")
        #expect(disk.regularFiles(under: "/") == ["target": bytes("new")])
        if syncingDirectory { try disk.syncDirectory("/") }
        disk.powerLoss(.worstCase)
        let expected = syncingDirectory ? ["target": bytes("new")] : ["target": bytes("old"), "temporary": bytes("new")]
        #expect(disk.regularFiles(under: "/") == expected)
    }

    @Test("a crash keeps the page cache; a power loss starts a new boot and closes every descriptor")
    func crashAndBoot() throws {
        let disk = PowerLossFileSystem()
        let first = disk.bootIdentifier()
        let descriptor = try disk.open("/f", access: .readWrite, options: [.create], permissions: .ownerReadWrite)
        try disk.writeAll(descriptor, bytes("cached"))
        disk.crash()
        #expect(disk.openDescriptorCount == 0)
        #expect(throws: Errno.badFileDescriptor) { try disk.readAll(descriptor) }
        #expect(disk.bootIdentifier() == first)
        #expect(disk.regularFiles(under: "/") == ["f": bytes("cached")])
        disk.powerLoss(.worstCase)
        #expect(disk.bootIdentifier() != first)
        #expect(disk.bootIdentifier() != nil)
        #expect(disk.regularFiles(under: "/").isEmpty)
    }

    @Test("pwrite past the end fills a hole with zeros; ftruncate and O_TRUNC cut; stat reports what a read sees")
    func contents() throws {
        let disk = PowerLossFileSystem()
        let descriptor = try disk.open("/f", access: .readWrite, options: [.create], permissions: .ownerAll)
        try disk.writeAll(descriptor, bytes("ab"), at: 4)
        #expect(try disk.readAll(descriptor) == [0, 0, 0, 0] + bytes("ab"))
        try disk.writeAll(descriptor, bytes("xyz"), at: 1)
        #expect(try disk.readAll(descriptor) == [0] + bytes("xyz") + bytes("ab"))
        try disk.truncate(descriptor, size: 2)
        let umasked = FilePermissions(rawValue: 0o700 & ~0o022)
        #expect(try disk.stat("/f") == FileStatus(kind: .regular, permissions: umasked, size: 2))
        try disk.close(descriptor)
        let again = try disk.open("/f", access: .writeOnly, options: [.truncate], permissions: .ownerAll)
        try disk.close(again)
        #expect(try disk.stat("/f").size == 0)
        try disk.mkdir("/d", permissions: FilePermissions(rawValue: 0o777))
        #expect(try disk.stat("/d").permissions == FilePermissions(rawValue: 0o755))
    }

    @Test("a random power loss keeps unsynced changes or not, tears only as new bytes over old, per its seed")
    func randomSubset() throws {
        let old = bytes("0123456789")
        let new = bytes("abcdefghijklmnop")
        var outcomes: Set<String> = []
        for seed in UInt64(1)...200 {
            let result = try Self.randomLoss(seed: seed, old: old, new: new)
            #expect(try Self.randomLoss(seed: seed, old: old, new: new) == result, "seed \(seed)")
            let file = try #require(result["file"], "seed \(seed)")
            if file == old {
                outcomes.insert("durable")
            } else if file == new {
                outcomes.insert("volatile")
            } else {
                outcomes.insert("torn")
                #expect(file.count == old.count || file.count == new.count, "seed \(seed)")
                let written = zip(file, new).prefix { $0 == $1 }.count
                let rest = file.indices.dropFirst(written).map { $0 < old.count ? old[$0] : 0 }
                #expect(Array(file.dropFirst(written)) == rest, "seed \(seed): \(file) is not new over old")
            }
            outcomes.insert(result["created"] == nil ? "creation reverted" : "creation kept")
        }
        #expect(outcomes == ["durable", "volatile", "torn", "creation reverted", "creation kept"])
    }

    /// A synced file rewritten without fsync and a file created without a
    /// directory fsync, after a random power loss.
    private static func randomLoss(seed: UInt64, old: [UInt8], new: [UInt8]) throws -> [String: [UInt8]] {
        let disk = PowerLossFileSystem()
        try disk.create("/file", String(decoding: old, as: UTF8.self), syncing: true)
        try disk.syncDirectory("/")
        let descriptor = try disk.open("/file", access: .writeOnly, options: [], permissions: .ownerAll)
        try disk.writeAll(descriptor, new)
        try disk.close(descriptor)
        try disk.create("/created", "x", syncing: true)
        disk.powerLoss(.randomSubset(seed: seed))
        return disk.regularFiles(under: "/")
    }
}

extension PowerLossFileSystem {
    /// Creates (or replaces the content of) `path`, fsyncing the file but not its directory when asked.
    func create(_ path: String, _ content: String, syncing: Bool) throws(Errno) {
        let descriptor = try open(path, access: .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite)
        try writeAll(descriptor, bytes(content))
        if syncing { try fsync(descriptor) }
        try close(descriptor)
    }
}
