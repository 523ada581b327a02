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
        names.compactMap(segmentNumber).sorted()
    }

    /// The number a segment's file name spells, `<n>.json` with `n` as
    /// `String(n)` writes it (no sign, no leading zero), read byte by byte:
    /// a check-in looks at every name, and rendering each number again to
    /// compare costs more than the read. Nil for any other name.
    private static let jsonSuffix = Array(".json".utf8)

    static func segmentNumber(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { bytes in
            let digits = bytes.count - jsonSuffix.count
            guard digits > 0, bytes[digits...].elementsEqual(jsonSuffix),
                  digits == 1 || bytes[0] != UInt8(ascii: "0") else { return nil }
            var number = 0
            for index in 0..<digits {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (tens, overflowed) = number.multipliedReportingOverflow(by: 10)
                let (sum, overflowedAgain) = tens.addingReportingOverflow(Int(digit))
                guard !overflowed, !overflowedAgain else { return nil }
                number = sum
            }
            return number
        }
    }
}

extension LayoutStore {
    private func checkInSegments(_ id: EntityID) throws -> [Int] {
        CheckInHistory.segments(try files.list(StorePaths.checkInDirectory(id)))
    }

    private func checkInSegment(_ id: EntityID, _ number: Int) throws -> [CheckInRecord] {
        try load([CheckInRecord].self, StorePaths.checkInSegment(id, number)) ?? []
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
            try store(records, StorePaths.checkInSegment(id, last + 1))
            numbers.append(last + 1)
        } else {
            records.append(record)
            try store(records, StorePaths.checkInSegment(id, last))
            if numbers.isEmpty { numbers = [last] }
        }
        // Drop the oldest segment while the newer ones still hold `keeping` records.
        var kept = (numbers.count - 1) * CheckInHistory.segmentSize + records.count
        for oldest in numbers.dropLast() where kept - CheckInHistory.segmentSize >= keeping {
            try remove(StorePaths.checkInSegment(id, oldest))
            kept -= CheckInHistory.segmentSize
        }
    }
}
