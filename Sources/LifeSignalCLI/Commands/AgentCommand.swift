import CommandEngine
import LifeSignalApp
import LifeSignalCore

/// `agent [--systemd-unit | --launchd-plist]`
struct Agent: CommandInput, Equatable {
    static let systemdUnit = Flag("systemd-unit", help: "Print a systemd user unit that runs the agent, and exit.")
    static let launchdPlist = Flag("launchd-plist", help: "Print a launchd agent (a property list for macOS) that runs it, and exit.")

    static let spec = CommandSpec(
        "agent",
        summary: "Stay running: deadlines kept on the second, new notifications delivered at once",
        discussion: [
            "Runs in the foreground (under systemd, launchd or tmux) until SIGINT or SIGTERM, which let it finish the step in hand and exit 0. It sleeps until the earliest moment a deadline in the store needs attention, or until your feed or the schedule changes, brings every deadline up to date, and hands your new notifications to the notify-command: each at least once, in order, with the same back-off as tick. Several agents may share a store: a deadline fires once, and an item is handed over once.",
            "It prints one line per event; with --json, one object per line with event and at: started (account, store, notifyCommand, nextWake, pid), deadlines (notices sent), notification (the whole item, as it arrives), delivered and failed (notification: its id, type and title; a failure adds reason, retryAt and setAside), skipped (olderThanCommand: items from before the notify-command was set on this store), busy (another process is delivering), error (code, message, retryIn seconds, or null when it stops), recovered (the store answers again after `after` seconds of errors; what arrived meanwhile follows), stopped.",
            "While the store cannot be reached the agent tries again every 2 to 4 seconds (each error line says when), repeating the same error once a minute; a session that ends stops it (exit 3).",
            "--systemd-unit prints a user unit with this lifesignal, your store and the environment the agent needs; --launchd-plist the same for launchd. Install the unit with: mkdir -p ~/.config/systemd/user && lifesignal agent --systemd-unit > ~/.config/systemd/user/lifesignal.service && systemctl --user enable --now lifesignal",
        ],
        options: [systemdUnit.spec, launchdPlist.spec],
        exclusiveGroups: [ExclusiveGroup([systemdUnit.spec.long, launchdPlist.spec.long])],
        examples: [
            CommandExample("agent", "keep deadlines and deliver notifications until Ctrl-C"),
            CommandExample("agent --systemd-unit", "print a systemd user unit that runs it"),
        ],
        input: .running(Agent.self))

    /// What to do: run, or print a service definition.
    enum Mode: Equatable {
        case run, systemdUnit, launchdPlist
    }

    let mode: Mode

    init(from parsed: ParsedCommand) {
        mode = parsed[Self.systemdUnit] ? .systemdUnit : parsed[Self.launchdPlist] ? .launchdPlist : .run
    }
}

/// `agent`: keeps the store's deadlines and delivers the signed-in
/// account's notifications until stopped; or prints the service definition
/// that keeps it running.
extension Agent: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        switch mode {
        case .run:
            c.isUnattended = true
            let events = AgentEvents(c: c)
            switch try AgentLoop(context: c, rendering: .terminal, emit: events.show).run() {
            case .stopped: return success
            case .failed(let kind): return ExitCode(kind).rawValue
            }
        case .systemdUnit:
            let service = try AgentService(context: c)
            if c.json {
                c.printJSON(.object([("name", .string(AgentService.unitName)), ("unit", .string(service.systemdUnit))]))
            } else {
                c.out.write(service.systemdUnit)
            }
        case .launchdPlist:
            let service = try AgentService(context: c)
            if c.json {
                c.printJSON(.object([("label", .string(AgentService.launchdLabel)), ("plist", .string(service.launchdPlist))]))
            } else {
                c.out.write(service.launchdPlist)
            }
        }
        if c.clockKind == .simulated {
            c.err.line("note: LIFESIGNAL_NOW is not carried over: the agent it starts runs on the real clock")
        }
        // The definition is right either way; the agent it starts would stop
        // at once (exit 3, which is not restarted) until someone signs in.
        if try !c.isSignedIn() {
            c.err.line("note: you are not signed in to this store: the agent will stop at once until you run 'lifesignal login'")
        }
        return success
    }
}
