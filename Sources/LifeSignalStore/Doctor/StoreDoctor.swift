import DurableFiles
import FoundationEssentials
import LifeSignalCore
import StoreBackends
import StoreCodecKit
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
        /// The store's identity as `store.json` gives it (nil when it has none
        /// or cannot be read): for finding the session file without a read
        /// that would replay the journal.
        public var identity: String?
        public var findings: [DoctorFinding] = []
        public var isHealthy: Bool { !findings.contains { $0.severity != .note } }
        /// Whether something in the store could have been planted by someone else.
        public var isUnsafe: Bool { findings.contains { $0.severity == .unsafe } }

        /// Nothing examined yet: for a store that cannot even be opened.
        public init() {}
    }

    /// What in the store in the directory `root` someone else could have
    /// planted or changed, found without following a link, opening a file or
    /// changing anything (`SafetyAudit`): reported even when the store cannot
    /// be opened because of it.
    public static func safetyFindings(inDirectory root: String, fileSystem: any FileSystem) -> [DoctorFinding] {
        guard (try? fileSystem.stat(root))?.kind == .directory else { return [] }
        // A directory that is no store (`/`, say) is not walked: the
        // examination says what it is.
        if let names = try? fileSystem.listDirectory(root), [.other, .partialCopy].contains(StoreShape(topLevel: names)) {
            return []
        }
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
    /// Each account's wake-up as its `wake.json` says, and the schedule's entries for them.
    private var wakes = DoctorWakes()
    /// The files found unusable (damaged, too new, refused as planted),
    /// each reported once: what they hold is unknown, not missing, so
    /// nothing is compared with it.
    var unusable = Set<String>()
    /// `store.json`, as examined.
    private var meta: StoreMeta?
    /// The account directories prefetched together (`PrefetchPlan.wholeStore`).
    private var prefetchedDirectories: [String] = []

    init(files: any StoreSnapshot, root: String) {
        self.files = files
        self.root = root
        store = LayoutStore(snapshot: files, name: root)
    }

    mutating func examineAll() {
        meta = decode(StoreMeta.self, StorePaths.meta)
        report.identity = meta?.id
        if meta == nil, !unusable.contains(StorePaths.meta), !examineShape() { return }
        // Counted as they go by: a list of every path would take memory in proportion to the store.
        var filesChecked = 0
        try? files.forEachPath(under: "") { path in if path.hasSuffix(".json") { filesChecked += 1 } }
        report.filesChecked = filesChecked
        _ = decode(LastLook.self, StorePaths.lastLook)
        _ = decode(SignUpWindow.self, StorePaths.signUps)
        forEachPart(of: "accounts", size: Self.accountsPerPrefetch, where: { !$0.hasPrefix(".") }) { run, part in
            run.examineAccounts(part)
        }
        examineIndex("phones", IndexEntry.self, \.accountID) { name, account in
            account.phoneNumber == "+" + name ? nil : "points to an account whose phone number is \(account.phoneNumber)"
        }
        examineIndex("codes", IndexEntry.self, \.accountID) { [meta] name, account in
            Self.codeNameProblem(name, account: account, meta: meta)
        }
        var plainNames = false
        if meta?.codeKey == nil || meta?.codesToRename == true {
            try? files.forEachName(in: "codes") { name in plainNames = plainNames || CodeIndexName.hasPlainNames([name]) }
        }
        if plainNames {
            report.findings.append(DoctorFinding(.note, path: full("codes"),
                                                 problem: "some of the code index's names are QR code IDs (an older lifesignal's names), "
                                                     + "which a listing of the store shows",
                                                 advice: "the next lifesignal command that writes gives them keyed names"))
        }
        examineIndex("sessions", SessionRecord.self, \.accountID) { _, _ in nil }
        for name in (try? files.list("logins")) ?? [] where name.hasSuffix(".json") {
            _ = decode(PendingLogin.self, "logins/" + name)
        }
        examineSchedule()
        examineWaitingInvitations()
    }

    /// The names in `directory` that `include` takes, in parts of `size`,
    /// each handed to `body` once complete: the directory's whole listing,
    /// which on etcd is every file below it, is never held.
    mutating func forEachPart(of directory: String, size: Int, where include: (String) -> Bool,
                              _ body: (inout DoctorRun, ArraySlice<String>) -> Void) {
        var part: [String] = []
        let files = self.files
        try? files.forEachName(in: directory) { name in
            guard include(name) else { return }
            part.append(name)
            guard part.count == size else { return }
            body(&self, part[...])
            part.removeAll(keepingCapacity: true)
        }
        if !part.isEmpty { body(&self, part[...]) }
    }

    /// The accounts named `part`, their files prefetched together.
    private mutating func examineAccounts(_ part: ArraySlice<String>) {
        // A part's accounts in a few requests on a store across a network.
        let ids = part.compactMap { EntityID(validating: $0) }
        prefetchedDirectories = ids.map(StorePaths.accountDirectory)
        try? files.prefetch(.wholeStore(files: [], under: prefetchedDirectories))
        // Their contacts' lists, which their links are checked against, together for the part
        // (where prefetching does anything: elsewhere this would read each list twice).
        if files.prefetches {
            let linked = ids.flatMap { (try? store.load([ContactLink].self, StorePaths.contacts($0))) ?? [] }
            try? files.prefetch(.wholeStore(files: Set(linked.map { StorePaths.contacts($0.contactID) }).sorted(), under: prefetchedDirectories))
        }
        for name in part {
            guard let id = EntityID(validating: name) else {
                error("accounts/\(name)", "is not named after an account ID", DoctorAdvice.crossReference)
                continue
            }
            examineAccount(id)
        }
    }

    private mutating func examineAccount(_ id: EntityID) {
        report.accounts += 1
        // Memory bounded by one account, not the store: what a later check
        // needs again (an index's account) is read again.
        store.forgetDecoded()
        guard let account = decode(Account.self, StorePaths.account(id)) else { return }
        if account.id != id { error(StorePaths.account(id), "holds the account \(account.id)", DoctorAdvice.crossReference) }
        if let links = decode([ContactLink].self, StorePaths.contacts(id)) {
            for link in links {
                // Their contacts unusable: reported on their own, and nothing to compare.
                guard let theirs = try? store.contacts(of: link.contactID) else { continue }
                if theirs.first(where: { $0.contactID == id }) != link.mirrored(owner: id) {
                    error(StorePaths.contacts(id), "its link to \(link.contactID) is not mirrored in that account's contacts",
                          DoctorAdvice.crossReference)
                }
            }
        }
        _ = decode([Ping].self, StorePaths.pings(id))
        _ = decode([String].self, StorePaths.sessionIndex(id))
        _ = decode([EndedSession].self, StorePaths.endedSessions(id))
        examineCheckIns(id)
        if let wake = decode(AccountWake.self, StorePaths.wake(id)) {
            wakes.noteWake(of: id, at: ScheduleName.entryMilliseconds(wake.at))
        }
        examineFeed(id)
        examineInvitations(of: id)
        _ = decode(DeliverySetup.self, StorePaths.deliverySetup(id))
        examineAccountFiles(id)
    }

    private mutating func examineCheckIns(_ id: EntityID) {
        let names = ((try? files.list(StorePaths.checkInDirectory(id))) ?? []).filter { !$0.hasPrefix(".") }
        let numbers = Set(CheckInHistory.segments(names))
        for name in names where !numbers.contains(Int(name.dropLast(5)) ?? -1) {
            error(StorePaths.checkInDirectory(id) + "/" + name, "is not a check-in history segment", DoctorAdvice.crossReference)
        }
        for number in numbers {
            let path = StorePaths.checkInSegment(id, number)
            if let records = decode([CheckInRecord].self, path), records.count > CheckInHistory.segmentSize {
                error(path, "holds \(records.count) check-ins, more than a segment's \(CheckInHistory.segmentSize)",
                      DoctorAdvice.crossReference)
            }
        }
    }

    /// Checks the files of an index directory: each names an existing
    /// account, and `mismatch` says whether that account agrees.
    private mutating func examineIndex<Entry: StoreFileData>(_ directory: String, _ type: Entry.Type, _ accountID: KeyPath<Entry, EntityID>,
                                                       _ mismatch: (String, Account) -> String?) {
        forEachPart(of: directory, size: Self.prefetchFiles, where: { $0.hasSuffix(".json") }) { run, part in
            // A part's entries, then the accounts they name, each in a few requests.
            run.store.forgetDecoded()
            try? run.files.prefetch(.wholeStore(files: part.map { directory + "/" + $0 }, under: []))
            let entries = part.map { name in (name, run.decode(type, directory + "/" + name)) }
            try? run.files.prefetch(.wholeStore(files: entries.compactMap { $0.1.map { StorePaths.account($0[keyPath: accountID]) } }, under: []))
            run.examineIndexEntries(directory, entries, accountID, mismatch)
        }
    }

    /// Files per prefetch of whole-store checks.
    static let prefetchFiles = 100

    /// Accounts per prefetch: their files are in memory together.
    static let accountsPerPrefetch = 16

    private mutating func examineIndexEntries<Entry: StoreFileData>(_ directory: String, _ entries: [(String, Entry?)],
                                                                  _ accountID: KeyPath<Entry, EntityID>,
                                                                  _ mismatch: (String, Account) -> String?) {
        for (name, entry) in entries {
            let path = directory + "/" + name
            guard let entry else { continue }
            guard let found = referencedAccount(entry[keyPath: accountID]) else { continue }
            guard let account = found else {
                error(path, "points to the account \(entry[keyPath: accountID]), which does not exist", DoctorAdvice.crossReference)
                continue
            }
            if let problem = mismatch(String(name.dropLast(5)), account) { error(path, problem, DoctorAdvice.crossReference) }
        }
    }

    /// What is wrong with the name of a code index file (its name without
    /// `.json`) that points to `account`, or nil. The problem never spells
    /// the account's code out.
    static func codeNameProblem(_ name: String, account: Account, meta: StoreMeta?) -> String? {
        let isPlain = CodeIndexName.plainCode(name + ".json") != nil
        guard let key = meta?.codeKey, !(isPlain && meta?.codesToRename == true) else {
            return account.qrCodeID == name ? nil : "points to an account whose QR code ID is now another"
        }
        if isPlain { return "is named after a QR code ID, which lifesignal no longer reads (and a listing shows)" }
        return CodeIndexName.path(account.qrCodeID, key: key) == "codes/" + name + ".json" ? nil
            : "points to an account whose QR code ID is now another"
    }

    /// Every entry names an existing account and the wake-up its `wake.json`
    /// gives, and every such wake-up has its entry.
    private mutating func examineSchedule() {
        var older = false
        for hour in names(in: StorePaths.schedule) {
            if ScheduleName.isOlderForm(hour) {
                older = true
            } else {
                examineScheduleLevel([StorePaths.schedule, hour])
            }
        }
        if older {
            report.findings.append(DoctorFinding(.note, path: full(StorePaths.schedule),
                                                 problem: "the schedule is in an older lifesignal's form",
                                                 advice: "the next lifesignal command converts it"))
            return
        }
        for id in wakes.unscheduled() {
            error(StorePaths.wake(id), "names a wake-up that the schedule does not hold", DoctorAdvice.crossReference)
        }
    }

    /// The directory of the schedule with the components `parts` (an hour,
    /// a minute of it, a second of that), and what is below it.
    private mutating func examineScheduleLevel(_ parts: [String]) {
        let directory = parts.joined(separator: "/")
        guard ScheduleSpan(parts) != nil else {
            error(directory, String(LayoutStore.levelDamage[parts.count - 2].dropFirst(3)), DoctorAdvice.crossReference)
            return
        }
        guard parts.count == 4 else {
            for name in names(in: directory) { examineScheduleLevel(parts + [name]) }
            return
        }
        forEachPart(of: directory, size: Self.prefetchFiles, where: { _ in true }) { run, part in
            run.store.forgetDecoded()
            let named = part.compactMap { try? run.store.entry(at: parts + [$0]).id }
            try? run.files.prefetch(.wholeStore(files: named.map(StorePaths.account), under: []))
            run.examineScheduleEntries(part, in: parts)
        }
    }

    /// The names in a directory of the schedule above its seconds (hours,
    /// minutes: a few dozen), streamed: on etcd a listing would hold every
    /// entry below it.
    private func names(in directory: String) -> [String] {
        var names: [String] = []
        try? files.forEachName(in: directory) { names.append($0) }
        return names
    }

    /// The entries `names` of the schedule's second with the components
    /// `parts`, each noted in `wakes`.
    private mutating func examineScheduleEntries(_ names: ArraySlice<String>, in parts: [String]) {
        for name in names {
            let path = (parts + [name]).joined(separator: "/")
            guard let entry = try? store.entry(at: parts + [name]) else {
                error(path, "is not a schedule entry of its second (<milliseconds>-<account ID>)", DoctorAdvice.crossReference)
                continue
            }
            let (isRepeat, wake) = wakes.noteEntry(of: entry.id)
            if isRepeat {
                error(path, "wakes the account \(entry.id) a second time", DoctorAdvice.crossReference)
                continue
            }
            guard let found = referencedAccount(entry.id), !unusable.contains(StorePaths.wake(entry.id)) else { continue }
            if found == nil {
                error(path, "wakes the account \(entry.id), which does not exist", DoctorAdvice.crossReference)
            } else if wake != ScheduleName.entryMilliseconds(entry.at) {
                error(path, "does not match the wake-up in \(StorePaths.wake(entry.id))", DoctorAdvice.crossReference)
            }
        }
    }

    /// The account a file refers to: `.some(nil)` when there is none, nil
    /// when its file cannot be used (which is reported on its own).
    private func referencedAccount(_ id: EntityID) -> Account?? {
        do { return .some(try store.account(id)) } catch { return nil }
    }

    /// Whether a location without `store.json` can be examined as a store
    /// (it is empty); else it says what it holds, and how to remove a copy
    /// that did not finish.
    private mutating func examineShape() -> Bool {
        switch StoreShape(topLevel: (try? files.list("")) ?? []) {
        case .store, .empty: return true
        case .partialCopy:
            error(StorePaths.copyMarker, "marks a store copy that did not finish (there is no store.json): no command uses it",
                  "remove it all (\(StoreName.removal(of: root))), then copy again")
        case .other:
            error("", "is no lifesignal store: it holds other things, and no store.json",
                  "name a store, or a new or empty place to make one (a store whose store.json was lost: restore it from a backup)")
        }
        return false
    }

    /// Decodes a file, recording why it cannot be read; nil when missing or unreadable.
    mutating func decode<T: StoreFileData>(_ type: T.Type, _ path: String) -> T? {
        decode(path) { [store] in try store.load(type, path) }
    }

    /// Reads a file with `read`, recording why it cannot be read; nil when missing or unreadable.
    mutating func decode<T>(_ path: String, _ read: () throws -> T?) -> T? {
        do {
            return try read()
        } catch let failure as StoreError {
            unusable.insert(path)
            switch failure {
            case .unsafe: break  // found by the safety audit, and reported once
            case .tooNew: report.findings.append(DoctorFinding(.error, path: full(path), problem: failure.message, advice: DoctorAdvice.tooNew))
            case .damaged(_, let reason): error(path, reason, DoctorAdvice.restore)
            default: error(path, failure.message, DoctorAdvice.restore)
            }
        } catch {
            unusable.insert(path)
            self.error(path, "\(error)", DoctorAdvice.restore)
        }
        return nil
    }

    mutating func error(_ path: String, _ problem: String, _ advice: String) {
        report.findings.append(DoctorFinding(.error, path: full(path), problem: problem, advice: advice))
    }

    private func full(_ path: String) -> String { path.isEmpty ? root : root + "/" + path }
}
