import LifeSignalCore

/// The doctor's look at a feed: its segments and the files that index them.
extension DoctorRun {
    /// The feed's segments decode, and the files that index them (the
    /// summary, the types, the senders' tallies, the ID index) agree with
    /// them. When the feed directory or a segment cannot be used (reported
    /// on its own), what the segments hold is unknown, not missing, and
    /// nothing is compared with it.
    mutating func examineFeed(_ id: EntityID) {
        let summaryPath = StorePaths.feedSummary(id)
        let decoded = decode(FeedSummaryFile.self, summaryPath)
        let feed = decoded ?? FeedSummaryFile()
        var total = 0, unread = 0
        var seen = Set<EntityID>()
        var positions: [EntityID: Int] = [:]
        var tallies: [String: SenderTally] = [:]
        var types: [String: SegmentRanges] = [:]
        var unreadSegments = Set<Int>()
        var complete = true
        var listing: [String] = []
        do { listing = try files.list(StorePaths.feedDirectory(id)) } catch { complete = false }
        for name in listing where name != "summary.json" && name != "types.json" && name.hasSuffix(".json") {
            let path = "accounts/\(id)/feed/\(name)"
            // Other names are strays, named as such (`examineAccountFiles`).
            guard Self.isAccountFile("feed/" + name[...]), let number = Int(name.dropLast(5)) else { continue }
            // Read as the commands read them, so both find the same damage.
            guard let items = decode(path, { [store] in try store.feedSegment(at: path) }) else {
                complete = false
                continue
            }
            for item in items {
                total += 1
                if !item.isRead {
                    unread += 1
                    unreadSegments.insert(number)
                }
                types[item.type.rawValue, default: SegmentRanges()].insert(number)
                positions[item.id] = item.index
                if let sender = SenderTally.sender(of: item, owner: id) {
                    var tally = tallies[sender] ?? SenderTally(from: item.index)
                    tally.count(item, 1)
                    tally.from = min(tally.from, item.index)
                    tallies[sender] = tally
                }
                if !seen.insert(item.id).inserted { error(path, "holds the notification \(item.id) twice", DoctorAdvice.crossReference) }
                if item.index / feed.segmentSize != number {
                    error(path, "holds notification number \(item.index), which belongs in another segment", DoctorAdvice.crossReference)
                }
            }
        }
        let listed = decode(FeedTypesFile.self, StorePaths.feedTypes(id))
        let kept = decode(StorePaths.feedSenders(id)) { [store] in try store.feedSenders(of: id) }
        if feed.idIndexDigits != nil { examineFeedIDs(id, complete ? positions : nil) }
        guard complete else { return }
        // A summary that cannot be used is reported once, as what it is.
        if !unusable.contains(summaryPath), total != feed.summary.total || unread != feed.summary.unread {
            error(summaryPath, "counts \(feed.summary.total) notifications (\(feed.summary.unread) unread) "
                  + "but the feed holds \(total) (\(unread) unread)", DoctorAdvice.crossReference)
        }
        if let decoded { examineUnreadSegments(id, decoded, unread: unreadSegments) }
        if let listed { examineTypeSegments(id, listed, types: types) }
        if let kept { examineSenders(id, kept, tallies: tallies) }
    }

    /// The tallies of what the feed holds about each other account
    /// (`FeedSenders`) are what the segments hold.
    private mutating func examineSenders(_ id: EntityID, _ kept: FeedSenders, tallies: [String: SenderTally]) {
        for sender in Set(kept.tallies.keys).union(tallies.keys) {
            let counted = kept.tallies[sender] ?? SenderTally(), held = tallies[sender] ?? SenderTally()
            if counted.items != held.items || counted.unreadCritical != held.unreadCritical
                || (held.items > 0 && held.from < counted.from) {
                error(StorePaths.feedSenders(id), "counts \(counted.items) notifications about \(sender) "
                      + "(\(counted.unreadCritical) unread critical) but the feed holds \(held.items) (\(held.unreadCritical))",
                      DoctorAdvice.crossReference)
            }
        }
    }

    /// The summary's list of segments holding unread items
    /// (`FeedSummaryFile`) is exactly what the segments hold: `--unread`
    /// reads no others.
    private mutating func examineUnreadSegments(_ id: EntityID, _ feed: FeedSummaryFile, unread: Set<Int>) {
        let kept = Set(feed.unreadSegments.filter { $0 >= feed.firstSegment })
        if kept != unread {
            let missing = unread.subtracting(kept).sorted(), extra = kept.subtracting(unread).sorted()
            error(StorePaths.feedSummary(id), "lists the segments with unread notifications wrongly"
                  + (missing.isEmpty ? "" : " (missing \(missing.map(String.init).joined(separator: ", ")))")
                  + (extra.isEmpty ? "" : " (none unread in \(extra.map(String.init).joined(separator: ", ")))"),
                  DoctorAdvice.crossReference)
        }
    }

    /// The lists of segments holding items of each type (`FeedTypesFile`,
    /// when the feed has one) are exactly what the segments hold: `--type`
    /// reads no others.
    private mutating func examineTypeSegments(_ id: EntityID, _ listed: FeedTypesFile, types: [String: SegmentRanges]) {
        for type in NotificationType.allCases
        where (listed.segments[type.rawValue] ?? SegmentRanges()) != (types[type.rawValue] ?? SegmentRanges()) {
            let held = types[type.rawValue]?.bounds ?? [], said = listed.segments[type.rawValue]?.bounds ?? []
            error(StorePaths.feedTypes(id), "lists \(type.rawValue) notifications in segments \(said) "
                  + "but the feed holds them in \(held) (ranges)", DoctorAdvice.crossReference)
        }
    }

    /// The feed's ID index (`FeedIDIndex`) names every item at its position, and nothing else.
    /// With `positions` nil (segments that cannot be read), its files are only decoded.
    private mutating func examineFeedIDs(_ id: EntityID, _ positions: [EntityID: Int]?) {
        let directory = StorePaths.feedDirectory(id) + "/ids"
        var indexed = 0
        for name in (try? files.list(directory)) ?? [] where Self.isAccountFile("feed/ids/" + name[...]) {
            let path = directory + "/" + name
            guard let entries = decode([FeedIDEntry].self, path), let positions else { continue }
            for entry in entries {
                indexed += 1
                if !entry.id.rawValue.hasPrefix(name.dropLast(5)) {
                    error(path, "lists the notification \(entry.id), whose ID does not start with its name", DoctorAdvice.crossReference)
                } else if positions[entry.id] != entry.index {
                    error(path, "puts the notification \(entry.id) at \(entry.index), where the feed does not hold it",
                          DoctorAdvice.crossReference)
                }
            }
        }
        if let positions, indexed < positions.count {
            error(StorePaths.feedSummary(id), "says the feed's ID feed is complete, but it lacks \(positions.count - indexed) "
                  + "notification\(positions.count - indexed == 1 ? "" : "s")", DoctorAdvice.crossReference)
        }
    }
}
