import Foundation
import Synchronization
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// Accounts made in bulk through the services on a memory store, then
/// copied into a sandbox's etcd store.
struct Crowd {
    let memory = MemoryBackend()
    /// People signed up so far: each sign-up's phone number follows them.
    private let signedUp = SignUpCount()
    let env: CoreEnvironment
    /// PBKDF2 rounds of the crowd's sign-up codes (`AuthService.issuedCodeIterations`).
    static let codeIterations = 1

    init(_ sandbox: Sandbox) throws {
        env = CoreEnvironment(now: try #require(ISO8601.parse(sandbox.now)), random: .seeded(27))
    }

    func write(_ body: (LayoutStore) throws -> Void) throws {
        try memory.write { transaction in try body(LayoutStore(transaction, name: memory.name)) }
    }

    /// `count` accounts, each checked in once at the crowd's start and
    /// watched by `responder` (linked both ways).
    func addCheckedInDependents(_ count: Int, of responder: EntityID) throws -> [EntityID] {
        let dependents = try add(count) { store, account in
            try store.saveContacts([ContactLink(contactID: responder, isResponder: true, isDependent: false,
                                                addedAt: env.now)], of: account.id)
            var checkedIn = account
            try AccountService(store: store, env: env).checkIn(&checkedIn)
        }
        try write { store in
            try store.saveContacts(dependents.map {
                ContactLink(contactID: $0, isResponder: false, isDependent: true, addedAt: env.now)
            }, of: responder)
        }
        return dependents
    }

    /// `count` accounts watching over `dependent` (linked both ways).
    func addResponders(_ count: Int, of dependent: EntityID) throws -> [EntityID] {
        let responders = try add(count) { store, account in
            try store.saveContacts([ContactLink(contactID: dependent, isResponder: false, isDependent: true,
                                                addedAt: env.now)], of: account.id)
        }
        try write { store in
            try store.saveContacts(responders.map {
                ContactLink(contactID: $0, isResponder: true, isDependent: false, addedAt: env.now)
            }, of: dependent)
        }
        return responders
    }

    /// Signs up `count` people, each then given to `configure`; their IDs.
    func add(_ count: Int, _ configure: (LayoutStore, Account) throws -> Void) throws -> [EntityID] {
        var ids: [EntityID] = []
        // Numbers after those of earlier calls: each sign-up a new person.
        let first = signedUp.take(count)
        try write { store in
            var auth = AuthService(store: store, env: env)
            auth.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
            // Each code is entered at once and leaves nothing behind: at the
            // product's rounds two hashes a sign-up were nearly all of a
            // crowd's seeding (1,000 accounts took minutes in a debug build).
            auth.issuedCodeIterations = Self.codeIterations
            for i in 0..<count {
                let phone = "+1555\(4_000_000 + first + i)"
                let issued = try auth.requestCode(phoneNumber: phone)
                guard case .signedIn(let account, _, _) = try auth.verify(phoneNumber: phone, code: issued.code,
                                                                          firstName: "P\(first + i)", lastName: "Crowd") else {
                    throw HarnessFailure("sign-up \(i) failed")
                }
                try configure(store, account)
                ids.append(account.id)
            }
        }
        return ids
    }

    /// The sandbox's store, opened here on the simulated clock.
    func sharedStore(_ sandbox: Sandbox) throws -> SharedStore {
        try SharedStore.open(try StoreLocation.parse(sandbox.storeLocation, workingDirectory: "/"), clock: .simulated)
    }

    /// Puts the accounts, their indexes and the schedule into the sandbox's
    /// store, at most a hundred files and a megabyte per commit (within
    /// etcd's limits).
    func copy(into sandbox: Sandbox) throws {
        // All read from one snapshot: a snapshot a file would cost the square of the crowd.
        let files = try memory.read { snapshot in
            try snapshot.files(under: "")
                .filter { $0.hasPrefix("accounts/") || $0.hasPrefix("phones/") || $0.hasPrefix("codes/") || $0.hasPrefix("schedule/") }
                .map { ($0, try snapshot.read($0) ?? []) }
        }
        let target = try sharedStore(sandbox)
        // The crowd's store has no key: its code index files are named
        // after the QR code IDs, which the target names by its own key.
        let renamed = try target.backend.read { try LayoutStore(snapshot: $0, name: target.name).codeIndexRenaming() }
        var chunk: [(String, [UInt8])] = []
        var bytes = 0
        func flush() throws {
            try target.backend.write { transaction in
                for (path, contents) in chunk { try transaction.write(path, contents) }
            }
            chunk = []
            bytes = 0
        }
        for (path, contents) in files {
            if chunk.count == 100 || bytes + contents.count > 1_000_000 { try flush() }
            chunk.append((renamed(path), contents))
            bytes += contents.count
        }
        if !chunk.isEmpty { try flush() }
    }
}

/// How many people a crowd has signed up; shared by its copies.
private final class SignUpCount: Sendable {
    private let count = Mutex(0)

    /// The number of the first of `more` people, who are then counted.
    func take(_ more: Int) -> Int {
        count.withLock { count in
            defer { count += more }
            return count
        }
    }
}
