import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport

/// Store decoding: one file of a complete store replaced by arbitrary bytes,
/// then everything a command reads. Only documented errors may come out,
/// and a damaged or too-new file must be named with its full path.
enum StoreDecodingCheck {
    static let root = "/fuzz-store"

    /// The first byte picks the file (by index into the sorted paths), the
    /// rest is its new content.
    static func check(_ bytes: [UInt8]) {
        let fixture = StoreFixture.shared
        let paths = fixture.paths
        let path = paths[Int(bytes.first ?? 0) % paths.count]
        let content = Array(bytes.dropFirst())
        checkReaders(content, path: path)
        do {
            let backend = try fixture.copy(name: root, replacing: path, with: content)
            try backend.write { transaction in try exercise(LayoutStore(transaction, name: root), fixture) }
        } catch let error as StoreError {
            switch error {
            case .damaged(let named, _), .tooNew(let named, _, _):
                if named != root + "/" + path {
                    violated(.storeDecoding, "damage in \(path) was reported as \(named): \(error.message)")
                }
            case .busy, .io, .noHome, .missing, .unavailable, .badLocation, .contended, .unconfirmed, .full, .tooLarge, .unsafe,
                 .notAStore, .partialCopy:
                violated(.storeDecoding, "a damaged \(path) gave \(error.kind): \(error.message)")
            }
        } catch is LifeSignalError {
            // A file that decodes but points nowhere (a stranger's ID, a
            // missing account) is refused by the rules; that is documented.
        } catch {
            violated(.storeDecoding, "an undocumented error for a damaged \(path): \(error)")
        }
    }

    /// A violation when the codec and `JSONDecoder` disagree on a file (`StoreFileDifferential`).
    static func checkReaders(_ bytes: [UInt8], path: String) {
        guard let kind = StoreFileDifferential.kind(of: path), let problem = kind.disagreement(bytes) else { return }
        violated(.storeDecoding, "\(path) (\(kind)): \(problem)")
    }

    /// The reads of status, contacts, invitations, notifications, history and tick.
    static func exercise(_ store: LayoutStore, _ fixture: StoreFixture) throws {
        let env = CoreEnvironment(now: fixture.now, random: .seeded(1))
        _ = try DeadlineService.isCatchUpNeeded(store, now: env.now)
        _ = try store.nextScheduledWake()
        for (person, token) in fixture.people {
            var account = try AuthService.account(forToken: token, in: store, now: env.now)
            _ = try StatusReport(account: account, store: store, now: env.now)
            _ = try ContactDirectory(store: store).all(of: person.id)
            _ = try NotificationService(store: store).list(of: person.id, filter: nil, unreadOnly: false, limit: nil)
            _ = try store.checkIns(of: person.id, limit: nil)
            _ = try store.pings(of: person.id)
            _ = try store.accountID(phoneNumber: person.phoneNumber)
            _ = try store.accountID(qrCodeID: person.qrCodeID)
            _ = try DeliveryPlan(store: store, owner: account, now: env.now, command: "true")
            _ = try store.pendingLogin(phoneNumber: "+15550000003")
            _ = try InvitationDirectory(store: store).received(of: person.id, now: env.now)
            _ = try InvitationDirectory(store: store).sent(of: person.id, now: env.now)
            try AccountService(store: store, env: env).checkIn(&account)
        }
        _ = try store.waitingInvitations(for: "+15550000009")
        _ = try DeadlineService(store: store, env: CoreEnvironment(now: env.now.addingTimeInterval(5 * 86_400),
                                                                   random: env.random)).catchUp()
        // Past the invitation's expiry, which reads and changes both copies.
        _ = try DeadlineService(store: store, env: CoreEnvironment(now: env.now.addingTimeInterval(31 * 86_400),
                                                                   random: env.random)).catchUp()
    }
}
