import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import SystemFiles
import TestSupport
import Testing

/// The schedule's levels (`schedule/h<hour>/<minute>/<second>/<entry>`):
/// "is anything due?" goes only into the directories whose stretch holds
/// now, at every edge of an hour, a minute, a second; the catch-up lists
/// only what is due; an older schedule is converted; damage in a level is
/// named as damage.
struct ScheduleLevelsTests {
    /// A fresh store on one backend, and what keeps its directory alive.
    struct Store {
        let backend: any StoreBackend
        let files: FaultInjectingFileSystem?
        let keepAlive: AnyObject?

        init(_ kind: String) throws {
            if kind == "directory" {
                let root = TemporaryDirectory("lifesignal-schedule-levels")
                let files = FaultInjectingFileSystem()
                backend = try DirectoryBackend(root: root.path + "/store", fileSystem: files)
                self.files = files
                keepAlive = root
            } else {
                backend = MemoryBackend(name: "memory:")
                files = nil
                keepAlive = nil
            }
        }

        func write<T>(_ body: (LayoutStore) throws -> T) throws -> T {
            try backend.write { try body(LayoutStore($0, name: "store")) }
        }

        func read<T>(_ body: (LayoutStore) throws -> T) throws -> T {
            try backend.read { try body(LayoutStore(snapshot: $0, name: "store")) }
        }

        /// Whether anything is due at `now`, as every command asks, and as
        /// the catch-up finds it.
        func due(at now: Date) throws -> (asked: Bool, taken: [EntityID]) {
            let asked = try read { try $0.isWakeDue(at: now) }
            let taken = try read { try $0.dueWakes(at: now, limit: nil).map(\.accountID) }
            return (asked, taken)
        }

        var schedule: [String] { get throws { try backend.read { try $0.files(under: "schedule") } } }
    }

    static let kinds = ["memory", "directory"]

    static func id(_ number: Int) -> EntityID {
        let digits = String(number)
        return EntityID(validating: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
    }

    static let hour = ISO8601.parse("2026-03-01T09:00:00Z")!
    static let hourMilliseconds: Int64 = 1_772_355_600_000

    /// Each wake, and the moments just before and at it: due exactly from
    /// its millisecond on, whichever hour, minute and second it starts or ends.
    @Test(arguments: kinds, [0, 1, 999, 1000, 59_999, 60_000, 1_799_999, 3_599_999, 3_600_000, 7_199_999])
    func aWakeIsDueFromItsMillisecondOnAtEveryEdge(_ kind: String, _ offset: Int64) throws {
        let store = try Store(kind)
        let wake = Date(timeIntervalSince1970: Double(Self.hourMilliseconds + offset) / 1000)
        try store.write { try $0.schedule(Self.id(1), at: wake) }
        #expect(try store.read { try $0.nextScheduledWake() } == wake)
        for (now, due) in [(wake.addingTimeInterval(-0.001), false), (wake.addingTimeInterval(-0.0004), false), (wake, true),
                           (wake.addingTimeInterval(0.0004), true), (wake.addingTimeInterval(0.001), true),
                           (wake.addingTimeInterval(3600), true), (wake.addingTimeInterval(-3600), false)] {
            let found = try store.due(at: now)
            #expect(found.asked == due, "asked at \(ISO8601.format(now)) for a wake at \(ISO8601.format(wake))")
            #expect(found.taken == (due ? [Self.id(1)] : []), "taken at \(ISO8601.format(now))")
        }
    }

    /// Due entries in past hours, minutes and seconds, and some to come in
    /// the current second: the catch-up takes exactly those due, in order.
    @Test(arguments: kinds)
    func theCatchUpTakesWhatIsDueAndNothingElse(_ kind: String) throws {
        let store = try Store(kind)
        let now = Self.hour.addingTimeInterval(1830.5)
        let offsets = [-7200.0, -3600.0, -1, -0.5, -0.0001, 0, 0.0001, 0.4, 1, 60, 3600]
        try store.write { layout in
            for (number, offset) in offsets.enumerated() { try layout.schedule(Self.id(number), at: now.addingTimeInterval(offset)) }
        }
        // -0.0001 and 0 are both the millisecond of now; 0.0001 is the next one.
        #expect(try store.due(at: now).taken == (0..<6).map(Self.id))
        #expect(try store.read { try $0.dueWakes(at: now, limit: 2).map(\.accountID) } .count == 2)
    }

    /// "Is anything due?" goes into neither a crowd's hour to come nor a
    /// wholly past one: on a directory store it lists no directory of theirs.
    @Test(arguments: [-7200.0, 7200.0])
    func isAnythingDueLooksIntoNoHourButNows(_ crowdOffset: Double) throws {
        let store = try Store("directory")
        let crowd = Self.hour.addingTimeInterval(crowdOffset)
        try store.write { layout in
            for number in 0..<50 { try layout.schedule(Self.id(number), at: crowd) }
        }
        let files = try #require(store.files)
        let before = files.calls.count
        #expect(try store.read { try $0.isWakeDue(at: Self.hour) } == (crowdOffset < 0))
        let listed = files.calls.dropFirst(before).filter { $0.operation == .list }.map(\.path)
        #expect(listed.allSatisfy { $0.hasSuffix("/schedule") }, "listed \(listed)")
    }

    /// Everyone at the very same millisecond: before their second, no look
    /// goes into it; in it, one look over its entries; after it, all due.
    @Test(arguments: kinds)
    func aCrowdAtTheSameMillisecondIsDueTogether(_ kind: String) throws {
        let store = try Store(kind)
        let crowd = Self.hour.addingTimeInterval(0.25)
        try store.write { layout in
            for number in 0..<300 { try layout.schedule(Self.id(number), at: crowd) }
        }
        #expect(try store.due(at: crowd.addingTimeInterval(-0.001)).asked == false)
        #expect(try store.due(at: crowd).taken.count == 300)
        #expect(try store.read { try $0.dueWakes(at: crowd, limit: 8, spread: 0).count } == 8)
    }
}

extension ScheduleLevelsTests {
    /// A store whose schedule an older lifesignal wrote before minutes and
    /// seconds (`schedule/<hour>/<milliseconds>-<account ID>`): seen as
    /// due, converted by catch-ups a slice at a time, its wakes kept.
    @Test(arguments: kinds)
    func aScheduleWithoutMinutesIsConvertedInSlices(_ kind: String) throws {
        let store = try Store(kind)
        let count = 600
        let wake = Self.hour.addingTimeInterval(5 * 3600 + 0.125)
        try store.write { layout in
            for number in 0..<count { try layout.schedule(Self.id(number), at: wake.addingTimeInterval(Double(number))) }
        }
        // Move every entry back where an older lifesignal kept it.
        try store.backend.write { tx in
            for path in try tx.files(under: "schedule") {
                let parts = path.split(separator: "/")
                try tx.delete(path)
                try tx.write("schedule/" + parts[1].dropFirst() + "/" + parts[4], [])
            }
        }
        #expect(try store.read { try $0.nextScheduledWake() } == .distantPast)
        #expect(try store.read { try $0.isWakeDue(at: Self.hour) }, "an older schedule is not seen as due")
        #expect(try store.write { try $0.dueWakes(at: Self.hour, limit: nil) }.isEmpty)
        let half = try store.schedule
        #expect(half.filter { $0.split(separator: "/").count == 5 }.count == 512, "\(half.count) entries")
        #expect(try store.read { try $0.isWakeDue(at: Self.hour) }, "the rest is not seen as due")
        #expect(try store.write { try $0.dueWakes(at: Self.hour, limit: nil) }.isEmpty)
        let converted = try store.schedule
        #expect(converted.count == count && converted.allSatisfy { $0.split(separator: "/").count == 5 }, "\(converted.prefix(3))")
        #expect(try store.read { try $0.nextScheduledWake() } == wake)
        #expect(try store.read { try $0.isWakeDue(at: Self.hour) } == false)
        #expect(try store.due(at: wake).taken == [Self.id(0)])
    }

