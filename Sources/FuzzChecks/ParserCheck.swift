import CommandEngine
import LifeSignalCLI

/// The argument parser: any words parse or fail with a `UsageError`, and
/// whatever comes out can be rendered without trapping.
enum ParserCheck {
    private static let parser = CommandParser(table: LifeSignalTable.table)
    private static let renderer = HelpRenderer(table: LifeSignalTable.table)

    /// Words are separated by NUL bytes, as they would be in `argv`.
    static func check(_ bytes: [UInt8]) {
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        do throws(UsageError) {
            switch try parser.parse(words) {
            case .help(let path):
                if renderer.help(for: path).isEmpty { violated(.parser, "help for \(path) is empty") }
            case .run(let parsed):
                if renderer.usage(for: parsed.commandPath).isEmpty {
                    violated(.parser, "usage for \(parsed.commandPath) is empty")
                }
            }
        } catch {
            if error.message.isEmpty { violated(.parser, "a usage error without a message for \(words)") }
            if renderer.errorReport(for: error).isEmpty { violated(.parser, "an empty error report for \(words)") }
        }
    }
}
