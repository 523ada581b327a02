import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// The schedule's layout: one entry per account, so writers of different
/// accounts share no file, and "is anything due?" reads only listings.
struct ScheduleLayoutTests {
    /// The paths a command changed, from the files before and after.
    static func changed(_ before: [String: [UInt8]], _ after: [String: [UInt8]]) -> Set<String> {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    @Test func checkInsOfDifferentPeopleTouchNoCommonFile() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let bob = try world.person("Bob", phone: "+15550000002")
        try world.command { _ in }
        var touched: [Set<String>] = []
        for person in [ada, bob] {
            world.advance(60)
            let before = world.backend.contents
            try world.command { store in
                var account = try #require(try store.account(person.id))
                try AccountService(store: store, env: world.env).checkIn(&account)
            }
            touched.append(Self.changed(before, world.backend.contents))
        }
        #expect(touched[0].intersection(touched[1]).isEmpty, "both wrote \(touched[0].intersection(touched[1]))")
        #expect(touched[0].contains { $0.hasPrefix("schedule/") }, "Ada's check-in was not scheduled")
        #expect(!touched[0].contains("schedule/wake.json"))
    }

    @Test func anythingDueIsAnsweredFromListingsAlone() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        try world.checkIn(ada)
        let due = try #require(try world.reload(ada).nextCheckInDue)
        let wake = try world.backend.read { snapshot in
            try LayoutStore(snapshot: ListingsOnly(snapshot), name: "memory:").nextScheduledWake()
        }
        #expect(wake == due.addingTimeInterval(-7200))
    }

    @Test func aScheduleOfAnOlderLifesignalIsConvertedByTheFirstCatchUp() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        try world.checkIn(ada)
        let reminder = try #require(try world.reload(ada).nextCheckInDue).addingTimeInterval(-7200)
        // Put the schedule back as an older lifesignal kept it: a head and an hour bucket.
        let bucket = Int(reminder.timeIntervalSince1970 / 3600)
        let at = ISO8601.format(reminder)
        try world.backend.write { tx in
            for path in try tx.files(under: "schedule") { try tx.delete(path) }
            try tx.write("schedule/wake.json", Array("{\"data\":{\"buckets\":[\(bucket)],\"next\":\"\(at)\"},\"schemaVersion\":1}\n".utf8))
            try tx.write("schedule/\(bucket).json",
                         Array("{\"data\":[{\"accountID\":\"\(ada.id)\",\"at\":\"\(at)\"}],\"schemaVersion\":1}\n".utf8))
        }
        #expect(try world.store.nextScheduledWake() == .distantPast, "an older schedule is not seen as due")
        try world.command { _ in }
        let entries = try world.backend.read { try $0.files(under: "schedule") }
        #expect(entries.count == 1 && entries[0].hasSuffix("-\(ada.id)"), "\(entries)")
        #expect(try world.store.nextScheduledWake() == reminder)
        world.now = reminder
        try world.tick()
        #expect(try world.feed(ada).map(\.title) == ["Check-in reminder"])
    }

    @Test func aStoreFromBeforeIdentitiesGetsOneOnItsNextWriteAndKeepsIt() throws {
        let world = World()
        _ = try world.person("Ada", phone: "+15550000001")
        try world.backend.write { tx in
            try tx.write("store.json", Array("{\"data\":{\"createdAt\":\"2025-01-01T00:00:00Z\"},\"schemaVersion\":1}\n".utf8))
        }
        let shared = SharedStore(backend: world.backend)
        #expect(try shared.readWithoutCatchUp { try $0.identity() } == nil)
        try world.command { _ in }
        let identity = try #require(try shared.readWithoutCatchUp { try $0.identity() })
        #expect(identity.count == 32)
        try world.command { _ in }
        #expect(try shared.readWithoutCatchUp { try $0.identity() } == identity, "the identity changed")
        let meta = String(decoding: world.backend.contents["store.json"] ?? [], as: UTF8.self)
        #expect(meta.contains("2025-01-01T00:00:00Z"), "the creation time was lost: \(meta)")
    }

    @Test func aDamagedEntryNameIsNamedAsDamage() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        try world.checkIn(ada)
        world.advance(2 * 86_400)
        try world.backend.write { tx in try tx.write("schedule/00000001/not-an-entry", []) }
        #expect(throws: StoreError.damaged(path: "memory:/schedule/00000001/not-an-entry",
                                           reason: "it is not a schedule entry of its hour (<milliseconds>-<account ID>)")) {
            try world.command { _ in }
        }
    }
}

extension ScheduleLayoutTests {
    /// Wake-ups at odd instants (sub-millisecond fractions, hour edges):
    /// never due early, at most a millisecond late, and the same wake-up
    /// scheduled again changes nothing, however the time was read back.
    @Test(arguments: [0.0, 0.0004, 0.0005, 0.0009999, 0.123456, 3599.9999, 3600.0, 1e-9])
    func aWakeUpIsNeverEarlyAndSchedulingItAgainChangesNothing(_ fraction: Double) throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let wake = try #require(ISO8601.parse("2026-03-02T07:00:00Z")).addingTimeInterval(fraction)
        try world.command { store in try store.schedule(ada.id, at: wake) }
        let before = world.backend.contents
        try world.command { store in try store.schedule(ada.id, at: wake) }
        #expect(world.backend.contents == before, "scheduling the same wake-up again changed files")
        let earliest = try #require(try world.store.nextScheduledWake())
        #expect(earliest >= wake && earliest.timeIntervalSince(wake) <= 0.001, "\(earliest) for \(wake)")
        let early = try world.backend.read { snapshot throws in
            try LayoutStore(snapshot: snapshot, name: "memory:").dueWakes(at: wake.addingTimeInterval(-0.001))
        }
        #expect(early.isEmpty, "due early")
        let due = try world.command { store in try store.dueWakes(at: earliest).map(\.accountID) }
        #expect(due == [ada.id])
        #expect(try world.backend.read { try $0.files(under: "schedule") }.count == 1, "a due entry was taken for a stray")
    }
}

/// A snapshot on which every file read fails: what is answered through it
/// was answered from listings.
final class ListingsOnly: StoreSnapshot {
    let base: any StoreSnapshot
    init(_ base: any StoreSnapshot) { self.base = base }

    func read(_ path: String) throws -> [UInt8]? { throw StoreError.io("read \(path) where only listings were expected") }
    func list(_ directory: String) throws -> [String] { try base.list(directory) }
    func files(under directory: String) throws -> [String] { try base.files(under: directory) }
}
