import DurableFiles
import FoundationEssentials
import Glibc
import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore
import StoreBackends
import StoreOpening
import SystemFiles

/// A seeded store and the signed-in benchmark user's environment.
struct SeededStore {
    let spec: StoreSpec
    let root: String
    let home: String
    /// The variables every measured process gets (XDG, store, pinned clock).
    let environment: [String: String]
    let userID: EntityID
    /// The contact `ping send` pings; `Seeder.answerPings` resets it.
    let dependentID: EntityID
    let dependentName: String
    /// An old item of the user's feed (read already), for `notifications
    /// read ID`: the item at `Seeder.oldItemIndex`, which retention keeps
    /// through the items `ping send` adds during a run.
    let oldItemID: EntityID
    /// The accounts falling due one a run of `tick (one due)`, in a store
    /// whose spec asks for them (`StoreSpec.fallingDue`).
    var fallingDue: FallingDue?
}

/// Fills stores through the store layer and the core services, the way
/// commands would, but in a few large transactions.
struct Seeder {
    /// The pinned "now" of every store and every measured process.
    static let nowText = "2026-03-01T09:00:00Z"
    /// Feed items appended per transaction on the slow path.
    static let feedBatch = 1_000
    /// Feed items appended per bulk chunk: a multiple of any plausible segment size.
    static let feedChunk = 10_000
    /// The position of the item `notifications read ID` reads (or the
    /// middle of a shorter feed): old, but far enough from the start that
    /// retention does not drop it.
    static let oldItemIndex = 500
    /// Accounts created per transaction.
    static let accountBatch = 250

    let now: Date
    let directory: String

    init(directory: String) throws {
        guard let now = ISO8601.parse(Self.nowText) else { throw BenchError.seeding("bad pinned time") }
        self.now = now
        self.directory = directory
    }

    func seed(_ spec: StoreSpec, seed: UInt64) throws -> SeededStore {
        let home = directory + "/" + spec.directoryName
        let root = home + "/store"
        try Self.makeDirectory(home)
        let environment = [
            "HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
            "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
            "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
            "LIFESIGNAL_STORE": root, "LIFESIGNAL_NOW": Self.nowText,
        ]
        // A simulation store: the measured processes run under LIFESIGNAL_NOW.
        let engine = SharedStore(backend: try DirectoryBackend(root: root, fileSystem: SeedingFileSystem()), clock: .simulated)
        let env = CoreEnvironment(now: now, random: .seeded(seed))

        // Codes are issued in one transaction and used in the next, as a
        // person would: the store keeps pending codes in files of their own.
        let codes = try engine.write(env: env) { store in try Self.issueCodes(for: [1, 2], store, env: env) }
        let (user, token, dependent) = try engine.write(env: env) { store in
            let (user, token) = try signUp(store, env: env, first: "Bench", last: "User", number: 1, code: codes[0])
            let (dependent, _) = try signUp(store, env: env, first: "Dana", last: "Dependent", number: 2,
                                            code: codes[1])
            _ = try ContactService(store: store, env: env).add(code: dependent.qrCodeID, asResponder: true,
                                                               asDependent: true, owner: user)
            try seedHistory(user.id, store)
            try checkIn(user.id, store, env: env)
            try checkIn(dependent.id, store, env: env)
            return (user, token, dependent)
        }
        if spec.wakesOnly { try seedWakes(spec, engine: engine) } else { try seedOthers(spec, engine: engine, env: env, user: user) }
        try seedFeed(spec.feedItems, root: root, engine: engine, env: env, user: user.id, from: dependent.id)
        if spec.contacts > 1 { try seedPings(engine: engine, env: env, user: user.id) }
        try engine.backend.write { transaction in try Self.markDelivered(user.id, LayoutStore(transaction, name: engine.name)) }

        let xdg = try XDGDirectories(environment: environment, fallbackHome: home)
        let paths = try LifeSignalPaths(xdg: xdg, environment: environment, storeOption: nil, workingDirectory: home)
        guard let identity = try engine.readWithoutCatchUp({ try $0.identity() }) else {
            throw BenchError.seeding("the seeded store has no identity")
        }
        try SessionFile(paths: paths, identity: identity).save(SessionData(store: identity, accountID: user.id, token: token))
        let old = try engine.readWithoutCatchUp { store in
            var first: EntityID?
            try store.visitFeed(of: user.id, from: min(Self.oldItemIndex, spec.feedItems / 2)) { item in
                first = item.id
                return false
            }
            return first
        }
        guard let old else { throw BenchError.seeding("the user's feed has no item \(min(Self.oldItemIndex, spec.feedItems / 2))") }
        return SeededStore(spec: spec, root: root, home: home, environment: environment, userID: user.id,
                           dependentID: dependent.id, dependentName: dependent.firstName, oldItemID: old)
    }

