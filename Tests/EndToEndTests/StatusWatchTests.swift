import Foundation
import Testing
import TestSupport

/// `status --watch` on a real terminal: it draws, redraws at once when
/// another process changes the store, restores the terminal on Ctrl-C,
/// and refuses where there is no terminal.
@Suite(.serialized, .ownThreads) struct StatusWatchTests {
    static let stores: [TestStore.Kind] = [.directory] + (TestStore.etcdAvailable ? [.etcd] : [])
    /// The alternate screen and the hidden cursor, and their undoing.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l", leave = "\u{1B}[?25h\u{1B}[?1049l"

    @Test(arguments: stores) func drawsRedrawsOnAChangeElsewhereAndRestoresOnCtrlC(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("status-watch", storeKind: kind)
        sandbox.now = ""  // the real clock, as the watcher runs on it
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try ada.linkBothWays(with: bob)
        let watching = try Terminal(ada, ["status", "--watch"], controlling: true)
        try watching.expect(Self.enter)
        try watching.expect("Not started: check in once to start the timer")
        try watching.expect("Ctrl-C to stop")
        try watching.expect("Pings     none pending")

        // Another process checks in, then pings: each shows without waiting for the minute's re-read.
        #expect(try ada.run("checkin").succeeded)
        try watching.expect("Check in within 23h 59m 5", timeout: 8)
        #expect(try bob.run(["ping", "Ada"]).succeeded)
        try watching.expect("1 pending, from Bob O", timeout: 8)
        // The countdown moves every second without any change in the store.
        let start = Date()
        while Date().timeIntervalSince(start) < 2.5 { try watching.expect("Ctrl-C to stop") }  // two ticks of the clock, by nature
        let countdowns = Set(watching.screen.components(separatedBy: "Check in within ").dropFirst()
            .map { $0.components(separatedBy: "  ·").first ?? "" })
        #expect(countdowns.count >= 3, "\(countdowns)")

        // Bob, watching too, sees Ada's alert at once, in the headline as well.
        let bobWatching = try Terminal(bob, ["status", "--watch"], controlling: true)
        try bobWatching.expect("Ctrl-C to stop")
        #expect(try ada.run(["alert", "on", "--yes"]).succeeded)
        try bobWatching.expect("  ·  1 needs you", timeout: 8)
        try bobWatching.expect("Ada L  +15550000001  ALERT since")
        bobWatching.interrupt()
        #expect(try bobWatching.finish() == 0, "\(bobWatching.screen)")
        try watching.expect("ALERT ACTIVE", timeout: 8)

        watching.interrupt()
        #expect(try watching.finish() == 0, "\(watching.screen)")
        let after = try #require(watching.screen.components(separatedBy: Self.leave).last, "no restore: \(watching.screen)")
        #expect(watching.screen.components(separatedBy: Self.leave).count == 2, "\(watching.screen)")
        // The last status stays on the normal screen, as plain `status` prints it.
        #expect(after.contains("Ada L (+15550000001)") && after.contains("1 pending, from Bob O")
                && after.contains("Alert      ACTIVE since"), "\(after)")
        #expect(after.contains("\nhint: "), "\(after)")
        #expect(!after.contains("\u{1B}["), "\(after.debugDescription)")
    }

    @Test func sigtermRestoresTheTerminalToo() throws {
        let sandbox = Sandbox("status-watch-term")
        sandbox.now = ""
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let watching = try Terminal(ada, ["status", "--watch"])
        try watching.expect("Ctrl-C to stop")
        watching.terminate()
        #expect(try watching.finish() == 0, "\(watching.screen)")
        #expect(watching.screen.contains(Self.leave), "\(watching.screen.debugDescription)")
    }

    @Test func refusesWithoutATerminalAndBesideCheckOrJSON() throws {
        let sandbox = Sandbox("status-watch-refused")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let piped = try ada.run(["status", "--watch"])
        #expect(piped.status == 2 && piped.stdout.isEmpty, "\(piped)")
        #expect(piped.stderr.hasPrefix("error: status --watch needs a terminal: standard output is not one\n"), "\(piped)")
        let json = try ada.run(["status", "--watch", "--json"])
        #expect(json.status == 2 && json.stdout.isEmpty, "\(json)")
        let both = try ada.run(["status", "--watch", "--check"])
        #expect(both.status == 2 && both.stderr.hasPrefix("error: '--check' cannot be used with '--watch'\n"), "\(both)")
        let dumb = try Terminal(ada, ["status", "--watch"], extra: ["TERM": "dumb"])
        try dumb.expect("error: status --watch needs a terminal that can redraw, and TERM is dumb")
        #expect(try dumb.finish() == 2, "\(dumb.screen)")
        #expect(!dumb.screen.contains("\u{1B}["), "\(dumb.screen.debugDescription)")
    }
}
