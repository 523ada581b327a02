import Foundation
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing
import ZoneInfoFiles

/// The real services and `AlarmModel`, driven together, on an in-memory
/// store or on a real store directory. Each command is one transaction as
/// the binary runs it: deadlines first, then the action; one that throws
/// changes nothing. After each step every person's alarm notices
/// (reminders, misses, "safe", alerts) must be exactly the model's, at the
/// same moments, and each person's deadline and alert what the model says;
/// so must those of them their preferences hand to the notify command
/// (`AlarmWorld+Compare.swift`). A damaged file (`AlarmWorld+Damage.swift`)
/// may make a command fail, as `AlarmModel.containment` allows.
final class AlarmWorld {
    /// Where the store lives.
    enum Backing {
        /// In memory (`MemoryBackend`); evaluators take turns.
        case memory(MemoryBackend)
        /// A store directory (`DirectoryBackend`, its lock and journal);
        /// evaluators run on threads at once.
        case disk
    }

    let backing: Backing
    /// The store every command goes through, as the binary's do (a simulation store).
    let store: SharedStore
    let random: RandomSource
    var now = Clock.start
    var model = AlarmModel()
    var accounts: [EntityID] = []
    /// Each person's alarm notices read so far, and the next feed index to
    /// read (`AlarmWorld+Compare.swift` reads them).
    var seen: [[AlarmModel.Event]] = []
    var nextIndex: [Int] = []
    /// Of those, the ones the person's preferences hand to the notify
    /// command (judged when read, as a delivery run right after would),
    /// and the same of the model's, with how many of its notices were judged.
    var handed: [[AlarmModel.Event]] = []
    var expectedHanded: [[AlarmModel.Event]] = []
    var judged: [Int] = []
    /// Each person's drill notices read so far (all handed on, whatever the preferences).
    var drillNotices: [Int] = []
    /// The damaged file in force (`AlarmWorld+Damage.swift`), and the
    /// message of the last command that failed on it.
    var damage: Damage?
    private var damageFailure = ""

    /// A world of people who have just signed up, to start sequences from.
    struct Start {
        var files: [String: [UInt8]]
        var accounts: [EntityID]
        var model: AlarmModel
    }

    /// Signs up `people` people (the costly part of a world, shared by the
    /// sequences that start from it).
    static func start(people: Int) throws -> Start {
        let backend = MemoryBackend()
        let world = AlarmWorld(backing: .memory(backend), store: SharedStore(backend: backend, clock: .simulated),
                               random: .seeded(UInt64(people)))
        for index in 0..<people { try world.signUp(["Ada", "Bob", "Cy", "Dee"][index]) }
        return Start(files: backend.contents, accounts: world.accounts, model: world.model)
    }

    private init(backing: Backing, store: SharedStore, random: RandomSource) {
        self.backing = backing
        self.store = store
        self.random = random
    }

    /// A world in memory from `start`, with its own random source.
    convenience init(from start: Start, seed: UInt64) throws {
        let backend = try MemoryBackend(files: start.files)
        self.init(backing: .memory(backend), store: SharedStore(backend: backend, clock: .simulated), random: .seeded(seed))
        accounts = start.accounts
        model = start.model
        seen = Array(repeating: [], count: accounts.count)
        nextIndex = Array(repeating: 0, count: accounts.count)
        handed = seen
        expectedHanded = seen
        judged = nextIndex
        drillNotices = nextIndex
        try compare("the start")
    }

    /// A world on a store directory, its people signed up afresh.
    convenience init(directory: String, seed: UInt64, people: Int) throws {
        self.init(backing: .disk, store: try SharedStore.open(.directory(directory), clock: .simulated), random: .seeded(seed))
        for index in 0..<people { try signUp(["Ada", "Bob", "Cy", "Dee"][index]) }
    }

