import Foundation
import Glibc
import SystemFiles
import Testing

@testable import DurableFiles
import TestSupport

/// What another local user who may write a store directory could plant in
/// it, and what the store does: it refuses (`.unsafe`, or `.damaged` for
/// what is not a file at all), and the planted thing, and whatever it
/// points at, stays exactly as it was.
@Suite("Planted files and directories", .serialized)
struct PlantedFileTests {
    /// One plant: what to do to a store (and a victim file beside it) before
    /// a read and a write of it.
    struct Plant: Sendable, CustomTestStringConvertible {
        let id: String
        let plant: @Sendable (_ root: String, _ victim: String) throws -> Void
        var testDescription: String { id }
    }

    static let strangerID: uid_t = 54_321

    static let plants: [Plant] = [
        Plant(id: "lock is a symbolic link to someone's file") { root, victim in
            try relink(root + "/lock", to: victim)
        },
        Plant(id: "gate is a symbolic link to someone's file") { root, victim in
            try relink(root + "/gate", to: victim)
        },
        Plant(id: "journal is a symbolic link to someone's file") { root, victim in
            try relink(root + "/journal", to: victim)
        },
        Plant(id: "a data file is a symbolic link to someone's file") { root, victim in
            try relink(root + "/d/file", to: victim)
        },
        Plant(id: "a directory inside the store is a symbolic link") { root, victim in
            try FileManager.default.removeItem(atPath: root + "/d")
            try FileManager.default.createSymbolicLink(atPath: root + "/d", withDestinationPath: StorePath.parent(victim))
        },
        Plant(id: "lock is a hard link to someone's file") { root, victim in
            try FileManager.default.removeItem(atPath: root + "/lock")
            #expect(link(victim, root + "/lock") == 0)
        },
        Plant(id: "journal was made world-readable first") { root, _ in
            try FileManager.default.removeItem(atPath: root + "/journal")
            try createFile(root + "/journal")
            #expect(chmod(root + "/journal", 0o644) == 0)
        },
        Plant(id: "a data file others may read") { root, _ in
            #expect(chmod(root + "/d/file", 0o640) == 0)
        },
        Plant(id: "the store directory is writable by others") { root, _ in
            #expect(chmod(root, 0o777) == 0)
        },
        Plant(id: "the store directory is writable by its group") { root, _ in
            #expect(chmod(root, 0o770) == 0)
        },
        Plant(id: "a directory inside the store is writable by others") { root, _ in
            #expect(chmod(root + "/d", 0o777) == 0)
        },
        Plant(id: "a directory above the store is writable by anyone, without the sticky bit") { root, _ in
            #expect(chmod(StorePath.parentOfDirectory(root) ?? "/", 0o777) == 0)
        },
    ]

    /// Plants that give a file to another user, which only root may do.
    static let rootPlants: [Plant] = [
        Plant(id: "the store directory belongs to someone else") { root, _ in
            #expect(chown(root, strangerID, strangerID) == 0)
        },
        Plant(id: "the lock file belongs to someone else") { root, _ in
            #expect(chown(root + "/lock", strangerID, strangerID) == 0)
        },
        Plant(id: "the journal belongs to someone else") { root, _ in
            #expect(chown(root + "/journal", strangerID, strangerID) == 0)
        },
        Plant(id: "a data file belongs to someone else") { root, _ in
            #expect(chown(root + "/d/file", strangerID, strangerID) == 0)
        },
        Plant(id: "a directory inside the store belongs to someone else") { root, _ in
            #expect(chown(root + "/d", strangerID, strangerID) == 0)
        },
        Plant(id: "a directory above the store belongs to someone else") { root, _ in
            #expect(chown(StorePath.parentOfDirectory(root) ?? "/", strangerID, strangerID) == 0)
        },
    ]

    static func relink(_ path: String, to target: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    static let isRoot = geteuid() == 0

    @Test("each plant is refused, and nothing it points at changes", arguments: plants)
    func plantIsRefused(_ plant: Plant) throws {
        try check(plant)
    }

    @Test("a file or directory of another user's is refused", .enabled(if: isRoot, "only root can give files away"),
          arguments: rootPlants)
    func foreignOwnerIsRefused(_ plant: Plant) throws {
        try check(plant)
    }

    /// Plants `plant` in a store that has a journal, then writes and reads it.
    private func check(_ plant: Plant) throws {
        let directory = TemporaryDirectory()
        let root = directory.child("parent/store")
        let victimDirectory = directory.child("victim")
        try FileManager.default.createDirectory(atPath: victimDirectory, withIntermediateDirectories: true)
        let victim = victimDirectory + "/authorized_keys"
        try createFile(victim, bytes("ssh-ed25519 AAAA precious\n"))
        #expect(chmod(victim, 0o600) == 0)
        let store = try DurableDirectory(root: root)
        try store.write { tx in try tx.write("d/file", bytes("data")) }
        try store.write { tx in try tx.write("d/file", bytes("data 2")) }  // a journal exists now
        try plant.plant(root, victim)
        let victimBefore = snapshot(victimDirectory)

        var refusals: [DurableFilesError] = []
        do {
            // Like every command, the write reads before it writes.
            try DurableDirectory(root: root).write { tx in
                _ = try tx.read("d/file")
                try tx.write("d/other", bytes("new"))
            }
        } catch let error as DurableFilesError {
            refusals.append(error)
        }
        do {
            _ = try DurableDirectory(root: root).read { reader in try reader.read("d/file") }
        } catch let error as DurableFilesError {
            refusals.append(error)
        }
        #expect(refusals.count == 2, "\(plant.id): \(refusals)")
        for refusal in refusals {
            switch refusal {
            case .unsafe(let path, _, _): #expect(path.hasPrefix(directory.path), "\(refusal)")
            default: Issue.record("\(plant.id): refused as \(refusal), not as unsafe")
            }
        }
        #expect(snapshot(victimDirectory) == victimBefore, "\(plant.id): the victim's files changed")
        #expect(!FileManager.default.fileExists(atPath: victimDirectory + "/other"), "\(plant.id): wrote through a link")
    }

    @Test("a safe store passes: 0700 or 0750 directories, a sticky /tmp above, a store root that is a link")
    func safeStoresPass() throws {
        let directory = TemporaryDirectory()
        let real = directory.child("real")
        try DurableDirectory(root: real).write { tx in try tx.write("a/b", bytes("x")) }
        #expect(chmod(real, 0o750) == 0)
        let linked = directory.child("linked")
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: real)
        let read = try DurableDirectory(root: linked).read { reader in try reader.read("a/b") }
        #expect(text(read) == "x")
        let sticky = directory.child("shared")
        try FileManager.default.createDirectory(atPath: sticky, withIntermediateDirectories: false)
        #expect(chmod(sticky, 0o1777) == 0)
        try DurableDirectory(root: sticky + "/store").write { tx in try tx.write("a", bytes("y")) }
    }

    @Test("refusals read as one line naming the path, the reason and a remedy")
    func refusalWording() throws {
        let directory = TemporaryDirectory()
        let root = directory.child("store")
        _ = try DurableDirectory(root: root)
        #expect(chmod(root, 0o777) == 0)
        #expect(throws: DurableFilesError.unsafe(
            path: root, reason: "the group or others may write in it (mode 0777), so they could plant files there",
            remedy: "if everything in it is yours, take their write access away: chmod go-w '\(root)'")) {
            try DurableDirectory(root: root)
        }
    }
}
