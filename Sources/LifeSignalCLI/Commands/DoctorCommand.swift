import LifeSignalApp
import LifeSignalCore

/// Examines the whole store and the local files; changes nothing.
extension Doctor: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let report = try c.examineStore()
        let store = try c.storeDescription()
        if c.json {
            c.printJSON(.object([
                ("store", .string(store)), ("filesChecked", .int(report.filesChecked)), ("accounts", .int(report.accounts)),
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
                  + "\(TerminalText.line(store)): "
                  + (errors == 0 ? "no problems found." : "\(errors) problem\(errors == 1 ? "" : "s") found."))
        }
        if report.isUnsafe { return ExitCode.io.rawValue }
        return report.isHealthy ? success : ExitCode.damaged.rawValue
    }
}
