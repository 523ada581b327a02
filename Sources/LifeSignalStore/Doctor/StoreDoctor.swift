import DurableFiles
import FoundationEssentials
import LifeSignalCore

/// Examines a whole store without changing it: every file decodes, and the
/// files agree with each other (links on both sides, indexes, counts).
///
/// It holds the store's shared lock, so it never sees half a commit, and it
/// does not replay the journal after a crash: it reports that a replay is due.
public struct StoreDoctor {
    public let root: String
    let fileSystem: any FileSystem
    let lockTimeout: Duration

    public init(root: String, fileSystem: any FileSystem = SystemFileSystem(), lockTimeout: Duration = .seconds(5)) {
        self.root = root
        self.fileSystem = fileSystem
        self.lockTimeout = lockTimeout
    }

    /// What was examined and what was found.
    public struct Report: Sendable {
        public var filesChecked = 0
        public var accounts = 0
        public var findings: [DoctorFinding] = []
        public var isHealthy: Bool { !findings.contains { $0.severity != .note } }
        /// Whether something in the store could have been planted by someone else.
        public var isUnsafe: Bool { findings.contains { $0.severity == .unsafe } }
    }

    public func examine() throws -> Report {
        guard (try? fileSystem.stat(root).kind) == .directory else {
            throw StoreError.io("no store at \(root)")
        }
        // First what someone else could have planted, without following or
        // opening anything; the rest is read only when the store's own
        // directory and lock files can be trusted.
        let unsafe = SafetyAudit.examine(root: root, fileSystem: fileSystem).map {
            DoctorFinding(.unsafe, path: $0.path, problem: $0.reason, advice: $0.remedy)
        }
        let lock: StoreLock
        do {
            try fileSystem.requireSafeDirectory(root, ancestors: true)
            lock = try StoreLock(directory: root, mode: .shared, timeout: lockTimeout, fileSystem: fileSystem)
        } catch .unsafe {
            return Report(findings: unsafe)
        } catch {
            throw StoreError(error)
        }
        defer { lock.release() }
        var run = DoctorRun(files: DirectFiles(root: root, fileSystem: fileSystem), root: root)
        run.report.findings = unsafe
        run.examineAll()
        if (try? JournalCheck.replayIsDue(under: lock, fileSystem: fileSystem)) == true {
            run.report.findings.append(DoctorFinding(.note, path: root + "/journal", problem: "commits waiting to be replayed",
                                                     advice: DoctorAdvice.pendingCommit))
        }
        return run.report
    }
}

/// The state of one examination.
struct DoctorRun {
    let files: DirectFiles
    let root: String
    let store: FileStore
    var report = StoreDoctor.Report()

    init(files: DirectFiles, root: String) {
        self.files = files
        self.root = root
        store = FileStore.over(files, root: root)
    }

    mutating func examineAll() {
        walk("")
        _ = decode(StoreMeta.self, StoreLayout.meta)
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
    }

    /// Looks at every entry for debris and a pending journal, and counts files.
    private mutating func walk(_ directory: String) {
        for name in (try? files.list(directory)) ?? [] {
            let path = directory.isEmpty ? name : directory + "/" + name
            if files.isDirectory(path) {
                walk(path)
            } else if name.contains(".tmp-") {
                report.findings.append(DoctorFinding(.note, path: full(path), problem: "leftover temporary file", advice: DoctorAdvice.debris))
            } else if directory.isEmpty, name == "journal" {
                if let problem = journalProblem(path) {
                    error(path, problem, DoctorAdvice.restore)
                }
            } else if name.hasSuffix(".json") {
                report.filesChecked += 1
            }
        }
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
        examineCheckIns(id)
        _ = decode(AccountWake.self, StoreLayout.wake(id))
        examineFeed(id)
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
        let index = decode(FeedIndex.self, StoreLayout.feedSummary(id)) ?? FeedIndex()
        var total = 0, unread = 0
        var seen = Set<EntityID>()
        let segmentNames = ((try? files.list("accounts/\(id)/feed")) ?? []).filter { $0 != "summary.json" && $0.hasSuffix(".json") }
        for name in segmentNames {
            let path = "accounts/\(id)/feed/\(name)"
            // Read as the commands read them, so both find the same damage.
            guard let number = Int(name.dropLast(5)),
                  let items = decode(path, { [store] in try store.feedSegment(at: path) }) else { continue }
            for item in items {
                total += 1
                if !item.isRead { unread += 1 }
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
    }

    /// Checks the files of an index directory: each names an existing
    /// account, and `mismatch` says whether that account agrees.
    private mutating func examineIndex<Entry: Codable>(_ directory: String, _ type: Entry.Type, _ accountID: KeyPath<Entry, EntityID>,
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

    private mutating func examineSchedule() {
        guard let head = decode(WakeHead.self, StoreLayout.wakeHead) else { return }
        var earliest: Date?
        for bucket in head.buckets {
            guard let entries = decode([ScheduleEntry].self, StoreLayout.scheduleBucket(bucket)) else { continue }
            for entry in entries {
                if ((try? store.account(entry.accountID)) ?? nil) == nil {
                    error(StoreLayout.scheduleBucket(bucket), "wakes the account \(entry.accountID), which does not exist",
                          DoctorAdvice.crossReference)
                }
                earliest = min(earliest ?? entry.at, entry.at)
            }
        }
        if head.next != earliest {
            error(StoreLayout.wakeHead, "names the wrong next wake-up time", DoctorAdvice.crossReference)
        }
    }

    /// Why the journal cannot be replayed, if it cannot.
    private func journalProblem(_ path: String) -> String? {
        do {
            guard let bytes = try files.read(path) else { return nil }
            return JournalCheck.problem(in: bytes, path: full(path))
        } catch {
            return "\(error)"
        }
    }

    /// Decodes a file, recording why it cannot be read; nil when missing or unreadable.
    private mutating func decode<T: Codable>(_ type: T.Type, _ path: String) -> T? {
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

    private mutating func error(_ path: String, _ problem: String, _ advice: String) {
        report.findings.append(DoctorFinding(.error, path: full(path), problem: problem, advice: advice))
    }

    private func full(_ path: String) -> String { path.isEmpty ? root : root + "/" + path }
}