    /// Runs `body` in one transaction after the deadlines, as a command
    /// does; nothing of it stays when it throws.
    func transaction<T>(at time: Date? = nil, _ body: (LayoutStore, CoreEnvironment) throws -> T) throws -> T {
        let env = CoreEnvironment(now: time ?? now, random: random, zones: Self.zones)
        return try store.write(env: env) { layout in try body(layout, env) }
    }

    /// Several processes bringing the deadlines up to date: in memory one
    /// after another on clocks `lags` seconds behind; on disk all at once.
    private func evaluate(lags: [Int]) throws {
        switch backing {
        case .memory:
            for lag in lags {
                let time = now.addingTimeInterval(-Double(lag))
                try transaction(at: time) { _, _ in }
                model.catchUp(now: time)
            }
        case .disk:
            let env = CoreEnvironment(now: now, random: random, zones: Self.zones)
            let failures = Failures()
            let store = store
            DispatchQueue.concurrentPerform(iterations: lags.count) { _ in
                do { try store.write(env: env) { _ in } } catch { failures.add("\(error)") }
            }
            if let failure = failures.first { throw HarnessFailure("an evaluator failed: \(failure)") }
            model.catchUp(now: now)
        }
    }

    /// The system's time zone database, for daily deadlines.
    static let zones = SystemZoneInfo.catalog()

    private func signUp(_ name: String) throws {
        let phone = "+1555000000\(accounts.count + 1)"
        let account: Account = try transaction { store, env in
            let auth = AuthService(store: store, env: env)
            let issued = try auth.requestCode(phoneNumber: phone)
            guard case .signedIn(let account, _, _) = try auth.verify(
                phoneNumber: phone, code: issued.code, firstName: name, lastName: "Test") else {
                throw HarnessFailure("sign-up refused")
            }
            return account
        }
        accounts.append(account.id)
        model.signUp("\(name) Test")
        seen.append([])
        nextIndex.append(0)
        handed.append([])
        expectedHanded.append([])
        judged.append(0)
        drillNotices.append(0)
    }

    private func account(_ index: Int, _ store: LayoutStore) throws -> Account {
        guard let account = try store.account(accounts[index]) else { throw HarnessFailure("account \(index) is gone") }
        return account
    }

    /// Runs one command, turning the documented refusals into outcomes.
    private func outcome(_ body: (LayoutStore, CoreEnvironment) throws -> Void) throws -> AlarmModel.Outcome {
        do {
            try transaction(body)
            return .done
        } catch let error as any UserFacingError where error.kind == .refused || error.kind == .notFound {
            return error.kind == .notFound ? .notFound : .refused
        } catch let error as any UserFacingError where error.kind == .damaged {
            damageFailure = error.message
            return .damaged
        }
    }

