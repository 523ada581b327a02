import Foundation
import Testing
import TestSupport

/// The store's lock: another process holding it makes a writer fail with
/// "store is busy" within the timeout; once the holder dies, at once it works.
@Suite(.serialized, .ownThreads) struct LockTests {
    @Test func aHeldLockIsBusyWithinTheTimeoutAndADeadHolderFreesItAtOnce() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else {
            print("skipped: /usr/bin/flock (util-linux) is not installed, so no other process can hold the lock")
            return
        }
        let sandbox = Sandbox("lock", storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let lockPath = sandbox.store.appendingPathComponent("lock").path
        // -o: the lock belongs to flock itself, not to sleep, so killing flock frees it.
        let holder = try #require(Spawned(["/usr/bin/flock", "-o", lockPath, "sleep", "60"]))
        defer { holder.killWithChildren() }
        try #require(waitUntilLockedElsewhere(lockPath), "flock never took the lock")

        for (arguments, timeout) in [(["checkin"], 1.0), (["status"], 0.5), (["notifications", "--json"], 0.5)] {
            let started = Date()
            let result = try ada.run(arguments, extra: ["LIFESIGNAL_LOCK_TIMEOUT": "\(timeout)"])
            let elapsed = Date().timeIntervalSince(started)
            #expect(result.status == 6, "\(arguments): \(result)")
            #expect(result.stderr.contains("store is busy"), "\(result)")
            #expect(result.stderr.contains(sandbox.store.path), "the message does not name the store: \(result)")
            #expect(elapsed >= timeout * 0.9 && elapsed < timeout + 2.5,
                    "\(arguments) gave up after \(elapsed) s with a \(timeout) s timeout")
            if arguments == ["notifications", "--json"] {
                #expect(result.stderr.hasPrefix("{\"error\":{\"code\":6"), "\(result)")
            }
        }

        holder.killWithChildren()
        let started = Date()
        let result = try ada.run(["checkin"], extra: ["LIFESIGNAL_LOCK_TIMEOUT": "0.2"])
        #expect(result.succeeded, "\(result)")
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(try ada.run(["checkin", "history", "--json"]).jsonArray?.count == 1)
    }
}
