import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends

/// A small but complete store in memory: two linked people with check-ins,
/// a ping, an alert, a missed deadline, feeds, a pending sign-in and an
/// invitation to a number without an account, so that every kind of store
/// file read through `LayoutStore` exists (`store.json` is read only by
/// `SharedStore`; the end-to-end damage tests cover it).
/// Built once, deterministically, in one transaction of a memory backend.
public struct StoreFixture: @unchecked Sendable {
    /// Every file of the store with its bytes.
    public let files: [String: [UInt8]]
    /// The signed-in people: account and session token.
    public let people: [(account: Account, token: String)]
    /// "Now" after the story, when reads run.
    public let now: Date

    public static let shared: StoreFixture = {
        do {
            return try StoreFixture()
        } catch {
            fatalError("the fuzzing store fixture could not be built: \(error)")
        }
    }()

    private init() throws {
        let memory = MemoryBackend()
        (people, now) = try memory.write { transaction in try Self.story(LayoutStore(transaction, name: memory.name)) }
        files = memory.contents
    }

    /// Two people's first days, told through the services.
    private static func story(_ store: LayoutStore) throws -> (people: [(account: Account, token: String)], now: Date) {
        let random = RandomSource.seeded(7)
        // A fixed, valid instant; parse cannot fail on this literal.
        var now = ISO8601.parse("2026-03-01T09:00:00Z")!
        var env: CoreEnvironment { CoreEnvironment(now: now, random: random) }

        func signUp(_ phone: String, _ first: String) throws -> (Account, String) {
            let auth = AuthService(store: store, env: env)
            let issued = try auth.requestCode(phoneNumber: phone)
            guard case .signedIn(let account, let token, _) = try auth.verify(
                phoneNumber: phone, code: issued.code, firstName: first, lastName: "Fixture") else {
                throw LifeSignalError.invalid("the fixture's sign-in was rejected")
            }
            return (account, token)
        }

        var (ada, adaToken) = try signUp("+15550000001", "Ada")
        var (bob, bobToken) = try signUp("+15550000002", "Bob")
        try AccountService(store: store, env: env).checkIn(&ada)
        _ = try ContactService(store: store, env: env).add(code: bob.qrCodeID, asResponder: true,
                                                           asDependent: true, owner: ada)
        let bobSeenByAda = try ContactDirectory(store: store).resolve("Bob", owner: ada.id)
        _ = try PingService(store: store, env: env).send(to: bobSeenByAda, from: ada)
        _ = try AccountService(store: store, env: env).raiseAlert(&bob)
        // Ada misses her deadline: missed-check-in notices and schedule changes.
        now = now.addingTimeInterval(2 * 86_400)
        _ = try DeadlineService(store: store, env: env).catchUp()
        ada = try store.account(ada.id) ?? ada
        bob = try store.account(bob.id) ?? bob
        // Bob's next deadline makes a schedule entry and his wake file.
        try AccountService(store: store, env: env).checkIn(&bob)
        _ = try AuthService(store: store, env: env).requestCode(phoneNumber: "+15550000003")
        // An invitation to a number without an account: Ada's book and the number's waiting list.
        _ = try InvitationService(store: store, env: env).invite(
            phone: "+15550000009", asResponder: true, asDependent: false, firstName: "Dee", lastName: nil, owner: &ada)

        // Bob's agent and a look at the store: his delivery set-up and looked.json.
        let delivery = DeliverySetupService(store: store, env: env)
        try delivery.agentAlive(Hex.encode(random.bytes(16)), host: "fixture", since: now, notifyCommandSince: now,
                                account: bob.id, session: SHA256.hexDigest(bobToken))
        try delivery.recordLook(by: .agent)

        return ([(ada, adaToken), (bob, bobToken)], now)
    }

    /// The store's relative paths, sorted, so an index picks one stably.
    public var paths: [String] { files.keys.sorted() }

    /// A fresh in-memory copy named `name`, optionally with one file replaced.
    public func copy(name: String, replacing path: String? = nil, with bytes: [UInt8] = []) throws -> MemoryBackend {
        var contents = files
        if let path { contents[path] = bytes }
        return try MemoryBackend(name: name, files: contents)
    }
}
