import Foundation
import Testing
import TestSupport

/// Files that list things by ID, with one entry doubled. The store never
/// writes that, so it is damage: the reading command must exit 7 naming the
/// file and leave it alone, never show a contact, ping or notification twice.
///
/// A doubled schedule entry is the exception: it only says "look at this
/// account then" twice, and the next reschedule rewrites the bucket with the
/// account once; that is checked instead.
///
/// Contacts, pings and notifications with a doubled ID are refused as
/// damage (exit 7, path named); they were once accepted and shown twice.
@Suite(.serialized) struct DuplicateIDTests {
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case contacts, pings, feedSegment, scheduleBucket
        var testDescription: String { rawValue }

        var kind: StoreFileKind {
            switch self {
            case .contacts: .contacts
            case .pings: .pings
            case .feedSegment: .feedSegment
            case .scheduleBucket: .scheduleBucket
            }
        }

        var read: [String] {
            switch self {
            case .contacts: ["contacts", "--json"]
            case .pings: ["ping", "list", "--json"]
            case .feedSegment: ["notifications", "--json"]
            case .scheduleBucket: ["checkin", "--json"]
            }
        }

        /// Whether the current lifesignal is known to accept this doubling.
        /// A doubled schedule entry is harmless: the next reschedule rewrites it.
        var isRejected: Bool { self != .scheduleBucket }
        /// Whether a doubling is harmless and healed by the next write.
        var healsOnWrite: Bool { self == .scheduleBucket }
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
        if doubled.healsOnWrite {
            #expect(result.succeeded, "\(result)")
            let directory = file.deletingLastPathComponent()
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
            where name != "wake.json" && !name.hasPrefix(".") {
                let bucket = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(name)))
                let listed = ((bucket as? [String: Any])?["data"] as? [[String: Any]] ?? []).compactMap { $0["accountID"] as? String }
                #expect(listed.count == Set(listed).count, "schedule/\(name) still lists an account twice: \(listed)")
            }
            return
        }
        if doubled.isRejected {
            #expect(result.status == 7, "a doubled ID in \(file.path) was accepted: \(result)")
            #expect(result.stderr.contains(file.path), "\(result)")
        }
        #expect(changed.isEmpty, "files changed: \(changed)")
    }
}
