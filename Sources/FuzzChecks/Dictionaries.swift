import CommandEngine
import LifeSignalCLI

/// Tokens libFuzzer splices into inputs (`-dict=`), so mutations speak the
/// format: command and option names, JSON keys and awkward numbers, chunk
/// names and magic numbers.
extension FuzzTarget {
    public var dictionary: [[UInt8]] {
        switch self {
        case .parser: Self.text(Self.commandWords(LifeSignalTable.table.root) + ["--", "-", "=", "\u{0}--help", "\u{0}-qh"])
        case .storeDecoding: Self.text(Self.storeTokens)
        case .png: [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0, 0, 0, 0]]
            + Self.text(["IHDR", "IDAT", "IEND", "PLTE", "tRNS", "gAMA"])
        case .jpeg: [[0xFF, 0xD8], [0xFF, 0xD9], [0xFF, 0xC0], [0xFF, 0xC2], [0xFF, 0xC4], [0xFF, 0xDB], [0xFF, 0xDA],
                     [0xFF, 0xDD], [0xFF, 0xD0], [0xFF, 0xE1], [0xFF, 0xEE], [0xFF, 0x00], [0x11, 0x00], [0x22, 0x01]]
            + Self.text(["Exif\u{0}\u{0}", "Adobe", "JFIF\u{0}"])
        case .pnm: Self.text(["P1", "P2", "P3", "P4", "P5", "P6", "#", "255", "65535", "0", "\n"])
        case .inflate: [[0x78, 0x9C], [0x78, 0x01], [0x78, 0xDA], [0x00, 0x00, 0xFF, 0xFF]]
        case .qr: [[0, 0], [0, 1], [0xFF, 0xFF]]
        case .durations: Self.text(["s", "m", "h", "d", "w", "0", "1", "9", "36500", "3153600000", "9223372036854775807",
                                    "106751991167300", "off", "-", " "])
        }
    }

    private static func text(_ tokens: [String]) -> [[UInt8]] { tokens.map { Array($0.utf8) } }

    /// Every command and option name of a table, as argv words after a NUL.
    private static func commandWords(_ command: CommandSpec) -> [String] {
        var words = ["\u{0}" + command.name]
        for option in command.options {
            words.append("\u{0}--" + option.long)
            if let short = option.short { words.append("\u{0}-" + String(short)) }
        }
        for subcommand in command.subcommands { words += commandWords(subcommand) }
        return words
    }

    private static var storeTokens: [String] {
        let keys = ["schemaVersion", "data", "segmentSize", "nextIndex", "firstSegment", "unreadSegments", "segments", "total",
                    "unread", "deliveredThrough", "checkInInterval", "reminderInterval", "lastCheckIn", "accountID",
                    "contactID", "isResponder", "isDependent", "status", "buckets", "next", "at", "fired", "cycleDue",
                    "id", "index", "type", "title", "message", "timestamp", "isRead", "isCritical", "relatedContactID",
                    "relatedPingID", "relatedAlertID"]
        let values = ["0", "-1", "1", "2", "99", "9223372036854775807", "-9223372036854775808", "1e308", "null", "true",
                      "false", "\"\"", "[]", "{}", "\"2026-03-01T09:00:00Z\"", "\"pending\"", "\"responded\"",
                      "\"checkIn\"", "1.0", "1e2", "-0", "\\u0000", "\\ud83d\\ude00", "\\\"", "\\/"]
        return keys.map { "\"\($0)\":" } + values
    }
}