    /// Answers every ping the dependent has pending, so the next
    /// `ping send` sends a new one instead of reporting the pending one.
    /// The answers land in the user's feed; they are marked delivered so
    /// that `tick` stays a tick with nothing to do.
    func answerPings(_ seeded: SeededStore) throws {
        let engine = SharedStore(backend: try DirectoryBackend(root: seeded.root, fileSystem: SeedingFileSystem()), clock: .simulated)
        let env = CoreEnvironment(now: now, random: .seeded(UInt64(ProcessProbe.monotonicNanoseconds())))
        try engine.write(env: env) { store in
            guard var dependent = try store.account(seeded.dependentID) else {
                throw BenchError.seeding("the dependent's account vanished")
            }
            _ = try PingService(store: store, env: env).respond(nil, owner: &dependent)
            try Self.markDelivered(seeded.userID, store)
        }
    }

    /// Marks the whole feed as handed to the notify command already.
    private static func markDelivered(_ user: EntityID, _ store: LayoutStore) throws {
        try store.setDeliveredThrough(try store.feedSummary(of: user).nextIndex, of: user)
    }

    // MARK: Steps

    /// Everyone else: each checked in at some time in the last 20 hours (so
    /// deadlines spread over the timer wheel and none is due), linked in
    /// pairs, and the first `contacts - 1` linked to the user.
    private func seedOthers(_ spec: StoreSpec, engine: SharedStore, env: CoreEnvironment, user: Account) throws {
        var number = 3
        while number <= spec.accounts {
            let last = min(spec.accounts, number + Self.accountBatch - 1)
            // Written without the catch-up a command makes first: an
            // overdue store must stay overdue until it is measured.
            let codes = try engine.backend.write { transaction in
                try Self.issueCodes(for: Array(number...last), LayoutStore(transaction, name: engine.name), env: env)
            }
            try engine.backend.write { transaction in
                let store = LayoutStore(transaction, name: engine.name)
                var previous: Account?
                var overdue: [(EntityID, CoreEnvironment)] = []
                for (current, code) in zip(number...last, codes) {
                    let (account, _) = try signUp(store, env: env, first: Names.first(current),
                                                  last: Names.last(current), number: current, code: code)
                    let isOverdue = current - 2 <= spec.overdue
                    // Clustered: checked in 20 to 19 hours ago, so every
                    // deadline falls in one hour, a few hours ahead.
                    let ago = spec.clustered ? 72_000 - Double((current * 617) % 3_600)
                        : Double((current * 617) % 72_000) + (isOverdue ? 3 * 86_400 : 0)
                    let earlier = CoreEnvironment(now: now.addingTimeInterval(-ago), random: env.random)
                    // An overdue account checks in once it is linked: a link
                    // brings the partner's deadline up to date at `now`.
                    if isOverdue { overdue.append((account.id, earlier)) } else { try checkIn(account.id, store, env: earlier) }
                    if current - 2 < spec.contacts {
                        _ = try ContactService(store: store, env: env).add(
                            code: account.qrCodeID, asResponder: current % 2 == 0, asDependent: current % 2 == 1,
                            owner: try reload(user.id, store))
                    } else if let partner = previous {
                        _ = try ContactService(store: store, env: env).add(
                            code: partner.qrCodeID, asResponder: true, asDependent: false, owner: account)
                        previous = nil
                    } else {
                        previous = account
                    }
                }
                for (id, earlier) in overdue { try checkIn(id, store, env: earlier) }
            }
            number = last + 1
        }
    }