    /// Applies `action` to the services and the model; their outcomes must agree.
    func perform(_ action: AlarmAction, _ label: String) throws {
        var real: AlarmModel.Outcome = .done
        var expected: AlarmModel.Outcome = .done
        let before = model
        switch action {
        case .advance(let seconds):
            now = now.addingTimeInterval(Double(seconds))
            return
        case .evaluators(let lags):
            try evaluate(lags: lags)
            return
        case .damage(let p, let file, let bytes):
            _ = try damage(p, file, with: AlarmModel.damages[bytes])
            return
        case .repair:
            try repair(label)
            return
        case .checkIn(let p):
            try transaction { store, env in
                var account = try account(p, store)
                try AccountService(store: store, env: env).checkIn(&account)
            }
            model.catchUp(now: now)
            model.checkIn(p, now: now)
            return
        case .intervals(let p, let checkIn, let reminder):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                try AccountService(store: store, env: env).setIntervals(&account, checkIn: checkIn, reminder: reminder)
            }
            model.catchUp(now: now)
            expected = model.setIntervals(p, checkIn: checkIn, reminder: reminder, now: now)
        case .alert(let p, let on):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                let service = AccountService(store: store, env: env)
                _ = try on ? service.raiseAlert(&account) : service.cancelAlert(&account)
            }
            model.catchUp(now: now)
            expected = model.alert(p, on: on, now: now)
        case .add(let a, let b, let responder, let dependent):
            real = try outcome { store, env in
                let code = try self.account(b, store).qrCodeID
                _ = try ContactService(store: store, env: env).add(code: code, asResponder: responder, asDependent: dependent,
                                                                   owner: try self.account(a, store))
            }
            model.catchUp(now: now)
            expected = model.add(a, b, responder: responder, dependent: dependent, now: now)
        case .roles(let a, let b, let responder, let dependent):
            real = try outcome { store, env in
                let contact = try ContactDirectory(store: store).resolve(self.accounts[b].rawValue, owner: self.accounts[a])
                _ = try ContactService(store: store, env: env).setRoles(of: contact, responder: responder, dependent: dependent,
                                                                        owner: try self.account(a, store))
            }
            model.catchUp(now: now)
            expected = model.setRoles(a, b, responder: responder, dependent: dependent, now: now)
            if expected == .unchanged { expected = .done }
        case .remove(let a, let b):
            real = try outcome { store, env in
                let contact = try ContactDirectory(store: store).resolve(self.accounts[b].rawValue, owner: self.accounts[a])
                try ContactService(store: store, env: env).remove(contact, owner: try self.account(a, store))
            }
            model.catchUp(now: now)
            expected = model.remove(a, b, now: now)
        case .ping(let a, let b):
            var pending = false
            real = try outcome { store, env in
                let contact = try ContactDirectory(store: store).resolve(self.accounts[b].rawValue, owner: self.accounts[a])
                if case .alreadyPending = try PingService(store: store, env: env).send(to: contact, from: try self.account(a, store)) {
                    pending = true
                }
            }
            if real == .done, pending { real = .unchanged }
            model.catchUp(now: now)
            expected = model.ping(a, b)
        case .timing(let p, let grace, let repeats):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                try AccountService(store: store, env: env).setIntervals(
                    &account, checkIn: nil, reminder: nil, grace: grace, repeats: repeats.map { $0.map { .every($0) } ?? .off })
            }
            model.catchUp(now: now)
            expected = model.setIntervals(p, checkIn: nil, reminder: nil, grace: grace, repeats: repeats, now: now)
        case .delay(let a, let b, let seconds):
            real = try outcome { store, env in
                let contact = try ContactDirectory(store: store).resolve(self.accounts[b].rawValue, owner: self.accounts[a])
                _ = try ContactService(store: store, env: env).setRoles(of: contact, responder: nil, dependent: nil, delay: seconds,
                                                                        owner: try self.account(a, store))
            }
            model.catchUp(now: now)
            expected = model.setRoles(a, b, responder: nil, dependent: nil, delay: seconds, now: now)
            if expected == .unchanged { expected = .done }
        case .extend(let p, let seconds):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                _ = try TimerService(store: store, env: env).extend(&account, by: seconds)
            }
            model.catchUp(now: now)
            expected = model.extend(p, by: seconds, now: now)
        case .pause(let p, let seconds):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                _ = try TimerService(store: store, env: env).pause(&account, until: env.now.addingTimeInterval(Double(seconds)),
                                                                   reason: nil)
            }
            model.catchUp(now: now)
            expected = model.pause(p, for: seconds, now: now)
        case .resume(let p):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                try TimerService(store: store, env: env).resume(&account)
            }
            model.catchUp(now: now)
            expected = model.resume(p, now: now)
        case .ack(let r, let p):
            real = try outcome { store, env in
                let contact = try ContactDirectory(store: store).resolve(self.accounts[p].rawValue, owner: self.accounts[r])
                _ = try AckService(store: store, env: env).acknowledge(contact, by: try self.account(r, store))
            }
            model.catchUp(now: now)
            expected = model.acknowledge(r, p, now: now)
            if expected == .unchanged { expected = .done }
        case .drill(let p):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                _ = try DrillService(store: store, env: env).send(&account)
            }
            model.catchUp(now: now)
            expected = model.drill(p, now: now)
        case .daily(let p, let daily):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                let schedule = daily.map { DailySchedule(deadline: $0.deadline) }
                try AccountService(store: store, env: env).setDailySchedule(&account, schedule)
            }
            model.catchUp(now: now)
            expected = model.setDaily(p, daily, now: now)
        case .zone(let p, let zone):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                try AccountService(store: store, env: env).setTimeZone(&account, ZoneName(validating: zone))
            }
            model.catchUp(now: now)
            expected = model.setZone(p, zone, now: now)
        case .tripStart(let p, let seconds):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                try AccountService(store: store, env: env).startTrip(&account, until: env.now.addingTimeInterval(Double(seconds)),
                                                                     note: "north ridge")
            }
            model.catchUp(now: now)
            expected = model.startTrip(p, for: seconds, now: now)
        case .tripExtend(let p, let seconds):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                _ = try AccountService(store: store, env: env).extendTrip(&account, by: seconds)
            }
            model.catchUp(now: now)
            expected = model.extendTrip(p, by: seconds, now: now)
        case .tripEnd(let p):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                try AccountService(store: store, env: env).endTrip(&account)
            }
            model.catchUp(now: now)
            expected = model.endTrip(p, now: now)
        case .jobAdd(let p, let name, let schedule, let grace):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                let due: JobService.Due = switch schedule {
                case .every(let seconds): .every(seconds)
                case .daily(let daily): .daily(daily.deadline)
                }
                try JobService(store: store, env: env).add(&account, name: name, due: due, grace: grace, maxRuntime: nil)
            }
            model.catchUp(now: now)
            expected = model.addJob(p, name, schedule, grace: grace, now: now)
        case .jobCheckIn(let p, let name):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                _ = try JobService(store: store, env: env).checkIn(&account, name: name)
            }
            model.catchUp(now: now)
            expected = model.checkInJob(p, name, now: now)
        case .jobRemove(let p, let name):
            real = try outcome { store, env in
                var account = try self.account(p, store)
                try JobService(store: store, env: env).remove(&account, name: name)
            }
            model.catchUp(now: now)
            expected = model.removeJob(p, name, now: now)
        case .preference(let p, let key, let on):
            try transaction { store, env in
                var account = try account(p, store)
                var preferences = account.preferences
                switch key {
                case .alerts: preferences.alerts = on
                case .checkIns: preferences.checkIns = on
                case .dependentNews: preferences.dependentNews = on
                }
                try AccountService(store: store, env: env).setPreferences(&account, preferences)
            }
            model.catchUp(now: now)
            model.set(p, key, on: on)
            return
        case .respond(let p):
            var answered = 0
            real = try outcome { store, env in
                var account = try self.account(p, store)
                answered = try PingService(store: store, env: env).respond(nil, owner: &account).answered.count
            }
            if real != .done { break }
            model.catchUp(now: now)
            let predicted = model.respond(p, now: now)
            try #require(answered == predicted, "\(label): answered \(answered), the rules say \(predicted)")
            return
        }
        if real == .damaged {
            try judgeDamageFailure(action, message: damageFailure, before: before, label)
            model = before
            model.catchUp(now: now)
            return
        }
        if real == .done { try judgeDamageSuccess(action, before: before, label) }
        try #require(real == expected, "\(label): the services say \(real), the rules say \(expected)")
        // A refused command changes nothing of its own; the deadlines it
        // brought up to date first stay so (that is committed before the
        // command's own transaction, so no refusal can hold up an alarm).
        if expected == .refused || expected == .notFound {
            model = before
            model.catchUp(now: now)
        }
    }
}

/// Errors from threads, gathered.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ failure: String) { lock.withLock { list.append(failure) } }
    var first: String? { lock.withLock { list.first } }
}
