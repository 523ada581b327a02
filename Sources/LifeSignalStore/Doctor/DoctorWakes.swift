import LifeSignalCore

/// What `doctor` remembers of the wake-ups between its pass over the
/// accounts and its pass over the schedule, compactly: each account's
/// wake-up millisecond (as its `wake.json` says) as 24 bytes keyed by the
/// ID's 128 bits, kept sorted, and a bit per account for "the schedule
/// has an entry for it". At 100,000 accounts that is under 5 MB, where a
/// dictionary of ID strings to dates, and another for the entries, took
/// about 20 MB.
///
/// Entries whose account has no wake-up here (no account, or an unusable
/// or missing `wake.json`: each reported on its own) are kept by ID too,
/// so an account woken twice is named whatever its files say.
struct DoctorWakes {
    /// An account's wake-up: its ID's 32 hex digits as two words (so that
    /// their order is the IDs' order), and the millisecond.
    private struct Row {
        var high: UInt64
        var low: UInt64
        var milliseconds: Int64
    }

    private var rows: [Row] = []
    private var isSorted = true
    /// Bit `i` is set once an entry for `rows[i]`'s account went by.
    private var scheduled: [UInt64] = []
    /// The accounts without a row whose entries went by (few: each is damage).
    private var others = Set<EntityID>()

    /// Notes that account `id` wakes at `milliseconds`; each account once,
    /// before any entry is noted.
    mutating func noteWake(of id: EntityID, at milliseconds: Int64) {
        guard let (high, low) = Self.words(of: id) else { return }
        let row = Row(high: high, low: low, milliseconds: milliseconds)
        if let last = rows.last, !Self.precedes(last, row) { isSorted = false }
        rows.append(row)
    }

    /// What a schedule entry for `id` is: the account's first or a repeat,
    /// and the wake-up it has here (nil: none).
    mutating func noteEntry(of id: EntityID) -> (isRepeat: Bool, wakeMilliseconds: Int64?) {
        sortIfNeeded()
        guard let index = index(of: id) else {
            return (!others.insert(id).inserted, nil)
        }
        let (word, bit) = (index / 64, UInt64(1) << (index % 64))
        let isRepeat = scheduled[word] & bit != 0
        scheduled[word] |= bit
        return (isRepeat, rows[index].milliseconds)
    }

    /// The accounts with a wake-up and no entry, in ID order.
    mutating func unscheduled() -> [EntityID] {
        sortIfNeeded()
        return rows.indices.filter { scheduled[$0 / 64] & UInt64(1) << ($0 % 64) == 0 }.map { Self.id(rows[$0]) }
    }

    /// The bytes held, for tests that the table stays compact.
    var bytesHeld: Int {
        rows.capacity * MemoryLayout<Row>.stride + scheduled.capacity * MemoryLayout<UInt64>.stride
    }

    private mutating func sortIfNeeded() {
        if !isSorted {
            rows.sort(by: Self.precedes)
            isSorted = true
        }
        if scheduled.count * 64 < rows.count {
            scheduled += [UInt64](repeating: 0, count: (rows.count + 63) / 64 - scheduled.count)
        }
    }

    private func index(of id: EntityID) -> Int? {
        guard let (high, low) = Self.words(of: id) else { return nil }
        var lower = 0, upper = rows.count
        while lower < upper {
            let middle = (lower + upper) / 2
            let row = rows[middle]
            if row.high < high || (row.high == high && row.low < low) { lower = middle + 1 } else { upper = middle }
        }
        guard lower < rows.count, rows[lower].high == high, rows[lower].low == low else { return nil }
        return lower
    }

    private static func precedes(_ a: Row, _ b: Row) -> Bool {
        a.high < b.high || (a.high == b.high && a.low < b.low)
    }

    /// An ID's 32 hex digits (its hyphens left out) as two words.
    private static func words(of id: EntityID) -> (UInt64, UInt64)? {
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0
        for byte in id.rawValue.utf8 where byte != UInt8(ascii: "-") {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            digits += 1
        }
        return digits == 32 ? (high, low) : nil
    }

    /// The ID a row holds, hyphens put back (8-4-4-4-12).
    private static func id(_ row: Row) -> EntityID {
        var text = ""
        for index in 0..<32 {
            if [8, 12, 16, 20].contains(index) { text += "-" }
            let word = index < 16 ? row.high : row.low
            let digit = Int(word >> UInt64(60 - 4 * (index % 16)) & 0xf)
            text += String(digit, radix: 16)
        }
        return EntityID(checkedUTF8: Array(text.utf8)[...])
    }
}