    /// A name in a level of the schedule that is not of it is damage, named.
    @Test(arguments: kinds, [
        ("schedule/h00492321/60/00/001772355600000-00000000-0000-0000-0000-000000000009",
         "schedule/h00492321/60", "it is not a minute of the schedule's hour (00 to 59)"),
        ("schedule/h00492321/00/7/001772355600000-00000000-0000-0000-0000-000000000009",
         "schedule/h00492321/00/7", "it is not a second of the schedule's minute (00 to 59)"),
        ("schedule/h00492321/00/01/001772355600000-00000000-0000-0000-0000-000000000009",
         "schedule/h00492321/00/01/001772355600000-00000000-0000-0000-0000-000000000009",
         "it is not a schedule entry of its second (<milliseconds>-<account ID>)"),
        ("schedule/h00492321/00/00/not-an-entry", "schedule/h00492321/00/00/not-an-entry",
         "it is not a schedule entry of its second (<milliseconds>-<account ID>)"),
        ("schedule/hour/00/00/x", "schedule/hour", "it is not part of the schedule"),
        ("schedule/h0049232/00/00/x", "schedule/h0049232", "it is not part of the schedule"),
        ("schedule/h00492321/00/00/001772355600000-00000000-0000-0000-0000-000000000001 schedule/hz/00/00/x",
         "schedule/hz", "it is not an hour of the schedule (h and 8 digits)"),
    ])
    func damageInALevelIsNamed(_ kind: String, _ damage: (path: String, named: String, reason: String)) throws {
        let store = try Store(kind)
        try store.backend.write { tx in
            for path in damage.path.split(separator: " ") { try tx.write(String(path), []) }
        }
        let now = Self.hour.addingTimeInterval(86_400 * 60)
        #expect(try store.read { try $0.isWakeDue(at: now) }, "damage is not looked at")
        #expect(throws: StoreError.damaged(path: "store/" + damage.named, reason: damage.reason)) {
            try store.write { try $0.dueWakes(at: now, limit: nil) }
        }
    }
}
