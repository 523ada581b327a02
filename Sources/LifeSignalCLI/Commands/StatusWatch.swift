import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// `status --watch`: the status kept on the screen of a terminal, redrawn
/// every second (the countdown moves) and at once when the store changes.
///
/// It draws on the terminal's alternate screen with the cursor hidden, and
/// sleeps on the store's change signal for the account and its dependents
/// (inotify on a directory store, a watch on etcd) like `notifications
/// follow`. The store is read again only when that signal fires, when a
/// moment passes that changes what the status says (a deadline, a grace
/// period's or a pause's end, a dependent's grace end), and once a minute
/// for anything else; the redraws in between only move the clock. Ctrl-C
/// or SIGTERM restores the screen and the cursor, prints the status once
/// more where it stays, and exits 0.
struct StatusWatch {
    let c: Context
    /// The longest the status goes without being read again.
    static let longestStale = 60.0
    private static let escape = "\u{1B}["

    init(_ c: Context) { self.c = c }

    /// One read of the store: the report and when it next goes stale.
    private struct Reading {
        var report: StatusReport
        /// The next moment the report would read differently without any write.
        var turn: Date?
        var readAt: Date
    }

    func run() throws -> Int32 {
        guard !c.json else { throw StatusWatchRefusal.json }
        guard c.out.isTerminal else { throw StatusWatchRefusal.notATerminal }
        guard c.env.variable("TERM") != "dumb" else { throw StatusWatchRefusal.dumbTerminal }
        let first = try read()
        let waiter = c.env.makeWaiter(try c.store().accountChanges(of: first.value.report.account.id, dependents: first.dependents))
        c.out.write(Self.escape + "?1049h" + Self.escape + "?25l")
        var restored = false
        defer { if !restored { restore() } }
        var last = first.value
        var problem: String?
        var retryAt: Date?
        var wake = WakeReason.timedOut
        repeat {
            c.refreshNow()
            let now = try c.now()
            if wake == .changed || last.turn.map({ now >= $0 }) == true || retryAt.map({ now >= $0 }) == true
                || now.timeIntervalSince(last.readAt) >= Self.longestStale {
                do {
                    last = try read().value
                    problem = nil
                    retryAt = nil
                } catch let failure as any UserFacingError where !AgentLoop.isFatal(failure) {
                    // The last status stays up, marked, until the store answers again.
                    problem = failure.message
                    retryAt = now.addingTimeInterval(AgentLoop.retryPause(c))
                    last.readAt = now
                }
            }
            draw(last.report, now: now, problem: problem)
            // Wake at the next whole second, so the countdown ticks evenly.
            let fraction = now.timeIntervalSince1970 - now.timeIntervalSince1970.rounded(.down)
            wake = waiter.wait(seconds: min(1, max(0.05, 1 - fraction)))
        } while wake != .stopRequested
        restore()
        restored = true
        c.refreshNow()
        if let hint = Status.render(last.report, now: try c.now(), c) { c.hint(hint) }
        return success
    }

    /// Reads the status, with the dependents to watch and the next turn.
    private func read() throws -> (value: Reading, dependents: [EntityID]) {
        let now = try c.now()
        return try c.reading { store, account in
            let report = try StatusReport(account: account, store: store, now: now, zones: try c.core().zones)
            let dependents = try store.contacts(of: account.id).filter(\.isDependent).map(\.contactID)
            var turns = [account.nextCheckInDue, account.graceEndsAt, account.pause?.startedAt, account.pause?.until]
            for id in dependents {
                guard let dependent = try? store.account(id) else { continue }
                turns.append(dependent.graceEndsAt)
                // A job's grace ending lists the dependent, as their own does.
                for job in dependent.jobs {
                    turns.append(JobDeadline(job).current(of: dependent, zones: try c.core().zones).graceEndsAt)
                }
            }
            if let look = report.lastLook, let reminder = report.shortestReminder {
                turns.append(look.at.addingTimeInterval(Double(reminder)))
            }
            let turn = turns.compactMap { $0 }.filter { $0 > now }.min()
            return (Reading(report: report, turn: turn, readAt: now), dependents)
        }
    }

    /// One frame, written in one piece from the screen's top left.
    private func draw(_ report: StatusReport, now: Date, problem: String?) {
        let s = c.style
        // The window may have been resized since the last frame: each frame fits the width it has now.
        c.remeasureWidth()
        c.out.write(Self.escape + "H" + Self.escape + "J")
        // The clock and the way out go first when the window is too narrow for them.
        let tail = "  ·  \(TimeText.stamp(now))  ·  Ctrl-C to stop"
        let plain = DisplayWidth.of(Self.countdown(report, now: now, Style(enabled: false)) + tail)
        c.out.line(Self.countdown(report, now: now, s) + (c.width.map { plain <= $0 } ?? true ? s.dim(tail) : ""))
        if let problem {
            for line in wrapped("cannot read the store, showing what it said before: " + TerminalText.line(problem)) {
                c.out.line(s.yellow(line))
            }
        }
        c.out.line("")
        if let hint = Status.render(report, now: now, c) {
            for line in wrapped("hint: \(TerminalText.line(hint))") { c.out.line(s.dim(line)) }
        }
        try? c.out.flush()
    }

    /// `text` in lines that fit the window.
    private func wrapped(_ text: String) -> [String] {
        c.width.map { TextWrap.lines(text, width: $0) } ?? [text]
    }

    /// The headline: how long until the check-in is due, or since it was,
    /// and how many dependents need you.
    private static func countdown(_ report: StatusReport, now: Date, _ s: Style) -> String {
        let needing = report.dependentsNeedingAttention.count
        return ownState(report, now: now, s) + (needing == 0 ? "" : "  ·  " + s.red("\(needing) need\(needing == 1 ? "s" : "") you"))
    }

    private static func ownState(_ report: StatusReport, now: Date, _ s: Style) -> String {
        let account = report.account
        func span(_ date: Date) -> String { DurationText.format(seconds: abs(WholeSeconds.of(date.timeIntervalSince(now))), maxUnits: 4) }
        if account.isAlertActive { return s.red("ALERT ACTIVE") }
        if report.onlyWatches { return "You watch over others" }
        if let until = report.pausedUntil { return s.yellow("Paused") + " for \(span(until)) more" }
        guard let due = account.nextCheckInDue else { return "Not started: check in once to start the timer" }
        if report.overdue { return s.red("OVERDUE") + " by \(span(due))" }
        return s.bold("Check in within \(span(due))")
    }

    /// Leaves the alternate screen and shows the cursor again.
    private func restore() {
        c.out.write(Self.escape + "?25h" + Self.escape + "?1049l")
        try? c.out.flush()
    }
}

/// Why `status --watch` does not start.
enum StatusWatchRefusal: UserFacingError {
    case notATerminal
    case dumbTerminal
    case json

    var kind: FailureKind { .usage }

    var message: String {
        switch self {
        case .notATerminal: "status --watch needs a terminal: standard output is not one"
        case .dumbTerminal: "status --watch needs a terminal that can redraw, and TERM is dumb"
        case .json: "status --watch draws for a person and has no JSON form"
        }
    }

    var hint: String? {
        switch self {
        case .notATerminal, .dumbTerminal: "lifesignal status, once; or status --check in a loop"
        case .json: "lifesignal status --json, as often as needed"
        }
    }
}
