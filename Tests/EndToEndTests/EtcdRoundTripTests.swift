import Foundation
import Testing
import TestSupport

/// What a command costs on etcd, counted exactly (`LIFESIGNAL_ETCD_TRAFFIC`,
/// the client's own count, which its tests hold against a proxy's): a
/// signed-in `status` in one round trip, its dependents' files included
/// once a command has read them (they are kept in the XDG cache for the
/// next one), `checkin` in two, whatever the number of people in the store.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .hangGuard, .ownThreads)
struct EtcdRoundTripTests {
    /// The round trips the run reported, nil when it reported none.
    static func roundTrips(_ result: RunResult) -> Int? { result.etcdRoundTrips }

    @Test func statusTakesOneRoundTripAndCheckinTwo() throws {
        let cluster = try EtcdCluster.start(.init(members: 3))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("roundtrips", cluster: cluster)
        let ana = sandbox.person("ana")
        try ana.signUp(phone: "+15550106000", first: "Ana")
        for index in 0..<5 {
            try sandbox.person("p\(index)").signUp(phone: "+1555010700\(index)", first: "P\(index)")
        }
        // The first command after signing in learns where the account is; the rest go straight to it.
        #expect(try ana.run(["checkin"]).succeeded)
        for minute in 1...2 {
            // Time moves between check-ins, as it does for people.
            let traffic = ["LIFESIGNAL_ETCD_TRAFFIC": "1", "LIFESIGNAL_NOW": "2026-03-01T09:0\(minute):00Z"]
            let status = try ana.run(["status"], extra: traffic)
            #expect(status.succeeded, "\(status)")
            #expect(Self.roundTrips(status) == 1, "\(status.stderr)")
            let checkin = try ana.run(["checkin"], extra: traffic)
            #expect(checkin.succeeded, "\(checkin)")
            #expect(Self.roundTrips(checkin) == 2, "\(checkin.stderr)")
        }
        // A new dependent's files take reads of their own once (their account
        // when adding them, their delivery set-up and sessions at the first
        // status, which shows who could be told); from then on they come in
        // the first.
        let ben = sandbox.person("ben")
        try ben.signUp(phone: "+15550106001", first: "Ben")
        try ana.linkBothWays(with: ben)
        for minute in 6...7 {
            let status = try ana.run(["status"], extra: ["LIFESIGNAL_ETCD_TRAFFIC": "1", "LIFESIGNAL_NOW": "2026-03-01T09:0\(minute):00Z"])
            #expect(status.succeeded, "\(status)")
            if minute == 6 {
                #expect((Self.roundTrips(status) ?? 0) <= 2, "\(status.stderr)")
            } else {
                #expect(Self.roundTrips(status) == 1, "\(status.stderr)")
            }
        }
    }
}

extension EtcdRoundTripTests {
    /// Without the cache (a fresh XDG cache), a status with a dependent who
    /// is also a responder reads the other's files (account, delivery
    /// set-up, sessions) in round trips of their own, and keeps them for the
    /// next.
    @Test func theDependentsFilesAreLearnedOnce() throws {
        let cluster = try EtcdCluster.start(.init(members: 1))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("learned", cluster: cluster)
        let ana = sandbox.person("ana"), ben = sandbox.person("ben")
        try ana.signUp(phone: "+15550106100", first: "Ana")
        try ben.signUp(phone: "+15550106101", first: "Ben")
        try ana.linkBothWays(with: ben)
        let cache = ana.home.appendingPathComponent("lifesignal-cache")
        ana.environment["XDG_CACHE_HOME"] = cache.path
        _ = try ana.run(["status"])
        let traffic = ["LIFESIGNAL_ETCD_TRAFFIC": "1"]
        let cold = try ana.run(["status"], extra: traffic)
        #expect(Self.roundTrips(cold) == 1, "the identity is known now: \(cold.stderr)")
        // Forget the files, keep the identity: the other's files cost more, once.
        let hints = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("lifesignal").path)
        for name in hints where name.hasPrefix("identity-") {
            let file = cache.appendingPathComponent("lifesignal").appendingPathComponent(name)
            // The file is an envelope: {"data": {"identity": ..., "files": [...]}, "schemaVersion": 1}.
            var kept = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            var data = try #require(kept["data"] as? [String: Any])
            #expect(data["files"] != nil, "the other's files were kept: \(data)")
            data["files"] = nil
            kept["data"] = data
            try JSONSerialization.data(withJSONObject: kept).write(to: file)
        }
        let forgot = try ana.run(["status"], extra: traffic)
        #expect((Self.roundTrips(forgot) ?? 0) > 1, "\(forgot.stderr)")
        let learned = try ana.run(["status"], extra: traffic)
        #expect(Self.roundTrips(learned) == 1, "\(learned.stderr)")
    }
}

