import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// The check-in history keeps at least the newest `keeping` records, in
/// segments, and a check-in rewrites only the newest one.
@Suite struct CheckInHistoryTests {
    static func record(_ number: Int) -> CheckInRecord {
        CheckInRecord(timestamp: Date(timeIntervalSince1970: 1_772_355_600 + Double(number) * 60),
                      command: number % 3 == 0 ? "job \(number)" : nil)
    }

    @Test func appendsKeepTheNewestAndReadOnlyWhatIsAskedFor() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        for number in 0..<1_234 {
            try world.store.appendCheckIn(Self.record(number), of: ada.id, keeping: 1_000)
        }
        let all = try world.store.checkIns(of: ada.id, limit: nil)
        // Whole segments go: 1,034 are left, the newest, oldest first.
        #expect(all == (200..<1_234).map(Self.record))
        #expect(try world.store.checkIns(of: ada.id, limit: 20) == (1_214..<1_234).map(Self.record))
        #expect(try world.store.checkIns(of: ada.id, limit: 1_000) == (234..<1_234).map(Self.record))
        #expect(try world.store.checkIns(of: ada.id, limit: 5_000) == all)
        let segments = try world.files.list("accounts/\(ada.id)/checkins")
        #expect(segments == (2...12).map { "\($0).json" }.sorted())
    }

    @Test func aCheckInRewritesOnlyTheNewestSegment() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        for number in 0..<250 { try world.store.appendCheckIn(Self.record(number), of: ada.id, keeping: 1_000) }
        let before = try world.files.list("accounts/\(ada.id)/checkins").map {
            try world.files.read("accounts/\(ada.id)/checkins/\($0)")
        }
        try world.store.appendCheckIn(Self.record(250), of: ada.id, keeping: 1_000)
        let after = try world.files.list("accounts/\(ada.id)/checkins").map {
            try world.files.read("accounts/\(ada.id)/checkins/\($0)")
        }
        // 0.json and 1.json untouched; 2.json grew by one record.
        #expect(after.count == 3 && after[0] == before[0] && after[1] == before[1] && after[2] != before[2])
    }

    @Test func anEmptyHistoryHasNothing() throws {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        #expect(try world.store.checkIns(of: ada.id, limit: nil).isEmpty)
        #expect(try world.store.checkIns(of: ada.id, limit: 3).isEmpty)
    }
}
