import Foundation
import Testing
import TestSupport

/// Ada and Bob on a real 3-member cluster, Bob's agent (or follower)
/// reaching it only through the proxies of `LeaderKillSwitch`, so a test
/// can disturb exactly the member that carries its watch; Ada reaches the
/// members directly, so her alerts go in whatever the proxies do. Bob's
/// notify command appends one line per item to `log`.
final class AgentFaultRig {
    let cluster: EtcdCluster
    let proxies: LeaderKillSwitch
    let sandbox: Sandbox
    let ada: Person
    let bob: Person
    let log: String

    init(_ name: String) throws {
        cluster = try EtcdCluster.start(.init(members: 3))
        proxies = try LeaderKillSwitch(cluster)
        sandbox = Sandbox(name, cluster: cluster)
        ada = sandbox.person("ada")
        bob = sandbox.person("bob")
        log = sandbox.root.appendingPathComponent("delivered").path
        try ada.signUp(phone: "+15550107001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550107002", first: "Bob", last: "O")
        try #require(try bob.run(["settings", "set", "notify-command", AgentTests.logging(to: log)]).succeeded)
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run("checkin").succeeded)
    }

    deinit { shutdown() }

    func shutdown() {
        proxies.stop()
        cluster.shutdown()
    }

    /// Points Bob at the proxies, member `first`'s first: the member his
    /// commands, and so his watch, use while it serves.
    func routeBob(first: Int) {
        bob.environment["LIFESIGNAL_STORE"] = proxies.url(prefix: sandbox.etcd?.prefix ?? "", first: first)
    }

    /// Starts `lifesignal ARGS` for Bob and waits until its watch is open on member `member`.
    func startBob(_ arguments: [String], watchingOn member: Int, extra: [String: String] = [:],
                  ready: @escaping (Running) -> Bool) throws -> Running {
        routeBob(first: member)
        let running = try bob.start(arguments, extra: extra)
        try #require(running.waitFor { _, _ in ready(running) }, "not ready: \(running.stderrSoFar)")
        let limit = Date().addingTimeInterval(10)
        while proxies.proxies[member].openWatches == 0, Date() < limit { usleep(10_000) }
        try #require(proxies.proxies[member].openWatches == 1, "the watch is not on m\(member + 1)")
        return running
    }

    /// Waits until Bob's process has sent nothing for a while: its first
    /// step done, it sleeps on its watch, so a fault meets the watch alone.
    func waitUntilQuiet() {
        let limit = Date().addingTimeInterval(10)
        var last = -1
        while Date() < limit {
            let count = proxies.proxies.reduce(0) { $0 + $1.requestPaths.count }
            if count == last { return }
            last = count
            usleep(300_000)
        }
    }

    /// The lines Bob's notify command wrote so far.
    var delivered: [String] { AgentTests.lines(log) }

    /// Raises (or cancels) Ada's alert; returns when her command returned.
    @discardableResult
    func alert(_ on: Bool) throws -> Date {
        let result = try ada.run(on ? ["alert", "on", "--yes"] : ["alert", "off"], timeout: 30)
        try #require(result.succeeded, "\(result)")
        return Date()
    }

    /// Waits (up to `limit` seconds) until the notify command wrote a line
    /// ending in `title`; returns when it saw it.
    func waitForDelivery(of title: String, limit: Double = 30) -> Date? {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if delivered.contains(where: { $0.hasSuffix(title) }) { return Date() }
            usleep(10_000)
        }
        return nil
    }

    /// A member that does not lead.
    func follower() throws -> Int { (try cluster.leader() + 1) % 3 }
}