extension EtcdRoundTripTests {
    /// The learned files of the identity hint in `person`'s cache (the file
    /// is an envelope: {"data": {"identity", "files", "absent"}, ...}).
    static func learnedFiles(of person: Person, cache: URL) throws -> (files: [String], absent: [String], bytes: Data) {
        let directory = cache.appendingPathComponent("lifesignal")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasPrefix("identity-") })
        let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
        let kept = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let data = try #require(kept["data"] as? [String: Any])
        return (data["files"] as? [String] ?? [], data["absent"] as? [String] ?? [], bytes)
    }

    /// A learned file that is gone and that no command reads any more (the
    /// session of someone who signed out, once their delivery set-up no
    /// longer names it) is pruned by the next command, whose first request
    /// finds it absent, at no round trip more; while a command still reads
    /// its absence, it is kept. Commands that learn nothing leave the hint
    /// file as it is.
    @Test func aLearnedFileThatIsGoneIsPruned() throws {
        let cluster = try EtcdCluster.start(.init(members: 3))
        defer { cluster.shutdown() }
        let sandbox = Sandbox("pruned", cluster: cluster)
        let ana = sandbox.person("ana"), ben = sandbox.person("ben")
        try ana.signUp(phone: "+15550106200", first: "Ana")
        try ben.signUp(phone: "+15550106201", first: "Ben")
        try ana.linkBothWays(with: ben)
        // Ben's delivery set-up names his session: Ana's status reads it.
        try #require(try ben.run(["settings", "set", "notify-command", "true"]).succeeded)
        let cache = ana.home.appendingPathComponent("lifesignal-cache")
        ana.environment["XDG_CACHE_HOME"] = cache.path
        let traffic = ["LIFESIGNAL_ETCD_TRAFFIC": "1"]
        func status(_ expected: Int, _ comment: Comment) throws {
            let run = try ana.run(["status"], extra: traffic)
            #expect(run.succeeded, "\(run)")
            #expect(Self.roundTrips(run) == expected, "\(comment): \(run.stderr)")
        }
        for _ in 0..<3 { #expect(try ana.run(["status"]).succeeded) }
        let learned = try Self.learnedFiles(of: ana, cache: cache)
        let own = try "accounts/\(ana.accountID())/"
        #expect(!learned.files.contains { $0 == "store.json" || $0.hasPrefix(own) },
                "Ana's own files, read alone before any hint, are asked for as her own, not kept: \(learned.files)")
        try status(1, "all learned")
        #expect(try Self.learnedFiles(of: ana, cache: cache).bytes == learned.bytes, "a command that learns nothing writes nothing")

        let before = Set(learned.files)
        #expect(try ben.run(["logout"]).succeeded)
        try status(1, "Ben's session is gone, but his set-up still names it")
        let marked = try Self.learnedFiles(of: ana, cache: cache)
        let session = try #require(marked.absent.first { $0.hasPrefix("sessions/") }, "\(marked.files) \(marked.absent)")
        #expect(before.contains(session) && !learned.absent.contains(session), "it was learned present")
        #expect(Set(marked.files) == before, "nothing pruned while it is read")
        try status(1, "kept, marked absent")
        #expect(try Self.learnedFiles(of: ana, cache: cache).bytes == marked.bytes)

        // Ben signs in again and sets his command again: his set-up now
        // names his new session only, so the old one is read by nobody.
        func signInAgain() throws {
            let sent = try ben.run(["login", "--phone", "+15550106201", "--json"])
            let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
            try #require(try ben.run(["login", "--phone", "+15550106201", "--code", code]).succeeded)
            try #require(try ben.run(["settings", "set", "notify-command", "true"]).succeeded)
        }
        try signInAgain()
        try status(2, "the new session is read alone, once")
        let pruned = try Self.learnedFiles(of: ana, cache: cache)
        #expect(!pruned.files.contains(session), "the old session is pruned: \(pruned.files)")
        let new = pruned.files.filter { $0.hasPrefix("sessions/") && !before.contains($0) }
        #expect(new.count == 1 && pruned.files.first == new.first, "the new one is learned: \(pruned.files)")
        #expect(Set(pruned.files) == before.subtracting([session]).union(new))
        for _ in 0..<2 {
            try status(1, "pruned once, then left alone")
            #expect(try Self.learnedFiles(of: ana, cache: cache).bytes == pruned.bytes)
        }

        // Ben signs out and in again before Ana looks: his last session,
        // learned present, is gone and unread at once, and goes at once.
        let last = try #require(new.first)
        #expect(try ben.run(["logout"]).succeeded)
        try signInAgain()
        try status(2, "the newest session is read alone, once")
        let again = try Self.learnedFiles(of: ana, cache: cache)
        #expect(!again.files.contains(last), "\(again.files)")
        #expect(!again.absent.contains { $0.hasPrefix("sessions/") }, "no session is marked absent: \(again.absent)")
        try status(1, "and then left alone")
    }
}

extension EtcdRoundTripTests {
    /// The count is of every request the command sends, on every store it
    /// opens: `doctor`'s examination and `store copy`'s two ends as well as
    /// a command's own store, as a proxy in front of the member counts them
    /// (the doctor's own store was not counted at all before).
    @Test func theCountIsOfEveryRequestOnEveryStoreTheCommandOpens() throws {
        let cluster = try EtcdCluster.start(.init(members: 1))
        defer { cluster.shutdown() }
        let proxy = try EtcdProxy(upstreamPort: cluster.members[0].clientPort)
        defer { proxy.stop() }
        let sandbox = Sandbox("counted", cluster: cluster)
        let ana = sandbox.person("ana"), ben = sandbox.person("ben")
        let prefix = try #require(sandbox.etcd?.prefix)
        for person in [ana, ben] { person.environment["LIFESIGNAL_STORE"] = "etcd://127.0.0.1:\(proxy.port)/" + prefix }
        try ana.signUp(phone: "+15550106300", first: "Ana")
        try ben.signUp(phone: "+15550106301", first: "Ben")
        try ana.linkBothWays(with: ben)

        let copy = sandbox.root.appendingPathComponent("copied").path
        for arguments in [["doctor"], ["status"], ["store", "copy", "etcd://127.0.0.1:\(proxy.port)/" + prefix, copy]] {
            proxy.resetCount()
            let run = try ana.run(arguments, extra: ["LIFESIGNAL_ETCD_TRAFFIC": "1"])
            #expect(run.succeeded, "\(arguments): \(run)")
            let sent = proxy.requestPaths.filter { !$0.hasPrefix("/v3/watch") }
            #expect(sent.count > 0)
            #expect(Self.roundTrips(run) == sent.count, "\(arguments): \(run.stderr) but the proxy saw \(sent)")
        }
    }
}
