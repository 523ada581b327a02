import Dispatch
import EtcdClient
import EtcdStore
import Foundation
import LifeSignalStore
import StoreOpening
import Synchronization
import TestSupport
import Testing

/// The store's turn on a real member: a writer slower than the others,
/// which optimistic commits alone would starve until "store is busy",
/// takes the turn and commits; a turn its holder left behind holds the
/// others only until it expires; the turn key is the backend's own.
@Suite(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)), .serialized, .hangGuard, .ownThreads)
struct EtcdTurnTests {
    let cluster: EtcdCluster
    let prefix = "turn-\(UInt64.random(in: 0...UInt64.max))"

    init() throws {
        cluster = try EtcdCluster.shared("conformance")
    }

    /// A backend whose "store is busy" comes after `busy` of losing (three
    /// times that, and at least 20 tries, for conflicts).
    func backend(busy: Duration = .seconds(1)) throws -> EtcdBackend {
        let url = "etcd://127.0.0.1:\(cluster.members[0].clientPort)/\(prefix)"
        guard case .etcd(let location) = try StoreLocation.parse(url, workingDirectory: "/") else {
            throw FixtureError("not an etcd location")
        }
        return try EtcdBackend(location: location, access: EtcdStoreAccess(busyTimeout: busy))
    }

    func number(_ bytes: [UInt8]?) -> Int { bytes.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0 }

    /// Adds one to `counter`, sleeping `pauseMilliseconds` between the read and the write.
    func increment(_ store: EtcdBackend, pauseMilliseconds: Int = 0) throws {
        try store.write { tx in
            let now = number(try tx.read("counter"))
            if pauseMilliseconds > 0 { Thread.sleep(forTimeInterval: Double(pauseMilliseconds) / 1000) }
            try tx.write("counter", Array(String(now + 1).utf8))
        }
    }

    func turnKey() -> [UInt8] { Array((prefix + "/.turn").utf8) }

    /// Puts the turn key as a holder that is gone would have left it.
    func put(_ value: [UInt8]) throws {
        _ = try cluster.client().txn(TxnRequest(compares: [], success: [.put(key: turnKey(), value: value)]))
    }

    /// Four writers commit to one file as fast as they can while a fifth,
    /// whose body takes 300 ms, writes the same file: without the turn it
    /// loses every race for the whole of its patience (20 tries, 3 s) and
    /// is refused. With it, it commits; the fast ones are held up only
    /// while it does, and every acknowledged increment counts once.
    @Test func aSlowWriterAmongFastOnesCommits() throws {
        let fast = FastWriters()
        let slow = Mutex<(commits: Int, failure: (any Error)?)>((0, nil))
        // Threads of their own: a pool may run the slow writer before the fast ones start.
        for _ in 0..<4 {
            let store = try backend()
            Thread { [self] in
                defer { fast.finished.signal() }
                while !fast.done.load(ordering: .relaxed) {
                    do {
                        try increment(store)
                        fast.commits.add(1, ordering: .relaxed)
                    } catch {
                        fast.failures.withLock { $0.append("\(error)") }
                    }
                }
            }.start()
        }
        // The fast writers are under way before the slow one starts.
        let start = Date()
        while fast.commits.load(ordering: .relaxed) < 20, Date().timeIntervalSince(start) < 30 {
            Thread.sleep(forTimeInterval: 0.01)
        }
        for _ in 0..<3 {
            do {
                try increment(try backend(), pauseMilliseconds: 300)
                slow.withLock { $0.commits += 1 }
            } catch {
                slow.withLock { $0.failure = $0.failure ?? error }
            }
        }
        fast.done.store(true, ordering: .relaxed)
        for _ in 0..<4 { fast.finished.wait() }
        let (slowCommits, slowFailure) = slow.withLock { $0 }
        #expect(slowFailure == nil, "the slow writer: \(slowFailure.map { "\($0)" } ?? "")")
        #expect(fast.failures.withLock { $0 }.isEmpty)
        #expect(fast.commits.load(ordering: .relaxed) > 0)
        let counter = try backend().read { number(try $0.read("counter")) }
        #expect(counter == fast.commits.load(ordering: .relaxed) + slowCommits, "every acknowledged increment counted once")
        #expect(try cluster.client().range(RangeRequest(key: turnKey())).kvs.isEmpty, "the last holder gave the turn back")
    }

    /// A holder that died leaves its turn behind: writers wait for it to
    /// expire (on the cluster's clock), clear it, and commit.
    @Test func aTurnLeftBehindHoldsOthersOnlyUntilItExpires() throws {
        let client = try cluster.client()
        let start = Date()
        let expires = start.timeIntervalSince1970 + 2
        try put(Array("dead-holder \(expires)".utf8))
        try increment(try backend(busy: .seconds(2)))
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 1, "committed after \(waited) s, before the turn expired")
        #expect(try client.range(RangeRequest(key: turnKey())).kvs.isEmpty)
        #expect(try backend().read { number(try $0.read("counter")) } == 1)
    }

    /// An expired or unreadable turn is cleared at once, and `doctor`'s
    /// inspection knows the key as the backend's own.
    @Test func anExpiredTurnIsClearedAndIsNoStrangersKey() throws {
        let client = try cluster.client()
        try put(Array("not a record".utf8))
        try increment(try backend())
        #expect(try client.range(RangeRequest(key: turnKey())).kvs.isEmpty)
        try put(Array("dead-holder 0".utf8))
        let (_, findings) = try backend().inspect { _ in () }
        #expect(findings.isEmpty, "\(findings)")
        try increment(try backend())
        #expect(try backend().read { number(try $0.read("counter")) } == 2)
    }
}

/// The fast writers' shared state, across their threads.
final class FastWriters: Sendable {
    let done = Atomic(false)
    let commits = Atomic(0)
    let failures = Mutex<[String]>([])
    let finished = DispatchSemaphore(value: 0)
}
