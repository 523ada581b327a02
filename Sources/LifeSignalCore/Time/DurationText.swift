/// Durations as people type them (`90m`, `8h`, `1d12h`, `2d`, `3600`) and
/// as lifesignal prints them (`1d 12h`).
public enum DurationText {
    /// Seconds per unit letter accepted on input.
    private static let units: [UInt8: Int] = [
        UInt8(ascii: "s"): 1, UInt8(ascii: "m"): 60, UInt8(ascii: "h"): 3600,
        UInt8(ascii: "d"): 86_400, UInt8(ascii: "w"): 604_800,
    ]

    /// The longest duration any command takes: 100 years, far beyond every
    /// bound a command sets (a pause's 30 days, a check-in interval's), so
    /// that a time computed from a duration always stays a time people
    /// use, whatever was typed (2^63 seconds made `checkin extend` trap).
    public static let longest = 36_500 * 86_400

    /// Parses a duration into whole seconds; nil when the text is not one,
    /// or is longer than `longest`.
    ///
    /// Plain digits are seconds. Otherwise the text is one or more
    /// `<number><unit>` groups (units w, d, h, m, s, each at most once, in
    /// decreasing order), case-insensitive, with no spaces.
    public static func parse(_ text: String) -> Int? {
        guard let seconds = parseUnbounded(text), seconds <= longest else { return nil }
        return seconds
    }

    private static func parseUnbounded(_ text: String) -> Int? {
        let bytes = Array(text.lowercased().utf8)
        guard !bytes.isEmpty, bytes.count <= 32 else { return nil }
        if bytes.allSatisfy({ (48...57).contains($0) }) {
            return Int(text)
        }
        var total = 0
        var number: Int?
        var lastUnitSize = Int.max
        for byte in bytes {
            if (48...57).contains(byte) {
                let (shifted, overflow1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (next, overflow2) = shifted.addingReportingOverflow(Int(byte - 48))
                guard !overflow1, !overflow2 else { return nil }
                number = next
            } else if let size = units[byte], let value = number, size < lastUnitSize {
                let (product, overflow1) = value.multipliedReportingOverflow(by: size)
                let (sum, overflow2) = total.addingReportingOverflow(product)
                guard !overflow1, !overflow2 else { return nil }
                total = sum
                number = nil
                lastUnitSize = size
            } else {
                return nil
            }
        }
        return number == nil ? total : nil
    }

    /// Formats seconds with the largest units first, e.g. `1d 12h`, `90m` → `1h 30m`.
    /// `maxUnits` limits how many non-zero units are shown (the rest is truncated).
    public static func format(seconds: Int, maxUnits: Int = 3) -> String {
        (seconds < 0 ? "-" : "") + components(seconds: abs(seconds), maxUnits: maxUnits).concatenated(separator: " ")
    }

    /// The compact form used in argument position, e.g. `1d12h`.
    public static func compact(seconds: Int) -> String {
        components(seconds: max(seconds, 0), maxUnits: 4).concatenated()
    }

    private static func components(seconds: Int, maxUnits: Int) -> [String] {
        if seconds == 0 { return ["0s"] }
        var rest = seconds
        var parts: [String] = []
        for (size, letter) in [(86_400, "d"), (3600, "h"), (60, "m"), (1, "s")] where parts.count < maxUnits {
            let count = rest / size
            if count > 0 {
                parts.append("\(count)\(letter)")
                rest -= count * size
            }
        }
        return parts
    }
}
