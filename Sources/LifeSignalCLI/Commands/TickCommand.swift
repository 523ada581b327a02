import LifeSignalCore

/// Deadlines up to date for the whole store, then delivery of the
/// signed-in account's new notifications. Made for cron.
extension Tick: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        // Delivery's first read brings every due deadline in the store up
        // to date, before it looks for the session.
        let report: Delivery.Report
        do {
            report = try Delivery(context: c).run()
        } catch LifeSignalError.notSignedIn {
            if c.json { c.printJSON(.object([("delivered", .int(0)), ("failed", .int(0)), ("signedIn", .bool(false))])) }
            else { c.say("Deadlines up to date. Not signed in, so nothing to deliver.") }
            return success
        }
        if let failure = report.failure {
            c.err.line("error: delivery of notification \(failure.item.id.short) (\(TerminalText.line(HumanText.localTimes(in: failure.item.title)))) failed: "
                       + "the notify-command \(failure.outcome.summary); it will be retried")
        }
        if c.json {
            c.printJSON(.object([
                ("delivered", .int(report.delivered)), ("skipped", .int(report.skipped)),
                ("failed", .int(report.failure == nil ? 0 : 1)), ("busy", .bool(report.busy)),
                ("notifyCommand", .bool(!report.noCommand)),
            ]))
        } else if !c.quiet || report.failure != nil {
            var summary = "Deadlines up to date; delivered \(report.delivered) notification\(report.delivered == 1 ? "" : "s")"
            if report.failure != nil { summary += ", 1 failed (will retry)" }
            if report.busy { summary += " (another process is delivering)" }
            if report.noCommand { summary += " (no notify-command set)" }
            c.out.line(summary + ".")
        }
        return report.failure == nil ? success : ExitCode.externalCommand.rawValue
    }
}
