import LifeSignalCore

/// The check-in history: numbered segment files of `segmentSize` records,
/// `accounts/<id>/checkins/<n>.json`, record `k` in segment `k / segmentSize`.
///
/// A check-in rewrites only the newest segment, so its cost does not grow
/// with the history; the oldest segments go once the newer ones hold
/// enough records to keep.
enum CheckInHistory {
    static let segmentSize = 100

    /// Segment numbers present, ascending; names that are not numbers are
    /// not segments (doctor reports them).
    static func segments(_ names: [String]) -> [Int] {
        names.compactMap { name in
            guard name.hasSuffix(".json"), let number = Int(name.dropLast(5)), number >= 0,
                  "\(number).json" == name else { return nil }
            return number
        }.sorted()
    }
}

extension LayoutStore {
    private func checkInSegments(_ id: EntityID) throws -> [Int] {
        CheckInHistory.segments(try files.list(StoreLayout.checkInDirectory(id)))
    }

    private func checkInSegment(_ id: EntityID, _ number: Int) throws -> [CheckInRecord] {
        try load([CheckInRecord].self, StoreLayout.checkInSegment(id, number)) ?? []
    }

    public func checkIns(of id: EntityID, limit: Int?) throws -> [CheckInRecord] {
        var newestFirst: [[CheckInRecord]] = []
        var count = 0
        for number in try checkInSegments(id).reversed() {
            if let limit, count >= limit { break }
            let records = try checkInSegment(id, number)
            newestFirst.append(records)
            count += records.count
        }
        let all = newestFirst.reversed().flatMap { $0 }
        guard let limit, all.count > limit else { return all }
        return Array(all.suffix(limit))
    }

    public func appendCheckIn(_ record: CheckInRecord, of id: EntityID, keeping: Int) throws {
        var numbers = try checkInSegments(id)
        let last = numbers.last ?? 0
        var records = numbers.isEmpty ? [] : try checkInSegment(id, last)
        if records.count >= CheckInHistory.segmentSize {
            records = [record]
            try store(records, StoreLayout.checkInSegment(id, last + 1))
            numbers.append(last + 1)
        } else {
            records.append(record)
            try store(records, StoreLayout.checkInSegment(id, last))
            if numbers.isEmpty { numbers = [last] }
        }
        // Drop the oldest segment while the newer ones still hold `keeping` records.
        var kept = (numbers.count - 1) * CheckInHistory.segmentSize + records.count
        for oldest in numbers.dropLast() where kept - CheckInHistory.segmentSize >= keeping {
            try remove(StoreLayout.checkInSegment(id, oldest))
            kept -= CheckInHistory.segmentSize
        }
    }
}
