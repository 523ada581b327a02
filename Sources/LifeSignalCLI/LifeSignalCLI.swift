import CommandEngine
import LifeSignalApp
import LifeSignalCore

/// The command-line program: parse, run one command, report, exit.
public enum LifeSignalCLI {
    public static let version = "0.1.0"

    /// Runs the process's own invocation: `commandLine` is its whole
    /// argument vector, the program's name first, and the exit status comes
    /// back.
    ///
    /// On Linux the Swift runtime finds that vector itself (it reads
    /// `/proc/self/maps` to walk the initial stack); when it cannot (no file
    /// descriptor left under `ulimit -n 3`, or that read fails) it hands over
    /// none at all, not even the program's name. Taken as "no words", every
    /// command would print the help and exit 0, and a `checkin` from cron
    /// or `alert on --yes` would "succeed" without doing anything: so no
    /// vector is an internal error, said on stderr, with nothing on stdout.
    public static func main(commandLine: [String]) -> Int32 {
        guard !commandLine.isEmpty else {
            let err = TextOutput(FileDescriptorSink(descriptor: 2))
            err.line("error: internal error: the command line could not be read (from /proc/self/maps), "
                     + "so nothing was done; is /proc mounted, and the limit of open files (ulimit -n) above 3?")
            try? err.finish()
            return ExitCode.failure.rawValue
        }
        var environment = CLIEnvironment.live(arguments: Array(commandLine.dropFirst()))
        // Every child of this process is a command it ran: orphans they
        // leave are its own to find (and kill, at a command's time limit).
        environment.app.processRunner = SpawningProcessRunner(adoptsOrphans: true)
        return run(environment)
    }

    /// Runs one invocation and returns the exit status.
    public static func run(_ env: CLIEnvironment) -> Int32 {
        let out = TextOutput(env.stdout)
        let err = TextOutput(env.stderr)
        let wantsJSON = env.arguments.prefix { $0 != "--" }.contains("--json")
        let status: Int32
        switch parse(env.arguments) {
        case .failure(let error):
            report(usage: error, json: wantsJSON, err: err)
            status = ExitCode.usage.rawValue
        case .success(.help(let path)):
            out.write(HelpRenderer(table: LifeSignalTable.table, width: env.columns).help(for: path))
            status = ExitCode.success.rawValue
        case .success(.run(let parsed)):
            status = execute(parsed, env: env, out: out, err: err, json: wantsJSON)
        }
        do {
            try out.finish()
        } catch {
            // A reader that went away (`| head`) is not a failure of ours.
            if error.isBrokenPipe { return status }
            // Whatever the command did is done (a check-in is recorded): say
            // so, first, before any hint it left, so nobody runs it again.
            let done = status == ExitCode.success.rawValue ? "; the command itself succeeded, only its output was lost" : ""
            err.lineFirst(wantsJSON ? errorJSON(code: ExitCode.io, message: "cannot write output: \(error.message)\(done)")
                                    : "error: cannot write output: \(error.message)\(done)")
            try? err.finish()
            return ExitCode.io.rawValue
        }
        try? err.finish()
        return status
    }

    private static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
        do throws(UsageError) {
            return .success(try CommandParser(table: LifeSignalTable.table).parse(arguments))
        } catch {
            return .failure(error)
        }
    }

    private static func execute(_ parsed: ParsedCommand, env: CLIEnvironment, out: TextOutput, err: TextOutput,
                                json: Bool) -> Int32 {
        let global: GlobalOptions
        do throws(UsageError) {
            global = try GlobalOptions(from: parsed)
        } catch {
            report(usage: error, json: json, err: err)
            return ExitCode.usage.rawValue
        }
        let context = Context(env: env, global: global, out: out, err: err)
        defer {
            reportEtcdTraffic(context)
            context.rememberForNextRun()
        }
        do {
            guard let input = parsed.input, let runner = parsed.inputType?.payload as? Runner else {
                // Only a table entry without `.running(...)` gets here; the
                // table tests rule that out, so say so rather than guess.
                throw InternalError("no code runs '\((["lifesignal"] + parsed.commandPath).joined(separator: " "))'")
            }
            return try runner.run(input, context)
        } catch let error as UsageError {
            report(usage: error, json: context.json, err: context.err)
            return ExitCode.usage.rawValue
        } catch let declined as PromptDeclined {
            if context.json {
                context.err.line(errorJSON(code: .declined, message: declined.message))
            } else {
                context.err.line(TerminalText.line(declined.message))
            }
            return ExitCode.declined.rawValue
        } catch let error as any UserFacingError {
            let code = ExitCode(error.kind)
            let message = HumanText.localTimes(in: error.message)
            if context.json {
                context.err.line(errorJSON(code: code, message: message, hint: error.hint))
            } else {
                // Messages quote names, notes and input: one harmless line each.
                context.err.line("error: \(TerminalText.line(message))")
                if let hint = error.hint { context.err.line("hint: \(TerminalText.line(hint))") }
            }
            return code.rawValue
        } catch let error as OutputFailure {
            if error.isBrokenPipe { return ExitCode.success.rawValue }
            context.err.line("error: cannot write output: \(error.message)")
            return ExitCode.io.rawValue
        } catch {
            context.err.line("error: \(error)")
            return ExitCode.failure.rawValue
        }
    }

    /// With `LIFESIGNAL_ETCD_TRAFFIC` set, a line on stderr saying how many
    /// round trips and connections the command took on its etcd store: for
    /// seeing where time goes, and for the benchmark.
    private static func reportEtcdTraffic(_ c: Context) {
        guard c.env.variable("LIFESIGNAL_ETCD_TRAFFIC") != nil, let traffic = c.etcdTraffic else { return }
        c.err.line("etcd: \(traffic.roundTrips) round trip\(traffic.roundTrips == 1 ? "" : "s") over "
                   + "\(traffic.connections) connection\(traffic.connections == 1 ? "" : "s")")
    }

    private static func report(usage error: UsageError, json: Bool, err: TextOutput) {
        if json {
            err.line(errorJSON(code: .usage, message: error.message))
        } else {
            // The report quotes what was typed, which may be anything a script passed on.
            err.write(TerminalText.block(HelpRenderer(table: LifeSignalTable.table).errorReport(for: error)))
        }
    }

    static func errorJSON(code: ExitCode, message: String, hint: String? = nil) -> String {
        var members: [(String, JSONValue)] = [("code", .int(Int(code.rawValue))), ("message", .string(message))]
        if let hint { members.append(("hint", .string(hint))) }
        return JSONValue.object([("error", .object(members))]).rendered(pretty: false)
    }
}
