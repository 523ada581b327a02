import LifeSignalCore

/// The doctor's look at what an account's directory holds: only the files
/// lifesignal keeps there. Anything else was put there by someone or
/// something else; lifesignal neither reads nor writes it, so it would go
/// unnoticed (and be copied along by `store copy`) unless reported.
extension DoctorRun {
    mutating func examineAccountFiles(_ id: EntityID) {
        let directory = StorePaths.accountDirectory(id)
        // A directory that cannot be listed (refused as planted) is reported on its own.
        guard let paths = try? files.files(under: directory) else { return }
        for path in paths {
            let relative = path.dropFirst(directory.utf8.count + 1)
            // The check-in history's names are judged with its segments; a
            // directory's own name listed here is no directory (a planted
            // link), which the safety audit reports.
            if relative.hasPrefix("checkins/") || Self.accountDirectories.contains(where: { $0 == relative })
                || Self.isAccountFile(relative) { continue }
            error(path, "is no file lifesignal keeps in an account (it neither reads nor writes it)", DoctorAdvice.stray)
        }
    }

    /// Whether `relative` (inside an account's directory) is one of the files
    /// lifesignal keeps there (`StorePaths`).
    static func isAccountFile(_ relative: Substring) -> Bool {
        if accountFiles.contains(where: { $0 == relative }) { return true }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "feed", let name = parts.last, name.hasSuffix(".json") else { return false }
        let stem = name.dropLast(5)
        switch parts.count {
        case 2: return name == "summary.json" || name == "types.json" || isNumber(stem)
        case 3: return parts[1] == "ids" && stem.utf8.count == FeedIDIndex.digits
            && stem.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        default: return false
        }
    }

    private static let accountDirectories = ["checkins", "feed", "feed/ids"]
    private static let accountFiles = ["account.json", "contacts.json", "pings.json", "wake.json", "sessions.json",
                                       "invitations.json", "delivery.json", "feed-senders.json"]

    /// A segment number as lifesignal writes it: digits, no leading zero.
    private static func isNumber(_ text: Substring) -> Bool {
        guard let number = Int(text), number >= 0 else { return false }
        return String(number) == text
    }
}
