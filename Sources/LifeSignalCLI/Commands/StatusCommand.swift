import FoundationEssentials
import LifeSignalCore

extension Status: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let report = try c.reading { store, account in try StatusReport(account: account, store: store, now: now) }
        let account = report.account
        if c.json {
            c.printJSON(.object([
                ("user", JSONViews.profile(account)),
                ("lastCheckIn", .date(account.lastCheckIn)),
                ("nextCheckInDue", .date(account.nextCheckInDue)),
                ("overdue", .bool(report.overdue)),
                ("isAlertActive", .bool(account.isAlertActive)),
                ("pendingPings", .int(report.pendingPings)),
                ("unreadNotifications", .int(report.unreadNotifications)),
            ]))
        } else if !check {
            Self.render(report, now: now, c)
        }
        guard check else { return success }
        if account.isAlertActive { return ExitCode.alertActive.rawValue }
        return report.overdue ? ExitCode.overdue.rawValue : success
    }

    private static func render(_ report: StatusReport, now: Date, _ c: Context) {
        let account = report.account
        let s = c.style
        c.out.line(s.bold(TerminalText.line(account.fullName)) + " (\(account.phoneNumber))")
        var rows = TextTable(columns: [.fixed, .flexible])
        if let due = account.nextCheckInDue {
            let state = report.overdue ? s.red("OVERDUE") : s.green("on time")
            rows.add(["Check-in", "\(state): due \(TimeText.both(due, now: now))"])
            rows.add(["Last", TimeText.both(account.lastCheckIn, now: now)])
        } else {
            rows.add(["Check-in", "not started: check in once to start the timer"])
        }
        rows.add(["Interval", "every \(DurationText.format(seconds: account.checkInInterval)), "
                  + "reminder \(DurationText.format(seconds: account.reminderInterval)) before"])
        rows.add(["Alert", account.alert.map { s.red("ACTIVE") + " since " + TimeText.both($0.activatedAt, now: now) } ?? "none"])
        rows.add(["Pings", report.pendingPings == 0 ? "none pending" : "\(report.pendingPings) pending"])
        rows.add(["Unread", "\(report.unreadNotifications) notification\(report.unreadNotifications == 1 ? "" : "s")"])
        c.print(rows)
        if account.needsOnboarding { c.hint("lifesignal profile set --first-name NAME --last-name NAME") }
        else if report.overdue || account.lastCheckIn == nil { c.hint("lifesignal checkin") }
        else if report.pendingPings > 0 { c.hint("lifesignal ping respond") }
        else if report.unreadNotifications > 0 { c.hint("lifesignal notifications --unread") }
    }
}