    /// The largest stores' other accounts as the schedule sees them: a
    /// wake each (its entry and `wake.json`), written through the layout
    /// in bulk, spread over the next 20 hours or all in one hour 4 hours
    /// ahead. Whole accounts through the services would take hours to seed.
    private func seedWakes(_ spec: StoreSpec, engine: SharedStore) throws {
        var number = 3
        while number <= spec.accounts {
            let last = min(spec.accounts, number + Self.wakeBatch - 1)
            try engine.backend.write { transaction in
                let store = LayoutStore(transaction, name: engine.name)
                for current in number...last {
                    let ahead = spec.clustered ? 4 * 3_600 + Double((current * 617) % 3_600) : 3_600 + Double((current * 617) % 72_000)
                    var bytes = [UInt8](repeating: 0x5a, count: 16)
                    withUnsafeBytes(of: UInt64(current).bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
                    try store.schedule(EntityID(randomBytes: bytes), at: now.addingTimeInterval(ahead))
                }
            }
            number = last + 1
        }
    }

    /// Wakes written per transaction by `seedWakes`.
    static let wakeBatch = 5_000

    /// A ping pending between the user and every contact: the user pings
    /// each dependent, and each responder pings the user, so `ping list`
    /// names as many people as there are contacts and `status` as many
    /// senders as there are responders.
    private func seedPings(engine: SharedStore, env: CoreEnvironment, user: EntityID) throws {
        let links = try engine.readWithoutCatchUp { store in try store.contacts(of: user) }
        var start = 0
        while start < links.count {
            let batch = links[start..<min(links.count, start + Self.accountBatch)]
            try engine.backend.write { transaction in
                let store = LayoutStore(transaction, name: engine.name)
                let pings = PingService(store: store, env: env)
                for link in batch {
                    let contact = try reload(link.contactID, store)
                    let owner = try reload(user, store)
                    if link.isDependent {
                        _ = try pings.send(to: ContactView(link: link, account: contact), from: owner)
                    } else if let back = try store.contacts(of: contact.id).first(where: { $0.contactID == user }) {
                        _ = try pings.send(to: ContactView(link: back, account: owner), from: contact)
                    }
                }
            }
            start += Self.accountBatch
        }
    }

    /// The user's feed: `count` items of every type, all but the newest 25 read.
    ///
    /// Appended through `BulkFeedFiles` (linear time) in chunks, each then
    /// marked read in a real transaction that also reads its segments back.
    /// Marking as we go keeps the summary's list of unread segments short;
    /// left to grow to a thousand entries, it would make every append slow.
    /// Should the store's format ever defeat the bulk path, the slow one takes over.
    private func seedFeed(_ count: Int, root: String, engine: SharedStore, env: CoreEnvironment,
                          user: EntityID, from contact: EntityID) throws {
        var position = try engine.readWithoutCatchUp { store in try store.feedSummary(of: user).total }
        guard position == 0 else { throw BenchError.seeding("the user's feed is not empty before seeding") }
        while position < count {
            let end = min(count, position + Self.feedChunk)
            do {
                let files = BulkFeedFiles(root: root)
                let store = LayoutStore(files, name: root)
                for item in position..<end {
                    _ = try store.appendFeed(draft(item, contact: contact), to: user, id: env.newID(),
                                             at: time(item, of: count))
                }
                try files.flush()
            } catch let failure as BulkFeedFiles.Failure {
                StandardError.write("lifesignal-bench: bulk feed seeding failed (\(failure)); appending one by one\n")
                try appendSlowly(count, engine: engine, env: env, user: user, from: contact)
            }
            position = try markRead(below: count - 25, engine: engine, env: env, user: user)
        }
        guard position == count else { throw BenchError.seeding("the feed holds \(position) items, not \(count)") }
    }

    /// Marks items below `index` read; returns the feed's item count.
    private func markRead(below index: Int, engine: SharedStore, env: CoreEnvironment, user: EntityID) throws -> Int {
        try engine.backend.write { transaction in
            let store = LayoutStore(transaction, name: engine.name)
            _ = try store.updateFeed(of: user, scope: .unread) { item in
                guard item.index < index else { return .keep }
                var read = item
                read.isRead = true
                return .replace(read)
            }
            return try store.feedSummary(of: user).total
        }
    }

    /// The plain path: `appendFeed` in transactions of `feedBatch` items.
    private func appendSlowly(_ count: Int, engine: SharedStore, env: CoreEnvironment,
                              user: EntityID, from contact: EntityID) throws {
        var written = try engine.readWithoutCatchUp { store in try store.feedSummary(of: user).total }
        while written < count {
            let batch = min(Self.feedBatch, count - written)
            try engine.write(env: env) { store in
                for position in written..<(written + batch) {
                    _ = try store.appendFeed(draft(position, contact: contact), to: user,
                                             id: env.newID(), at: time(position, of: count))
                }
            }
            written += batch
        }
    }

    /// One item a minute, the newest just before "now".
    private func time(_ position: Int, of count: Int) -> Date {
        now.addingTimeInterval(-Double(count - position) * 60)
    }

    /// Item `position` of the seeded feed. A feed keeps at most
    /// `FeedRetention.perSenderItems` items about any one account, so a
    /// full feed is about many: Dana's every `senderCount`th item, the rest
    /// about accounts that exist only in it (contacts removed long ago).
    private func draft(_ position: Int, contact: EntityID) -> FeedDraft {
        let types = NotificationType.allCases
        let type = types[position % types.count]
        let sender = position % Self.senderCount
        return FeedDraft(type: type, title: "Dana Dependent: \(type.rawValue) number \(position)",
                         message: "Notification \(position) of the benchmark feed, about as long as a real message.",
                         relatedContactID: sender == 0 ? contact : Self.formerContact(sender))
    }

    /// Enough accounts that 100,000 items stay within the per-sender limit.
    static let senderCount = 2 * FeedRetention.maxItems / FeedRetention.perSenderItems

    /// A fixed ID for the `number`th account a seeded feed is also about.
    private static func formerContact(_ number: Int) -> EntityID {
        EntityID(randomBytes: (0..<16).map { UInt8(truncatingIfNeeded: number >> (8 * ($0 % 4))) ^ UInt8($0) })
    }

    // MARK: Helpers

    /// PBKDF2 rounds of the codes seeding issues and enters at once. At the
    /// product's count (`AuthService.codeIterations`) two hashes an account
    /// were 98 % of seeding (callgrind, 10 accounts): ~0.16 s an account,
    /// hours at 100,000. A code leaves nothing behind once entered, so the
    /// accounts, sessions and sign-up window are the same either way.
    static let codeIterations = 1

    /// Sign-in for seeding: a thousand accounts at one instant is a benchmark's
    /// store, not a circle's, so the store's daily sign-up limits are lifted,
    /// and its codes are hashed in `codeIterations` rounds.
    private static func auth(_ store: LayoutStore, _ env: CoreEnvironment) -> AuthService {
        var auth = AuthService(store: store, env: env)
        auth.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
        auth.issuedCodeIterations = codeIterations
        return auth
    }

    private static func phone(_ number: Int) -> String {
        "+1555" + String(String(number + 10_000_000).suffix(7))
    }

    static func issueCodes(for numbers: [Int], _ store: LayoutStore, env: CoreEnvironment) throws -> [String] {
        try numbers.map { try auth(store, env).requestCode(phoneNumber: phone($0)).code }
    }

    func signUp(_ store: LayoutStore, env: CoreEnvironment, first: String, last: String,
                number: Int, code: String) throws -> (Account, String) {
        let phone = Self.phone(number)
        let verified = try Self.auth(store, env).verify(phoneNumber: phone, code: code,
                                                                      firstName: first, lastName: last)
        guard case .signedIn(let account, let token, _) = verified else {
            throw BenchError.seeding("sign-up of \(phone) was refused")
        }
        return (account, token)
    }

    /// A full check-in history, hourly up to now, as after six weeks of an
    /// hourly cron job: a check-in must cost the same then as on day one.
    private func seedHistory(_ id: EntityID, _ store: LayoutStore) throws {
        for hour in stride(from: AccountService.historyLimit, to: 0, by: -1) {
            let record = CheckInRecord(timestamp: now.addingTimeInterval(-3_600 * Double(hour)), command: "backup")
            try store.appendCheckIn(record, of: id, keeping: AccountService.historyLimit)
        }
    }

    func checkIn(_ id: EntityID, _ store: LayoutStore, env: CoreEnvironment) throws {
        var account = try reload(id, store)
        try AccountService(store: store, env: env).checkIn(&account)
    }

    private func reload(_ id: EntityID, _ store: LayoutStore) throws -> Account {
        guard let account = try store.account(id) else { throw BenchError.seeding("account \(id) vanished") }
        return account
    }

    static func makeDirectory(_ path: String) throws {
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw BenchError.system(call: "mkdir \(path)", errno: errno)
        }
    }
}

/// Deterministic, valid names for seeded accounts.
enum Names {
    private static let firsts = ["Ada", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun"]
    private static let lasts = ["Okafor", "Lovelace", "Silva", "Novak", "Tanaka", "Moreau", "Berg", "Quinn"]

    static func first(_ number: Int) -> String { firsts[number % firsts.count] + Letters.word(number) }
    static func last(_ number: Int) -> String { lasts[number % lasts.count] }
}

/// A number spelled in letters ("b", "ba", ...) so names stay unique and alphabetic.
enum Letters {
    static func word(_ number: Int) -> String {
        var value = number
        var letters = ""
        repeat {
            letters.append(Character(Unicode.Scalar(UInt8(97 + value % 26))))
            value /= 26
        } while value > 0
        return letters
    }
}
