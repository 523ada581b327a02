import DurableFiles
import FoundationEssentials
import LifeSignalCore
import SystemFiles

/// Examines a whole store without changing it: every file decodes, and the
/// files agree with each other (links on both sides, indexes, counts, the
/// schedule), plus what the backend finds in its own machinery (a journal
/// waiting to be replayed, debris of interrupted writes).
///
/// It looks at one consistent snapshot of the files exactly as they are
/// (`StoreBackend.inspect`): nothing is repaired or replayed.
public struct StoreDoctor {
    public let store: SharedStore

    public init(store: SharedStore) {
        self.store = store
    }

    /// What was examined and what was found.
    public struct Report: Sendable {
        public var filesChecked = 0
        public var accounts = 0
        public var findings: [DoctorFinding] = []
        public var isHealthy: Bool { !findings.contains { $0.severity != .note } }
        /// Whether something in the store could have been planted by someone else.
        public var isUnsafe: Bool { findings.contains { $0.severity == .unsafe } }

        /// Nothing examined yet: for a store that cannot even be opened.
        public init() {}
    }

    /// What in the store at `location` someone else could have planted or
    /// changed, found without following a link, opening a file or changing
    /// anything (`SafetyAudit`): reported even when the store cannot be
    /// opened because of it. A store on etcd has no such files.
    public static func safetyFindings(at location: StoreLocation, fileSystem: any FileSystem) -> [DoctorFinding] {
        guard case .directory(let root) = location, (try? fileSystem.stat(root))?.kind == .directory else { return [] }
        return SafetyAudit.examine(root: root, fileSystem: fileSystem).map {
            DoctorFinding(.unsafe, path: $0.path, problem: $0.reason, advice: $0.remedy)
        }
    }

    public func examine() throws -> Report {
        let name = store.name
        var (report, findings) = try store.backend.inspect { snapshot in
            var run = DoctorRun(files: snapshot, root: name)
            run.examineAll()
            return run.report
        }
        report.findings += findings.map {
            DoctorFinding($0.isProblem ? .error : .note, path: $0.path, problem: $0.problem, advice: $0.advice)
        }
        return report
    }
}

/// The state of one examination.
struct DoctorRun {
    let files: any StoreSnapshot
    let root: String
    let store: LayoutStore
    var report = StoreDoctor.Report()
    /// Each account's wake-up as its `wake.json` says.
    private var wakes: [EntityID: Date] = [:]

    init(files: any StoreSnapshot, root: String) {
        self.files = files
        self.root = root
        store = LayoutStore(snapshot: files, name: root)
    }

    mutating func examineAll() {
        report.filesChecked = ((try? files.files(under: "")) ?? []).filter { $0.hasSuffix(".json") }.count
        _ = decode(StoreMeta.self, StoreLayout.meta)
        _ = decode(LastLook.self, StoreLayout.lastLook)
        _ = decode(SignUpWindow.self, StoreLayout.signUps)
        let accountIDs = ((try? files.list("accounts")) ?? []).filter { !$0.hasPrefix(".") }
        for name in accountIDs {
            guard let id = EntityID(validating: name) else {
                error("accounts/\(name)", "is not named after an account ID", DoctorAdvice.crossReference)
                continue
            }
            examineAccount(id)
        }
        examineIndex("phones", IndexEntry.self, \.accountID) { name, account in
            account.phoneNumber == "+" + name ? nil : "points to an account whose phone number is \(account.phoneNumber)"
        }
        examineIndex("codes", IndexEntry.self, \.accountID) { name, account in
            account.qrCodeID == name ? nil : "points to an account whose QR code ID is now \(account.qrCodeID)"
        }
        examineIndex("sessions", SessionRecord.self, \.accountID) { _, _ in nil }
        for name in (try? files.list("logins")) ?? [] where name.hasSuffix(".json") {
            _ = decode(PendingLogin.self, "logins/" + name)
        }
        examineSchedule()
        examineWaitingInvitations()
    }

    private mutating func examineAccount(_ id: EntityID) {
        report.accounts += 1
        guard let account = decode(Account.self, StoreLayout.account(id)) else { return }
        if account.id != id { error(StoreLayout.account(id), "holds the account \(account.id)", DoctorAdvice.crossReference) }
        if let links = decode([ContactLink].self, StoreLayout.contacts(id)) {
            for link in links {
                let theirs = (try? store.contacts(of: link.contactID)) ?? []
                if theirs.first(where: { $0.contactID == id }) != link.mirrored(owner: id) {
                    error(StoreLayout.contacts(id), "its link to \(link.contactID) is not mirrored in that account's contacts",
                          DoctorAdvice.crossReference)
                }
            }
        }
        _ = decode([Ping].self, StoreLayout.pings(id))
        _ = decode([String].self, StoreLayout.sessionIndex(id))
        _ = decode([EndedSession].self, StoreLayout.endedSessions(id))
        examineCheckIns(id)
        if let wake = decode(AccountWake.self, StoreLayout.wake(id)) { wakes[id] = wake.at }
        examineFeed(id)
        examineInvitations(of: id)
        _ = decode(DeliverySetup.self, StoreLayout.deliverySetup(id))
    }

