import LifeSignalApp
import LifeSignalCore

/// `agent`: keeps the store's deadlines and delivers the signed-in
/// account's notifications until stopped; or prints the service definition
/// that keeps it running.
extension Agent: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        switch mode {
        case .run:
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
