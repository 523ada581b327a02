import Foundation
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// Stores seeded in bulk, with sign-up codes hashed in one round
/// (`AuthService.issuedCodeIterations`), are stores like any other:
/// `doctor` finds nothing wrong, their people sign in with a code from
/// the binary, and `lifesignal-bench --seed-accounts N --seed-overdue`
/// leaves every other account overdue, none caught up by the seeding.
@Suite(.serialized) struct SeededStoreTests {
    /// The bench beside the binary the tests run.
    static let bench = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().appendingPathComponent("lifesignal-bench").path

    /// More than one of the bench's batches of 250 sign-ups: the second
    /// batch's transactions must not catch the first one up.
    static let accounts = 260

    @Test func theBenchSeedsAStoreOfOverdueAccountsThatDoctorAcceptsAndTheyCanSignIn() throws {
        let sandbox = Sandbox("seeded-bench", storeKind: .directory)
        let seeding = try Running(arguments: [Self.bench, "--dir", sandbox.root.path, "--seed-accounts", "\(Self.accounts)", "--seed-overdue"],
                                  environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC"], directory: sandbox.root, executable: nil)
            .wait(timeout: 300)
        #expect(seeding.succeeded, "\(seeding)")
        var environment: [String: String] = [:]
        for line in seeding.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { environment[String(parts[0])] = String(parts[1]) }
        }
        let store = try #require(environment["LIFESIGNAL_STORE"], "no store printed: \(seeding)")
        let nowText = try #require(environment["LIFESIGNAL_NOW"])
        let now = try #require(ISO8601.parse(nowText))

        // Everyone but the user and their dependent is overdue.
        let shared = SharedStore(backend: try DirectoryBackend(root: store, creating: false), clock: .simulated)
        let due = try shared.readWithoutCatchUp { try $0.dueWakes(at: now, limit: 10 * Self.accounts).count }
        #expect(due == Self.accounts - 2, "\(due) of \(Self.accounts - 2) overdue accounts are due")

        let doctor = try Self.run(["doctor", "--json"], environment)
        #expect(doctor.succeeded, "\(doctor)")
        #expect(doctor.jsonObject?["accounts"] as? Int == Self.accounts && doctor.jsonObject?["healthy"] as? Bool == true, "\(doctor)")

        // A seeded person (the 10th, as the seeder numbers phones) signs in with a new code.
        let phone = "+15550000010"
        let sent = try Self.run(["login", "--phone", phone, "--json"], environment)
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        let signedIn = try Self.run(["login", "--phone", phone, "--code", code], environment)
        #expect(signedIn.succeeded && signedIn.stdout.contains("Signed in as"), "\(signedIn)")
    }

    @Test func aCrowdCopiedIntoADirectoryStoreIsHealthyAndItsPeopleSignIn() throws {
        let sandbox = Sandbox("seeded-crowd", storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "A")
        let crowd = try Crowd(sandbox)
        // The store's code key names the crowd's code index as the store's own.
        let meta = try #require(try sandbox.storeFile("store.json"))
        try crowd.memory.write { transaction in try transaction.write("store.json", Array(meta)) }
        _ = try crowd.addCircles(30, size: 10)
        try crowd.copy(into: sandbox)

        let doctor = try ada.run(["doctor", "--json"])
        #expect(doctor.succeeded && doctor.jsonObject?["accounts"] as? Int == 31, "\(doctor)")
        // The crowd's phones are "+1555" and 4,000,000 up.
        let bob = sandbox.person("bob")
        let sent = try bob.run(["login", "--phone", "+15554000007", "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        let signedIn = try bob.run(["login", "--phone", "+15554000007", "--code", code])
        #expect(signedIn.succeeded && signedIn.stdout.contains("Signed in as P7 Crowd"), "\(signedIn)")
    }

    /// `lifesignal ARGS` with `environment`, waited for.
    static func run(_ arguments: [String], _ environment: [String: String]) throws -> RunResult {
        try Running(arguments: arguments, environment: environment, directory: URL(fileURLWithPath: "/")).wait(timeout: 120)
    }
}