    private mutating func examineCheckIns(_ id: EntityID) {
        let names = ((try? files.list(StoreLayout.checkInDirectory(id))) ?? []).filter { !$0.hasPrefix(".") }
        let numbers = Set(CheckInHistory.segments(names))
        for name in names where !numbers.contains(Int(name.dropLast(5)) ?? -1) {
            error(StoreLayout.checkInDirectory(id) + "/" + name, "is not a check-in history segment", DoctorAdvice.crossReference)
        }
        for number in numbers {
            let path = StoreLayout.checkInSegment(id, number)
            if let records = decode([CheckInRecord].self, path), records.count > CheckInHistory.segmentSize {
                error(path, "holds \(records.count) check-ins, more than a segment's \(CheckInHistory.segmentSize)",
                      DoctorAdvice.crossReference)
            }
        }
    }

    private mutating func examineFeed(_ id: EntityID) {
        let decoded = decode(FeedSummaryFile.self, StoreLayout.feedSummary(id))
        let index = decoded ?? FeedSummaryFile()
        var total = 0, unread = 0
        var seen = Set<EntityID>()
        var positions: [EntityID: Int] = [:]
        var tallies: [String: SenderTally] = [:]
        var types: [String: SegmentRanges] = [:]
        var unreadSegments = Set<Int>()
        let segmentNames = ((try? files.list("accounts/\(id)/feed")) ?? []).filter { $0 != "summary.json" && $0 != "types.json" && $0.hasSuffix(".json") }
        for name in segmentNames {
            let path = "accounts/\(id)/feed/\(name)"
            // Read as the commands read them, so both find the same damage.
            guard let number = Int(name.dropLast(5)),
                  let items = decode(path, { [store] in try store.feedSegment(at: path) }) else { continue }
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
                if item.index / index.segmentSize != number {
                    error(path, "holds notification number \(item.index), which belongs in another segment", DoctorAdvice.crossReference)
                }
            }
        }
        if total != index.summary.total || unread != index.summary.unread {
            error(StoreLayout.feedSummary(id), "counts \(index.summary.total) notifications (\(index.summary.unread) unread) "
                  + "but the feed holds \(total) (\(unread) unread)", DoctorAdvice.crossReference)
        }
        // A summary that does not decode is reported once, as damage.
        if let decoded { examineUnreadSegments(id, decoded, unread: unreadSegments) }
        if let listed = decode(FeedTypesFile.self, StoreLayout.feedTypes(id)) { examineTypeSegments(id, listed, types: types) }
        if let kept = decode(StoreLayout.feedSenders(id), { [store] in try store.feedSenders(of: id) }) {
            for sender in Set(kept.tallies.keys).union(tallies.keys) {
                let counted = kept.tallies[sender] ?? SenderTally(), held = tallies[sender] ?? SenderTally()
                if counted.items != held.items || counted.unreadCritical != held.unreadCritical
                    || (held.items > 0 && held.from < counted.from) {
                    error(StoreLayout.feedSenders(id), "counts \(counted.items) notifications about \(sender) "
                          + "(\(counted.unreadCritical) unread critical) but the feed holds \(held.items) (\(held.unreadCritical))",
                          DoctorAdvice.crossReference)
                }
            }
        }
        if index.idIndexDigits != nil { examineFeedIDs(id, positions) }
    }

    /// The summary's list of segments holding unread items
    /// (`FeedSummaryFile`) is exactly what the segments hold: `--unread`
    /// reads no others.
    private mutating func examineUnreadSegments(_ id: EntityID, _ index: FeedSummaryFile, unread: Set<Int>) {
        let kept = Set(index.unreadSegments.filter { $0 >= index.firstSegment })
        if kept != unread {
            let missing = unread.subtracting(kept).sorted(), extra = kept.subtracting(unread).sorted()
            error(StoreLayout.feedSummary(id), "lists the segments with unread notifications wrongly"
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
            error(StoreLayout.feedTypes(id), "lists \(type.rawValue) notifications in segments \(said) "
                  + "but the feed holds them in \(held) (ranges)", DoctorAdvice.crossReference)
        }
    }

    /// The feed's ID index (`FeedIDIndex`) names every item at its position, and nothing else.
    private mutating func examineFeedIDs(_ id: EntityID, _ positions: [EntityID: Int]) {
        let directory = StoreLayout.feedDirectory(id) + "/ids"
        var indexed = 0
        for name in (try? files.list(directory)) ?? [] where name.hasSuffix(".json") {
            let path = directory + "/" + name
            guard let entries = decode([FeedIDEntry].self, path) else { continue }
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
        if indexed < positions.count {
            error(StoreLayout.feedSummary(id), "says the feed's ID index is complete, but it lacks \(positions.count - indexed) "
                  + "notification\(positions.count - indexed == 1 ? "" : "s")", DoctorAdvice.crossReference)
        }
    }

    /// Checks the files of an index directory: each names an existing
    /// account, and `mismatch` says whether that account agrees.
    private mutating func examineIndex<Entry: StoreFileData>(_ directory: String, _ type: Entry.Type, _ accountID: KeyPath<Entry, EntityID>,
                                                       _ mismatch: (String, Account) -> String?) {
        for name in (try? files.list(directory)) ?? [] where name.hasSuffix(".json") {
            let path = directory + "/" + name
            guard let entry = decode(type, path) else { continue }
            guard let account = (try? store.account(entry[keyPath: accountID])) ?? nil else {
                error(path, "points to the account \(entry[keyPath: accountID]), which does not exist", DoctorAdvice.crossReference)
                continue
            }
            if let problem = mismatch(String(name.dropLast(5)), account) { error(path, problem, DoctorAdvice.crossReference) }
        }
    }

    /// Every entry names an existing account and the wake-up its `wake.json`
    /// gives, and every such wake-up has its entry.
    private mutating func examineSchedule() {
        var entries: [EntityID: Date] = [:]
        var older = false
        for hour in (try? files.list(StoreLayout.schedule)) ?? [] {
            let directory = StoreLayout.scheduleHour(hour)
            guard ScheduleName.hour(hour) != nil else {
                if hour == "wake.json" || (hour.hasSuffix(".json") && Int(hour.dropLast(5)) != nil) {
                    older = true
                } else {
                    error(directory, "is not part of the schedule", DoctorAdvice.crossReference)
                }
                continue
            }
            for name in (try? files.list(directory)) ?? [] {
                let path = directory + "/" + name
                guard let entry = try? store.entry(name, hour: hour) else {
                    error(path, "is not a schedule entry of its hour (<milliseconds>-<account ID>)", DoctorAdvice.crossReference)
                    continue
                }
                if entries.updateValue(entry.at, forKey: entry.id) != nil {
                    error(path, "wakes the account \(entry.id) a second time", DoctorAdvice.crossReference)
                } else if ((try? store.account(entry.id)) ?? nil) == nil {
                    error(path, "wakes the account \(entry.id), which does not exist", DoctorAdvice.crossReference)
                } else if wakes[entry.id].map(ScheduleName.entryMilliseconds) != ScheduleName.entryMilliseconds(entry.at) {
                    error(path, "does not match the wake-up in \(StoreLayout.wake(entry.id))", DoctorAdvice.crossReference)
                }
            }
        }
        if older {
            report.findings.append(DoctorFinding(.note, path: full(StoreLayout.schedule),
                                                 problem: "the schedule is in an older lifesignal's form",
                                                 advice: "the next lifesignal command converts it"))
            return
        }
        for id in wakes.keys.sorted() where entries[id] == nil {
            error(StoreLayout.wake(id), "names a wake-up that the schedule does not hold", DoctorAdvice.crossReference)
        }
    }

    /// Decodes a file, recording why it cannot be read; nil when missing or unreadable.
    mutating func decode<T: StoreFileData>(_ type: T.Type, _ path: String) -> T? {
        decode(path) { [store] in try store.load(type, path) }
    }

    /// Reads a file with `read`, recording why it cannot be read; nil when missing or unreadable.
    private mutating func decode<T>(_ path: String, _ read: () throws -> T?) -> T? {
        do {
            return try read()
        } catch let failure as StoreError {
            switch failure {
            case .unsafe: break  // found by the safety audit, and reported once
            case .tooNew: report.findings.append(DoctorFinding(.error, path: full(path), problem: failure.message, advice: DoctorAdvice.tooNew))
            case .damaged(_, let reason): error(path, reason, DoctorAdvice.restore)
            default: error(path, failure.message, DoctorAdvice.restore)
            }
        } catch {
            self.error(path, "\(error)", DoctorAdvice.restore)
        }
        return nil
    }

    mutating func error(_ path: String, _ problem: String, _ advice: String) {
        report.findings.append(DoctorFinding(.error, path: full(path), problem: problem, advice: advice))
    }

    private func full(_ path: String) -> String { path.isEmpty ? root : root + "/" + path }
}
