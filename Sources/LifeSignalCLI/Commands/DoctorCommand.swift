import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore

/// Examines the whole store and the local files; changes nothing.
extension Doctor: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let paths = try c.paths()
        let store = try c.open(paths.store, creating: false)
        var report = try StoreDoctor(store: store).examine()
        // A damaged store.json is a finding already; the session file is still examined.
        let sessionFile = try c.sessionFile(identity: (try? c.storeIdentity()) ?? nil)
        for (path, load) in [(sessionFile.path, { _ = try sessionFile.load() }),
                             (try c.localSettings().path, { _ = try c.localSettings().load() })] as [(String, () throws -> Void)] {
            do { try load() } catch let error as any UserFacingError {
                report.findings.append(DoctorFinding(.error, path: path, problem: error.message,
                                                     advice: "move the file aside; lifesignal starts it afresh (sign in again, or set the commands again)"))
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
                let label = finding.severity == .error ? c.style.red("error") : c.style.yellow("note ")
                c.out.line("\(label)  \(finding.path): \(finding.problem)")
                c.out.line("       \(finding.advice)")
            }
            let errors = report.findings.filter { $0.severity == .error }.count
            c.say("Checked \(report.filesChecked) files of \(report.accounts) account\(report.accounts == 1 ? "" : "s") in \(paths.store.description): "
                  + (errors == 0 ? "no problems found." : "\(errors) problem\(errors == 1 ? "" : "s") found."))
        }
        return report.isHealthy ? success : ExitCode.damaged.rawValue
    }
}
