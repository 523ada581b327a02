import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore
import StoreBackends
import StoreOpening

/// The whole-store work of `store copy` and `doctor`, for the command line
/// to report.
extension AppSession {
    /// What a store copy did, and between which stores.
    public struct StoreCopyResult {
        public var from: String
        public var to: String
        public var report: StoreCopy.Report
    }

    /// Copies every file of the store at `from` into the empty store at
    /// `to` (both as typed, relative to the working directory); `progress`
    /// hears how far it got.
    public final func copyStore(from: String, to: String,
                                progress: (StoreCopy.Progress) -> Void) throws -> StoreCopyResult {
        let from = try StoreLocation.parse(from, workingDirectory: env.workingDirectory)
        let to = try StoreLocation.parse(to, workingDirectory: env.workingDirectory)
        guard from != to else { throw LifeSignalError.refused("FROM and TO are the same store (\(from))") }
        // FROM must already be a store; only then is TO made.
        let source = try open(from, creating: false)
        let destination = try open(to, creating: true)
        let report = try StoreCopy(from: source, to: destination).run(progress: progress)
        return StoreCopyResult(from: from.description, to: to.description, report: report)
    }

    /// Examines the whole store and the local files; changes nothing.
    public final func examineStore() throws -> StoreDoctor.Report {
        let paths = try paths()
        // First what someone else could have planted, without following or
        // opening anything: reported even when it keeps the store shut.
        let unsafe = StoreDoctor.safetyFindings(at: paths.store, fileSystem: env.fileSystem)
        var report: StoreDoctor.Report
        do {
            let store = try open(paths.store, creating: false)
            report = try StoreDoctor(store: store).examine()
        } catch let error as StoreError where error.isUnsafe && !unsafe.isEmpty {
            report = StoreDoctor.Report()
        }
        report.findings = unsafe + report.findings
        // A damaged store.json is a finding already; the session file is still
        // examined. The identity comes from the examination: a read would
        // replay a journal that is due, and the doctor changes nothing.
        let sessionFile = try sessionFile(identity: report.identity)
        for (path, load) in [(sessionFile.path, { _ = try sessionFile.load() }),
                             (try localSettings().path, { _ = try self.localSettings().load() })] as [(String, () throws -> Void)] {
            do { try load() } catch let error as StoreError {
                if case .unsafe(let unsafePath, let reason, let remedy) = error {
                    report.findings.append(DoctorFinding(.unsafe, path: unsafePath, problem: reason, advice: remedy))
                } else {
                    report.findings.append(DoctorFinding(.error, path: path, problem: error.message, advice: Self.localAdvice))
                }
            } catch let error as any UserFacingError {
                report.findings.append(DoctorFinding(.error, path: path, problem: error.message, advice: Self.localAdvice))
            }
        }
        return report
    }

    private static let localAdvice = "move the file aside; lifesignal starts it afresh (sign in again, or set the commands again)"

    /// Whether the store is an etcd cluster (false when it cannot be named).
    public final var storeIsEtcd: Bool {
        if case .etcd? = try? paths().store { return true }
        return false
    }

    /// The store's location as people read it.
    public final func storeDescription() throws -> String { try paths().store.description }
}
