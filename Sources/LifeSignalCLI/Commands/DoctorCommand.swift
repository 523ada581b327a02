import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore

/// Examines the whole store and the local files; changes nothing.
extension Doctor: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let paths = try c.paths()
        // First what someone else could have planted, without following or
        // opening anything: reported even when it keeps the store shut.
        let unsafe = StoreDoctor.safetyFindings(at: paths.store, fileSystem: c.env.fileSystem)
        var report: StoreDoctor.Report
        do {
            let store = try c.open(paths.store, creating: false)
            report = try StoreDoctor(store: store).examine()
        } catch let error as StoreError where error.isUnsafe && !unsafe.isEmpty {
            report = StoreDoctor.Report()
        }
        report.findings = unsafe + report.findings
        // A damaged store.json is a finding already; the session file is still
        // examined. The identity comes from the examination: a read would
        // replay a journal that is due, and the doctor changes nothing.
        let sessionFile = try c.sessionFile(identity: report.identity)
        for (path, load) in [(sessionFile.path, { _ = try sessionFile.load() }),
                             (try c.localSettings().path, { _ = try c.localSettings().load() })] as [(String, () throws -> Void)] {
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
        if c.json {
            c.printJSON(.object([
                ("store", .string(paths.store.description)), ("filesChecked", .int(report.filesChecked)), ("accounts", .int(report.accounts)),
                ("healthy", .bool(report.isHealthy)),
                ("findings", .array(report.findings.map { finding in
                    .object([("severity", .string(finding.severity.rawValue)), ("path", .string(finding.path)),
                             ("problem", .string(finding.problem)), ("advice", .string(finding.advice))])
                })),
            ]))
        } else {
            for finding in report.findings {
                let label = switch finding.severity {
                case .error: c.style.red("error ")
                case .unsafe: c.style.red("unsafe")
                case .note: c.style.yellow("note  ")
                }
                c.out.line("\(label)  \(TerminalText.line(finding.path)): \(TerminalText.line(finding.problem))")
                c.out.line("        \(TerminalText.line(finding.advice))")
            }
            let errors = report.findings.filter { $0.severity != .note }.count
            c.say("Checked \(report.filesChecked) files of \(report.accounts) account\(report.accounts == 1 ? "" : "s") in "
                  + "\(TerminalText.line(paths.store.description)): "
                  + (errors == 0 ? "no problems found." : "\(errors) problem\(errors == 1 ? "" : "s") found."))
        }
        if report.isUnsafe { return ExitCode.io.rawValue }
        return report.isHealthy ? success : ExitCode.damaged.rawValue
    }

    private static let localAdvice = "move the file aside; lifesignal starts it afresh (sign in again, or set the commands again)"
}
