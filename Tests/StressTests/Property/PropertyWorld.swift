import Foundation
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// The real services on an in-memory store, next to the model, driven
/// together. Each action is one transaction as a command runs it: deadlines
/// first, then the action; an action that throws leaves the files as they were.
final class PropertyWorld {
    let backend = MemoryBackend()
    let random: RandomSource
    var now = Clock.start
    var model = RulesModel()
    var accounts: [EntityID] = []
    private let names = ["Ada", "Bob", "Cy", "Dee", "Eve"]

    init(seed: UInt64) throws {
        random = .seeded(seed)
        for _ in 0..<3 { try signUp() }
    }

    var env: CoreEnvironment { CoreEnvironment(now: now, random: random) }

    /// Runs `body` as one transaction of the memory store: if it throws, nothing changes.
    func transaction<T>(_ body: (LayoutStore) throws -> T) throws -> T {
        try backend.write { transaction in try body(LayoutStore(transaction, name: backend.name)) }
    }

    func signUp() throws {
        let index = accounts.count
        let phone = "+1555000000\(index + 1)"
        let account: Account = try transaction { store in
            let auth = AuthService(store: store, env: env)
            let issued = try auth.requestCode(phoneNumber: phone)
            guard case .signedIn(let account, _, _) = try auth.verify(
                phoneNumber: phone, code: issued.code, firstName: names[index], lastName: "Test") else {
                throw HarnessFailure("sign-up refused")
            }
            return account
        }
        accounts.append(account.id)
        model.signUp(id: account.id.rawValue, name: account.fullName)
    }

    /// Deadlines, as every command brings them up to date first.
    func catchUp() throws {
        try transaction { store in _ = try DeadlineService(store: store, env: env).catchUp() }
        model.catchUp(now: now)
    }

    /// Applies `action` to the services and the model; their outcomes must agree.
    func perform(_ action: PropertyAction, _ label: String) throws {
        if case .advance(let seconds) = action {
            now = now.addingTimeInterval(Double(seconds))
            return
        }
        try catchUp()
        let real: RulesModel.Outcome
        let expected: RulesModel.Outcome
        switch action {
        case .signUp:
            try signUp()
            return
        case .advance, .tick:
            return
        case .add(let a, let b, let responder, let dependent):
            real = outcome { store in
                let owner = try self.account(a, store)
                let code = try self.account(b, store).qrCodeID
                _ = try ContactService(store: store, env: self.env).add(code: code, asResponder: responder,
                                                                       asDependent: dependent, owner: owner)
            }
            expected = model.add(a, b, responder: responder, dependent: dependent)
        case .setRoles(let a, let b, let responder, let dependent):
            let before = backend.contents
            real = outcome { store in
                let contact = try ContactDirectory(store: store).resolve(self.accounts[b].rawValue, owner: self.accounts[a])
                _ = try ContactService(store: store, env: self.env).setRoles(
                    of: contact, responder: responder, dependent: dependent, owner: try self.account(a, store))
            }
            expected = model.setRoles(a, b, responder: responder, dependent: dependent)
            if expected == .unchanged { #expect(backend.contents == before, "\(label): an unchanged role wrote files") }
        case .remove(let a, let b):
            real = outcome { store in
                let contact = try ContactDirectory(store: store).resolve(self.accounts[b].rawValue, owner: self.accounts[a])
                try ContactService(store: store, env: self.env).remove(contact, owner: try self.account(a, store))
            }
            expected = model.remove(a, b)
        case .ping(let a, let b):
            var pending = false
            real = outcome { store in
                let contact = try ContactDirectory(store: store).resolve(self.accounts[b].rawValue, owner: self.accounts[a])
                if case .alreadyPending = try PingService(store: store, env: self.env).send(to: contact, from: try self.account(a, store)) {
                    pending = true
                }
            }
            expected = model.ping(a, b)
            try #require((real == .done && pending ? RulesModel.Outcome.unchanged : real) == expected, "\(label)")
            return
        case .respond(let b):
            let answered = try transaction { store in
                var owner = try account(b, store)
                return try PingService(store: store, env: env).respond(nil, owner: &owner).answered.count
            }
            try #require(answered == model.respond(b, now: now), "\(label): answered \(answered)")
            return
        case .checkIn(let a):
            try transaction { store in
                var account = try account(a, store)
                try AccountService(store: store, env: env).checkIn(&account)
            }
            model.checkIn(a, now: now)
            return
        case .alert(let a, let on):
            real = outcome { store in
                var account = try self.account(a, store)
                let service = AccountService(store: store, env: self.env)
                _ = try on ? service.raiseAlert(&account) : service.cancelAlert(&account)
            }
            expected = model.alert(a, on: on)
        case .readAll(let a):
            try transaction { store in _ = try NotificationEditor(store: store).markRead(nil, of: accounts[a], at: self.env.now) }
            model.readAll(a)
            return
        case .deleteAll(let a):
            try transaction { store in _ = try NotificationEditor(store: store).delete(nil, of: accounts[a]) }
            model.deleteAll(a)
            return
        case .read(let a, let newest), .delete(let a, let newest):
            guard newest < model.people[a].feed.count else { return }
            let isDelete: Bool = if case .delete = action { true } else { false }
            try transaction { store in
                // The model's feed, without the chain watch's notices (PropertyComparison).
                let items = try NotificationService(store: store).list(of: accounts[a], filter: nil, unreadOnly: false, limit: nil)
                    .filter { !World.chainWatchTitles.contains($0.title) }
                let id = items[newest].id
                let editor = NotificationEditor(store: store)
                _ = isDelete ? try editor.delete(id, of: accounts[a]) : try editor.markRead(id, of: accounts[a], at: self.env.now)
            }
            if isDelete { model.delete(a, newest: newest) } else { model.read(a, newest: newest) }
            return
        }
        let agree = real == expected || (real == .done && expected == .unchanged)
        try #require(agree, "\(label): the services say \(real), the rules say \(expected)")
    }

    private func account(_ index: Int, _ store: LayoutStore) throws -> Account {
        guard let account = try store.account(accounts[index]) else { throw HarnessFailure("account \(index) is gone") }
        return account
    }

    /// Runs one action, turning the documented refusals into outcomes.
    private func outcome(_ body: (LayoutStore) throws -> Void) -> RulesModel.Outcome {
        do {
            try transaction(body)
            return .done
        } catch let error as LifeSignalError {
            return error.kind == .notFound ? .notFound : .refused
        } catch {
            return .refused
        }
    }
}
