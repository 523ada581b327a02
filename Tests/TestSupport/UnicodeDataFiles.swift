import Foundation

/// The Unicode Character Database as Debian's `unicode-data` package
/// installs it, for tests that derive lifesignal's Unicode tables from it
/// and check the tables shipped in the sources.
public enum UnicodeDataFiles {
    /// Where the package puts the files.
    public static let directory = "/usr/share/unicode"

    /// Whether the files are there; `.ci/unicode-tables.sh` installs them and
    /// sets `LIFESIGNAL_REQUIRE_UNICODE_DATA=1` so that nothing is skipped.
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory + "/UnicodeData.txt")
            || ProcessInfo.processInfo.environment["LIFESIGNAL_REQUIRE_UNICODE_DATA"] == "1"
    }

    /// One line of `UnicodeData.txt`.
    public struct Character: Sendable {
        public let value: UInt32
        public let name: String
        public let category: String
        /// The canonical decomposition; empty when there is none or it is a
        /// compatibility one (`<font>`, `<compat>`, ...).
        public let decomposition: [UInt32]
    }

    /// Every assigned code point listed one by one (the `First>`/`Last>`
    /// ranges of ideographs and the like are left out: they carry no
    /// decompositions or marks).
    public static func characters() throws -> [Character] {
        try lines("UnicodeData.txt").compactMap { fields in
            guard fields.count > 5, let value = UInt32(fields[0], radix: 16) else { return nil }
            let decomposition = fields[5].hasPrefix("<") ? [] : fields[5].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            return Character(value: value, name: fields[1], category: fields[2], decomposition: decomposition)
        }
    }

    /// The `first..last; value` lines of a property file such as
    /// `EastAsianWidth.txt`, comments removed.
    public static func ranges(_ file: String) throws -> [(range: ClosedRange<UInt32>, value: String)] {
        try lines(file).compactMap { fields in
            guard fields.count >= 2 else { return nil }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
            guard let first = bounds.first.flatMap({ UInt32($0, radix: 16) }),
                  let last = (bounds.count == 2 ? bounds.last : bounds.first).flatMap({ UInt32($0, radix: 16) })
            else { return nil }
            return (first...last, fields[1])
        }
    }

    /// The version a file states in its first line (`# EastAsianWidth-15.0.0.txt` → `15.0.0`).
    public static func version(of file: String) throws -> String {
        let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
        let first = text.prefix { $0 != "\n" }
        let digits = first.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }
        return String(digits.hasSuffix(".") ? digits.dropLast() : digits)
    }

    /// Sorted, merged `[first, last]` pairs covering `values`.
    public static func mergedRanges(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Numbers as Swift source, `0x1F600, 0x1F64F,`, eight a line.
    public static func swiftNumbers(_ numbers: [UInt32], indent: String = "        ") -> String {
        stride(from: 0, to: numbers.count, by: 8).map { start in
            indent + numbers[start..<min(start + 8, numbers.count)]
                .map { "0x" + String($0, radix: 16, uppercase: true) + "," }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    private static func lines(_ file: String) throws -> [[String]] {
        let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let content = line.prefix { $0 != "#" }
            guard !content.allSatisfy(\.isWhitespace) else { return nil }
            return content.split(separator: ";", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
