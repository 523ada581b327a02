/// Checks that a command did the work being timed, so a fast wrong answer
/// (not signed in, an empty feed, a ping that was already pending) can
/// never pass as a fast right one.
enum OutputCheck {
    static func check(_ row: BenchCase, stdout: String) throws {
        guard let store = row.store else {
            if row.command == "--version", !stdout.hasPrefix("lifesignal ") {
                throw BenchError.unexpectedOutput(label: row.key, detail: "no version line")
            }
            if row.command == HashRow.command, !stdout.hasPrefix(HashRow.expectedDigest) {
                throw BenchError.unexpectedOutput(label: row.key, detail: "wrong digest: \(stdout)")
            }
            return
        }
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: true)
        switch row.command {
        case "status":
            try expect(stdout.contains("Bench User"), row, "the user's name is missing")
        case "notifications --limit 20", "notifications --unread --limit 20":
            try expect(lines.count == 20, row, "\(lines.count) lines instead of 20")
        case "notifications read ID (old)":
            // The old item is read already, so every run does the same work.
            try expect(stdout.hasPrefix("Marked 0 notifications as read"), row, "unexpected answer: \(stdout)")
        case "notifications --json --limit 20":
            try expect(items(lines) == 20, row, "\(items(lines)) items instead of 20")
        case "notifications":
            // One line an item (the titles are short); retention may drop a segment, as below.
            try expect(lines.count >= store.spec.feedItems - 100, row, "\(lines.count) lines for a feed of \(store.spec.feedItems)")
        case "notifications --json":
            // Resetting `ping send` adds answers; past 100,000 items retention drops a segment.
            let count = items(lines)
            try expect(count >= store.spec.feedItems - 100, row, "\(count) items for a feed of \(store.spec.feedItems)")
        case "contacts list":
            try expect(lines.count > store.spec.contacts, row,
                       "\(lines.count) lines for \(store.spec.contacts) contacts")
        case "ping list":
            // Both sections, a line for every ping.
            try expect(lines.count > store.spec.contacts, row, "\(lines.count) lines for a ping with each of \(store.spec.contacts) contacts")
        case "ping send":
            try expect(stdout.hasPrefix("Pinged "), row, "no new ping was sent: \(stdout)")
        case "checkin":
            try expect(stdout.hasPrefix("Checked in"), row, "no check-in: \(stdout)")
        case "doctor":
            // Every account examined, and nothing wrong with a store the services wrote.
            try expect(stdout.contains("files of \(store.spec.accounts) accounts") && stdout.contains("no problems found"), row,
                       "not every account examined, or problems found: \(stdout)")
        case "tick", FallingDue.row:
            // The one due account is someone else's: the user has nothing
            // to deliver (`FallingDue` checks the catch-up in the store).
            try expect(stdout.hasPrefix("Deadlines up to date; delivered 0 notifications"), row,
                       "tick had work to do: \(stdout)")
        default:
            return
        }
    }

    /// Items of a streamed JSON array: one object a line.
    private static func items(_ lines: [Substring]) -> Int {
        lines.filter { $0.hasPrefix("  {") }.count
    }

    private static func expect(_ condition: Bool, _ row: BenchCase, _ detail: String) throws {
        guard condition else { throw BenchError.unexpectedOutput(label: row.key, detail: detail) }
    }
}
