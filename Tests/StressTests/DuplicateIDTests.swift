import Foundation
import Testing
import TestSupport
import SystemFiles

/// Files that list things by ID, with one entry doubled. The store never
/// writes that, so it is damage: the reading command must exit 7 naming the
/// file and leave it alone, never show a contact, ping or notification twice.
///
/// A doubled schedule entry is the exception: it only says "look at this
/// account then" twice, and the catch-up that finds it looks at the account
/// once and removes the entry its `wake.json` does not name; that is
/// checked instead.
///
/// Contacts, pings and notifications with a doubled ID are refused as
/// damage (exit 7, path named); they were once accepted and shown twice.
@Suite(.serialized, .ownThreads) struct DuplicateIDTests {
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case contacts, pings, feedSegment
        var testDescription: String { rawValue }

        var kind: StoreFileKind {
            switch self {
            case .contacts: .contacts
            case .pings: .pings
            case .feedSegment: .feedSegment
            }
        }

        var read: [String] {
            switch self {
            case .contacts: ["contacts", "--json"]
            case .pings: ["ping", "list", "--json"]
            case .feedSegment: ["notifications", "--json"]
            }
        }
    }

    @Test(arguments: Case.allCases)
    func aDoubledIDIsReportedAsDamage(_ doubled: Case) throws {
        let world = try DamageWorld()
        try world.restore()
        let file = try world.file(doubled.kind)
        let envelope = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let entries = try #require(envelope["data"] as? [Any], "\(file.lastPathComponent) holds no list")
        var damaged = envelope
        damaged["data"] = entries + [entries[0]]
        try JSONSerialization.data(withJSONObject: damaged, options: [.sortedKeys]).write(to: file)
        let before = world.snapshot()

        let result = try world.ada.run(doubled.read, extra: doubled.kind.environment)
        #expect(!result.signalled, "\(result)")
        let changed = DamageWorld.changes(before, world.snapshot())
        #expect(result.status == 7, "a doubled ID in \(file.path) was accepted: \(result)")
        #expect(result.stderr.contains(file.path), "\(result)")
        #expect(changed.isEmpty, "files changed: \(changed)")
    }

    /// Ada's schedule entry doubled at an earlier, due time: her next
    /// command succeeds, and afterwards the schedule holds her once, at the
    /// wake-up her `wake.json` names.
    @Test func aDoubledScheduleEntryHealsOnTheNextCommand() throws {
        let world = try DamageWorld()
        try world.restore()
        let ada = try #require(world.ids["ada"])
        let schedule = world.sandbox.store.appendingPathComponent("schedule")
        let stray = Clock.start.addingTimeInterval(-60)
        let milliseconds = Int64(stray.timeIntervalSince1970 * 1000)
        let hour = String(format: "h%08lld", milliseconds / 3_600_000)
        let minute = String(format: "%02lld", milliseconds / 60_000 % 60), second = String(format: "%02lld", milliseconds / 1000 % 60)
        let entry = schedule.appendingPathComponent(hour).appendingPathComponent(minute).appendingPathComponent(second)
            .appendingPathComponent(String(format: "%015lld-", milliseconds) + ada)
        try FileManager.default.createDirectory(at: entry.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        #expect(FileManager.default.createFile(atPath: entry.path, contents: Data(), attributes: [.posixPermissions: 0o600]))

        let result = try world.ada.run(["status", "--json"])
        #expect(result.succeeded, "\(result)")
        let entries = (FileManager.default.subpaths(atPath: schedule.path) ?? []).filter { $0.hasSuffix(ada) }
        #expect(entries.count == 1, "Ada is in the schedule \(entries.count) times: \(entries)")
        #expect(!FileManager.default.fileExists(atPath: entry.path), "the stray entry stayed")
        #expect(try world.ada.run(["doctor"]).succeeded)
    }
}
