import CommandEngine
import LifeSignalApp
import LifeSignalCore

/// `doctor`
struct Doctor: CommandInput, Equatable {
    static let spec = CommandSpec(
        "doctor",
        summary: "Check the whole store for damage and contradictions (changes nothing)",
        discussion: [
            "Every file must decode, links must be mirrored on both sides, indexes must point to the right accounts and counts must match. Each problem is listed with its file and what to do; the exit status is 7 when there is one.",
            "Right after a crash the store is judged as the next command's replay of its journal will leave it. Files someone else could have planted are listed first (exit status 8); one account's planted or damaged file stops only what needs it. A place that is no store, or a store copy that did not finish, is named, with how to remove the copy.",
        ],
        input: .running(Doctor.self))

    init(from parsed: ParsedCommand) {}
}

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
