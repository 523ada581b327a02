import Foundation
import Testing
import TestSupport

/// The store's promises, seen from outside the binary.
@Suite(.serialized, .ownThreads) struct StoreGuaranteeTests {
    @Test func concurrentCheckInsAreNeverLost() async throws {
        let sandbox = Sandbox()
        sandbox.now = ""  // the real clock throughout: sessions live by it
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let environment = ada.environment
        let perProcess = 50
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/bin/sh")
                    process.arguments = ["-c", "i=0; ok=0; while [ $i -lt \(perProcess) ]; do \"$0\" checkin -q && ok=$((ok+1)); i=$((i+1)); done; exit $((\(perProcess) - ok))",
                                         Binary.url.path]
                    process.environment = environment.merging(["LIFESIGNAL_NOW": ""]) { $1 }
                    try process.run()
                    process.waitUntilExit()
                    return Int(process.terminationStatus)
                }
            }
            for try await failures in group { #expect(failures == 0) }
        }
        let history = try ada.run(["checkin", "history", "--limit", "1000", "--json"]).array()
        #expect(history.count == 4 * perProcess)
    }

    @Test func checkinAfterACommandFollowsItsExitStatus() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let failed = try ada.run(["checkin", "--", "sh", "-c", "exit 7"])
        #expect(failed.status == 7)
        #expect(try ada.run("checkin history --json").array().isEmpty)
        let ok = try ada.run(["checkin", "--", "true"])
        #expect(ok.status == 0, "\(ok)")
        let history = try ada.run("checkin history --json").array()
        #expect(history.count == 1)
        #expect(history.first?["command"] as? String == "true")
        #expect(try ada.run(["checkin", "--", "/no/such/program"]).status == 127)
    }

    @Test func filesAre0600AndDirectories0700WhateverTheUmask() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        let previous = umask(0)
        defer { umask(previous) }
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        #expect(try ada.run("checkin").status == 0)
        #expect(try ada.run(["settings", "set", "notify-command", "true"]).status == 0)
        let walker = try #require(FileManager.default.enumerator(atPath: ada.home.path))
        var checked = 0
        for case let relative as String in walker {
            let path = ada.home.appendingPathComponent(relative).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? Int ?? 0) & 0o777
            let isDirectory = attributes[.type] as? FileAttributeType == .typeDirectory
            // The home directory's own top level is the test's, not lifesignal's.
            if ["config", "state", "data"].contains(relative) { continue }
            #expect(mode == (isDirectory ? 0o700 : 0o600), "\(relative) is \(String(mode, radix: 8))")
            checked += 1
        }
        // A directory store's files too (an etcd store's keys are the cluster's to guard).
        if sandbox.storeKind == .directory {
            let storeWalker = try #require(FileManager.default.enumerator(atPath: sandbox.store.path))
            for case let relative as String in storeWalker {
                let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.store.appendingPathComponent(relative).path)
                let mode = (attributes[.posixPermissions] as? Int ?? 0) & 0o777
                let isDirectory = attributes[.type] as? FileAttributeType == .typeDirectory
                #expect(mode == (isDirectory ? 0o700 : 0o600), "store/\(relative) is \(String(mode, radix: 8))")
                checked += 1
            }
        }
        #expect(checked > 10)
    }

    @Test func aDamagedFileIsNamedAndLeftAlone() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        #expect(try ada.run("checkin").status == 0)
        let file = try #require(try sandbox.storeFiles().first { $0.hasPrefix("accounts/") && $0.hasSuffix("/account.json") })
        let damaged = Data("{\"schemaVersion\":1,\"data\":{\"id\":".utf8)
        try sandbox.setStoreFile(file, damaged)
        let result = try ada.run("status")
        #expect(result.status == 7, "\(result)")
        #expect(result.stderr.contains(sandbox.storeName(of: file)), "\(result)")
        #expect(try sandbox.storeFile(file) == damaged)
        #expect(try ada.run("checkin").status == 7)
        #expect(try sandbox.storeFile(file) == damaged)
    }

    @Test func aStoreFromANewerVersionIsRefused() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let newer = Data("{\"data\":{\"createdAt\":\"2030-01-01T00:00:00Z\"},\"schemaVersion\":9}\n".utf8)
        try sandbox.setStoreFile("store.json", newer)
        let result = try ada.run("status")
        #expect(result.status == 7)
        #expect(result.stderr.contains("newer lifesignal"))
        #expect(try sandbox.storeFile("store.json") == newer)
    }

    /// A directory store's lock (an etcd store has none: its busy is tested with the cluster).
    @Test func aHeldLockMeansStoreIsBusy() throws {
        let sandbox = Sandbox(storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else { return }
        let lock = sandbox.store.appendingPathComponent("lock").path
        // -o: the lock belongs to flock itself, not to sleep, so killing flock frees it.
        let holder = try #require(Spawned(["/usr/bin/flock", "-o", lock, "sleep", "30"]))
        defer { holder.killWithChildren() }
        try #require(waitUntilLockedElsewhere(lock), "flock never took the lock")
        let started = Date()
        let result = try ada.run(["checkin"], extra: ["LIFESIGNAL_LOCK_TIMEOUT": "0.5"])
        #expect(result.status == 6, "\(result)")
        #expect(result.stderr.contains("store is busy"))
        #expect(result.stderr.contains(sandbox.store.path))
        #expect(Date().timeIntervalSince(started) < 4)
        holder.killWithChildren()
        #expect(try ada.run("checkin").status == 0)
    }
}

/// Many processes evaluating the same deadline at once tell each person once.
@Suite(.serialized, .ownThreads) struct ConcurrentDeadlineTests {
    @Test func concurrentTicksNotifyExactlyOnce() async throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "B")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run("checkin").status == 0)
        sandbox.setNow("2026-03-03T09:00:00Z", for: [ada, bob])
        let environments = [ada.environment, bob.environment]
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let process = Process()
                    process.executableURL = Binary.url
                    process.arguments = index % 3 == 0 ? ["status", "-q"] : ["tick", "-q"]
                    process.environment = environments[index % 2]
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    process.waitUntilExit()
                    return process.terminationStatus
                }
            }
            for try await status in group { #expect(status == 0) }
        }
        #expect(try bob.run("notifications --type check-ins --json").array().count == 1)
        // Beside the chain watch's notice (Bob set up no delivery), which has tests of its own.
        #expect(try ada.run("notifications --type check-ins --json").array().compactMap { $0["title"] as? String }
            .filter { !World.chainWatchTitles.contains($0) } == ["You missed your check-in"])
    }
}
