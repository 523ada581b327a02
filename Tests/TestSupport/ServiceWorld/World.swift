import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends

/// A small world for service tests: one in-memory store (`MemoryBackend`,
/// driven step by step through `store`, or a command at a time through
/// `command`), a pinned clock and a seeded random source, and helpers that
/// act as a given person.
public final class World {
    public let backend: MemoryBackend
    public lazy var files = StepByStep(backend)
    public lazy var store = LayoutStore(files, name: backend.name)
    public var now = ISO8601.parse("2026-03-01T09:00:00Z")!
    public let random = RandomSource.seeded(42)

    /// The zones daily deadlines are read in (by default UTC alone).
    public var zones = ZoneCatalog.utcOnly

    public var env: CoreEnvironment { CoreEnvironment(now: now, random: random, zones: zones) }

    /// - Parameter backend: the store (one that bounds its commits stands in for etcd).
    /// - Parameter empty: no store yet (to copy one into); else a store, as
    ///   the first command makes it, with a fixed identity (so the seeded
    ///   random source gives every test the IDs it always did).
    public init(backend: MemoryBackend = MemoryBackend(), empty: Bool = false) {
        self.backend = backend
        if !empty { _ = try? backend.write { try $0.write("store.json", Self.storeFile) } }
    }

    /// A `store.json` of a store created on the real clock, with a fixed identity.
    public static let storeFile = Array(#"{"data":{"createdAt":"2026-03-01T09:00:00Z","id":"0123456789abcdef0123456789abcdef"},"schemaVersion":1}"#.utf8) + [10]

    public func advance(_ seconds: Int) { now = now.addingTimeInterval(Double(seconds)) }

    /// Runs `body` as a command does: one transaction, deadlines first.
    /// `store` starts afresh afterwards, so it caches nothing from before.
    public func command<T>(_ body: (LayoutStore) throws -> T) throws -> T {
        defer {
            let retention = store.retentionLimit
            store = LayoutStore(files, name: backend.name)
            store.retentionLimit = retention
        }
        return try SharedStore(backend: backend).write(env: env, body)
    }

    /// Brings deadlines up to date, as every command does first.
    public func tick() throws { try DeadlineService(store: store, env: env).catchUp() }

    /// What the store takes in sign-ups a day (a test of many accounts lifts it).
    public var signUpLimits = SignUpLimits.standard

    /// Signs up a named person and returns their account.
    public func person(_ first: String, _ last: String = "Test", phone: String) throws -> Account {
        var auth = AuthService(store: store, env: env)
        auth.signUpLimits = signUpLimits
        let issued = try auth.requestCode(phoneNumber: phone)
        guard case .signedIn(let account, _, _) = try auth.verify(phoneNumber: phone, code: issued.code,
                                                                  firstName: first, lastName: last) else {
            throw LifeSignalError.invalid("sign-in failed in the test world")
        }
        return account
    }

    public func reload(_ account: Account) throws -> Account {
        guard let fresh = try store.account(account.id) else { throw LifeSignalError.notFound("account vanished") }
        return fresh
    }

    public func feed(_ account: Account) throws -> [FeedItem] {
        try NotificationService(store: store).list(of: account.id, filter: nil, unreadOnly: false, limit: nil)
    }

    /// The titles of the chain watch's notices to a dependent (`ChainWatchService`).
    public static let chainWatchTitles: Set<String> = ["Nobody would be told in time if you missed your check-in",
                                                "Your alarms reach a responder again"]

    /// `feed(account)` without the chain watch's notices: where no responder
    /// set up a delivery, a dependent is told so at her wakes, which is
    /// beside the point of a test of her deadlines (`ChainWatchNoDeliveryTests`
    /// is about it).
    public func feedBesideTheChain(_ account: Account) throws -> [FeedItem] {
        try feed(account).filter { !Self.chainWatchTitles.contains($0.title) }
    }

    public func contact(_ name: String, of owner: Account) throws -> ContactView {
        try ContactDirectory(store: store).resolve(name, owner: owner.id)
    }

    /// Links `owner` to `other`, `other` becoming owner's responder and/or dependent.
    public func link(_ owner: Account, _ other: Account, responder: Bool, dependent: Bool) throws {
        _ = try ContactService(store: store, env: env).add(code: other.qrCodeID, asResponder: responder,
                                                           asDependent: dependent, owner: owner)
    }

    /// Ada (with `note` as her emergency note) watched by Bob and Cy, her responders.
    public func adaWatchedByBobAndCy(note: String) throws -> (ada: Account, bob: Account, cy: Account) {
        let ada = try person("Ada", phone: "+15550000001")
        let bob = try person("Bob", phone: "+15550000002")
        let cy = try person("Cy", phone: "+15550000003")
        try link(ada, bob, responder: true, dependent: false)
        try link(ada, cy, responder: true, dependent: false)
        var noted = try reload(ada)
        try AccountService(store: store, env: env).updateProfile(&noted, firstName: nil, lastName: nil, note: note)
        return (noted, bob, cy)
    }

    public func checkIn(_ account: Account) throws {
        var fresh = try reload(account)
        try AccountService(store: store, env: env).checkIn(&fresh)
    }
}
