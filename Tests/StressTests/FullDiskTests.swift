import Foundation
import Testing
import TestSupport

/// A full disk and an unwritable stdout: clear errors, exit 8, nothing lost.
@Suite(.serialized, .ownThreads) struct FullDiskTests {
    /// The store on a 256 KiB tmpfs (each file takes a 4 KiB page there, so
    /// 64 KiB would not hold one check-in even when empty), filled to the brim and then given back a
    /// page at a time: each check-in either succeeds and is kept, or fails
    /// with exit 8 naming the problem and changes nothing. Needs `mount`
    /// (root or CAP_SYS_ADMIN); skipped with a reason otherwise.
    @Test func aFullDiskFailsCleanlyAndLosesNothing() throws {
        let sandbox = Sandbox("disk", storeKind: .directory)
        let disk = sandbox.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard Self.mount(disk) else {
            print("skipped: cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN), so no disk can be filled")
            return
        }
        defer { Self.unmount(disk) }
        let store = disk.appendingPathComponent("store").path
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        for person in [ada, bob] { person.environment["LIFESIGNAL_STORE"] = store }
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        try ada.linkBothWays(with: bob)

        let filler = disk.appendingPathComponent("filler").path
        try #require(Self.fill(filler) > 0, "could not fill the tmpfs")
        var kept: [String] = []
        var refused = 0
        for page in 0..<24 {
            truncate(filler, max(0, Self.size(filler) - 4096 * off_t(page == 0 ? 0 : 1)))
            let now = Clock.iso(600 * (page + 1))
            let before = try Self.views(ada)
            let result = try ada.run(["checkin"], extra: ["LIFESIGNAL_NOW": now])
            #expect(!result.signalled && [0, 8].contains(result.status), "page \(page): \(result)")
            if result.status == 0 {
                kept.append(String(now.prefix(19)))
                continue
            }
            refused += 1
            let first = result.stderr.split(separator: "\n").first ?? ""
            #expect(first.hasPrefix("error: ") && first.contains("ENOSPC") && first.contains(disk.path),
                    "page \(page): the error does not say the disk is full where: \(result.stderr)")
            #expect(try Self.views(ada) == before, "page \(page): a failed check-in changed what Ada sees")
        }
        #expect(refused > 0, "the disk never ran out")
        print("full disk: \(kept.count) check-ins kept, \(refused) refused with ENOSPC")
        try FileManager.default.removeItem(atPath: filler)
        let after = try ada.run(["checkin"], extra: ["LIFESIGNAL_NOW": Clock.iso(86_000)])
        #expect(after.succeeded, "\(after)\nrefused \(refused) of 24; disk: \(sandbox.snapshot(disk).keys.sorted())")
        kept.append(String(Clock.iso(86_000).prefix(19)))
        let history = try ada.run(["checkin", "history", "--limit", "1000", "--json"], extra: ["LIFESIGNAL_NOW": Clock.iso(86_000)])
        let stamps = (history.jsonArray ?? []).compactMap { ($0["timestamp"] as? String).map { String($0.prefix(19)) } }
        #expect(stamps.sorted() == kept.sorted(), "kept \(kept), history \(stamps)")
        #expect(sandbox.debris(disk).isEmpty, "\(sandbox.debris(disk))")
        #expect(try bob.run(["contacts", "--json"]).jsonArray?.count == 1)
    }

    @Test func stdoutOnDevFullIsAnError() throws {
        let sandbox = Sandbox("devfull", storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        for arguments in [["status"], ["status", "--json"], ["help"], ["checkin", "history", "--json"]] {
            let result = try ada.run(arguments, stdoutPath: "/dev/full")
            #expect(!result.signalled && result.status == 8, "\(arguments): \(result)")
            #expect(result.stderr.contains("cannot write output"), "\(arguments): \(result)")
        }
    }

    /// What Ada sees of her own data.
    static func views(_ person: Person) throws -> [String] {
        try [["status", "--json"], ["checkin", "history", "--json"], ["contacts", "--json"], ["notifications", "--json"]]
            .map { try person.run($0, extra: ["LIFESIGNAL_NOW": Clock.iso(86_000)]).stdout }
    }

    static func mount(_ directory: URL) -> Bool {
        guard let mounter = Spawned(["/bin/mount", "-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs", directory.path]) else {
            return false
        }
        return mounter.wait() == 0
    }

    static func unmount(_ directory: URL) {
        _ = Spawned(["/bin/umount", directory.path])?.wait()
    }

    /// Writes to `path` until the file system is full; returns the bytes written.
    static func fill(_ path: String) -> Int {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x55, count: 4096)
        var total = 0
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return total }
            total += written
        }
    }

    static func size(_ path: String) -> off_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_size : 0
    }
}
