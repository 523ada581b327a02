import LifeSignalCore
@testable import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// `doctor`'s checks of the schedule against the accounts' wake-ups: each
/// entry names an account whose `wake.json` gives its time, no account is
/// woken twice, and each wake-up has its entry. They hold a compact table
/// of the wake-ups (`DoctorWakes`), not dictionaries keyed by ID strings.
@Suite struct DoctorScheduleTests {
    /// Three people checked in (each with a wake-up and its entry).
    static func world() throws -> (World, [Account]) {
        let world = World()
        var people: [Account] = []
        for number in 0..<3 {
            let person = try world.person("P\(number)", phone: "+1555\(2_000_000 + number)")
            try world.checkIn(person)
            people.append(person)
        }
        return (world, people)
    }

    /// The schedule entry of `account` (its path).
    static func entry(of account: Account, in world: World) throws -> String {
        try #require(world.backend.contents.keys.first { $0.hasPrefix("schedule/") && $0.hasSuffix(account.id.rawValue) })
    }

    /// The doctor's findings other than notes as "path: problem", the store's name left out.
    static func problems(_ world: World) throws -> [String] {
        let report = try StoreDoctor(store: SharedStore(backend: world.backend)).examine()
        return report.findings.filter { $0.severity != .note }.map { "\($0.path.dropFirst(world.backend.name.count + 1)): \($0.problem)" }
    }

    /// The entry at `path` renamed to the millisecond `milliseconds` of the same second.
    static func rename(_ path: String, milliseconds: Int, in world: World) throws -> String {
        let parts = path.split(separator: "/").map(String.init)
        let name = try #require(parts.last)
        let dash = try #require(name.firstIndex(of: "-"))
        let second = name[..<dash].dropLast(3)
        let digits = String(milliseconds)
        let renamed = second + String(repeating: "0", count: 3 - digits.count) + digits + name[dash...]
        return (parts.dropLast() + [String(renamed)]).joined(separator: "/")
    }

    @Test func aHealthyScheduleHasNoFindings() throws {
        let (world, _) = try Self.world()
        let problems = try Self.problems(world)
        #expect(problems == [], "\(problems)")
    }

    @Test func aWakeUpWithoutItsEntryIsNamed() throws {
        let (world, people) = try Self.world()
        let entry = try Self.entry(of: people[1], in: world)
        try world.backend.write { try $0.delete(entry) }
        let problems = try Self.problems(world)
        #expect(problems == ["\(StorePaths.wake(people[1].id)): names a wake-up that the schedule does not hold"], "\(problems)")
    }

    @Test func anEntryAtAnotherTimeIsNamedOnItselfOnly() throws {
        let (world, people) = try Self.world()
        let entry = try Self.entry(of: people[2], in: world)
        let moved = try Self.rename(entry, milliseconds: 999, in: world)
        try #require(moved != entry)
        try world.backend.write { transaction in
            try transaction.delete(entry)
            try transaction.write(moved, [])
        }
        let problems = try Self.problems(world)
        #expect(problems == ["\(moved): does not match the wake-up in \(StorePaths.wake(people[2].id))"], "\(problems)")
    }

    @Test func anAccountWokenTwiceIsNamedAtItsSecondEntry() throws {
        let (world, people) = try Self.world()
        let entry = try Self.entry(of: people[0], in: world)
        let again = try Self.rename(entry, milliseconds: 999, in: world)
        try #require(again > entry)
        try world.backend.write { try $0.write(again, []) }
        let problems = try Self.problems(world)
        #expect(problems == ["\(again): wakes the account \(people[0].id) a second time"], "\(problems)")
    }

    @Test func anEntryForNoAccountIsNamedAndItsRepeatToo() throws {
        let (world, people) = try Self.world()
        let entry = try Self.entry(of: people[0], in: world)
        let stranger = "0fffffff-ffff-4fff-8fff-ffffffffffff"
        let first = try Self.rename(entry, milliseconds: 1, in: world).replacingOccurrences(of: people[0].id.rawValue, with: stranger)
        let second = try Self.rename(entry, milliseconds: 2, in: world).replacingOccurrences(of: people[0].id.rawValue, with: stranger)
        try world.backend.write { transaction in
            try transaction.write(first, [])
            try transaction.write(second, [])
        }
        let problems = try Self.problems(world)
        #expect(problems == [
            "\(first): wakes the account \(stranger), which does not exist",
            "\(second): wakes the account \(stranger) a second time",
        ], "\(problems)")
    }

    /// The table holds 24 bytes a wake-up and a bit an entry (with the
    /// array's spare capacity, under 50 a wake-up): at 100,000 accounts
    /// under 5 MB, where dictionaries keyed by ID strings took ~20 MB.
    @Test func theWakeTableIsCompactAndFindsTheUnscheduled() throws {
        var wakes = DoctorWakes()
        let count = 100_000
        // Out of order, as a directory's listing may give them.
        let ids = (0..<count).map { number in
            EntityID(validating: String(format: "%08x-0000-4000-8000-%012x", (number * 7_919) % count, number))!
        }
        for (index, id) in ids.enumerated() { wakes.noteWake(of: id, at: Int64(index)) }
        for (index, id) in ids.enumerated() where index != 500 {
            let (isRepeat, wake) = wakes.noteEntry(of: id)
            #expect(!isRepeat && wake == Int64(index))
        }
        #expect(wakes.noteEntry(of: ids[7]).isRepeat)
        #expect(wakes.unscheduled() == [ids[500]])
        #expect(wakes.bytesHeld < 50 * count, "\(wakes.bytesHeld) bytes for \(count) wake-ups")
    }
}
