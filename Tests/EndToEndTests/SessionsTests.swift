import Foundation
import Testing
import TestSupport

/// Inside a shared store anyone can sign in as anyone (the code goes to
/// the requester's own sms-command): the account's owner sees it happen,
/// sees where, and ends it. Sessions expire after 90 days unused, and use
/// is written down at most once a day.
@Suite(.serialized, .ownThreads) struct SessionsTests {
    /// This machine's host name, as lifesignal records it.
    static let machine: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// Where `person` signs in, as a session names it: Unix user and host,
    /// and the state directory that tells two people of one machine apart
    /// (no terminal or SSH client here).
    static func place(_ person: Person) -> String {
        let user = getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? ""
        return "\(user)@\(machine), state \(person.stateDirectory.path)"
    }

    /// Ada, and Mallory who shares her store and signs in to Ada's account
    /// with a code from her own terminal.
    func intrusion() throws -> (Sandbox, Person, Person) {
        let sandbox = Sandbox("sessions")
        let ada = sandbox.person("ada"), mallory = sandbox.person("mallory")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        sandbox.setNow("2026-03-01T10:00:00Z", for: [ada, mallory])
        let sent = try mallory.run(["login", "--phone", "+15550000001", "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        #expect(try mallory.run(["login", "--phone", "+15550000001", "--code", code]).succeeded)
        return (sandbox, ada, mallory)
    }

    @Test func aSignInAsSomeoneElseIsSeenListedAndEnded() throws {
        let (_, ada, mallory) = try intrusion()
        let feed = try ada.run(["notifications", "--type", "sign-ins", "--json"]).array()
        #expect(feed.count == 1 && feed.first?["type"] as? String == "signIn", "\(feed)")
        #expect(feed.first?["title"] as? String == "New sign-in on \(Self.place(mallory))", "\(feed)")
        let listed = try ada.run(["notifications"], extra: ["COLUMNS": "300"])
        #expect(listed.stdout.contains("sign-in  New sign-in on \(Self.place(mallory))"), "\(listed.stdout)")

        let sessions = try ada.run(["sessions", "--json"]).array()
        #expect(sessions.count == 2, "\(sessions)")
        #expect(sessions.map { $0["isCurrent"] as? Bool } == [true, false], "\(sessions)")
        #expect(sessions.map { $0["machine"] as? String } == [Self.place(ada), Self.place(mallory)], "\(sessions)")
        for key in ["id", "machine", "createdAt", "lastUsedAt", "expiresAt", "isCurrent"] {
            #expect(sessions.allSatisfy { $0.keys.contains(key) }, "no \(key) in \(sessions)")
        }
        let human = try ada.run(["sessions"])
        #expect(human.status == 0 && human.stdout.hasPrefix("ID "), "\(human)")
        #expect(human.stdout.contains("(this session)") && human.stderr.contains("sessions end"), "\(human)")

        let theirs = try #require(sessions.last?["id"] as? String)
        let ended = try ada.run(["sessions", "end", String(theirs.prefix(8))])
        #expect(ended.status == 0 && ended.stdout.contains("Ended session \(theirs.prefix(8))"), "\(ended)")
        let locked = try mallory.run(["status"])
        #expect(locked.status == 3 && locked.stderr.contains("your session has ended"), "\(locked)")
        #expect(try ada.run(["status"]).status == 0, "Ada's own session goes on")
    }

    /// Signing in to another account where one is signed in says whose
    /// session ended: the switch is never silent.
    @Test func signingInAsAnotherAccountSaysWhoWasSignedOut() throws {
        let sandbox = Sandbox("switch")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        let sent = try ada.run(["login", "--phone", "+15550000002", "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        let switched = try ada.run(["login", "--phone", "+15550000002", "--code", code, "--first-name", "Ben", "--last-name", "B"])
        #expect(switched.stdout.hasPrefix("Signed out Ada Lovelace.\nWelcome! Signed in as Ben B.\n"), "\(switched)")
        let again = try ada.run(["login", "--phone", "+15550000002", "--json"])
        let second = try #require(again.jsonObject?["code"] as? String, "\(again)")
        let same = try ada.run(["login", "--phone", "+15550000002", "--code", second], extra: ["LIFESIGNAL_NOW": "2026-03-01T09:01:00Z"])
        #expect(same.stdout.hasPrefix("Signed in as Ben B.\n"), "the same account again signs nobody out: \(same)")
    }

    @Test func endingTheOthersAndThenThisOne() throws {
        let (_, ada, mallory) = try intrusion()
        let others = try ada.run(["sessions", "end", "--others", "--json"]).object()
        #expect((others["ended"] as? [Any])?.count == 1 && others["signedOut"] as? Bool == false, "\(others)")
        #expect(try mallory.run(["status"]).status == 3)
        let none = try ada.run(["sessions", "end", "--others"])
        #expect(none.stdout == "No other sessions.\n", "\(none)")
        let mine = try #require(try ada.run(["sessions", "--json"]).array().first?["id"] as? String)
        let out = try ada.run(["sessions", "end", mine])
        #expect(out.stdout == "Ended this session; you are signed out here.\n", "\(out)")
        #expect(try ada.run(["status"]).status == 3)
        let usage = try ada.run(["sessions", "end"])
        #expect(usage.status == 2, "\(usage)")
    }

    /// The session's record, as the store keeps it.
    func record(_ sandbox: Sandbox) throws -> [String: Data?] {
        try sandbox.storeContents().filter { $0.key.hasPrefix("sessions/") }
    }

    @Test func unusedForNinetyDaysASessionExpiresAndUseRenewsItAtMostOnceADay() throws {
        let sandbox = Sandbox("expiry")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        let signedIn = try record(sandbox)
        sandbox.setNow("2026-03-01T20:00:00Z", for: [ada])
        #expect(try ada.run(["status"]).status == 0)
        #expect(try record(sandbox) == signedIn, "a reading command wrote within the day")
        sandbox.setNow("2026-05-29T08:00:00Z", for: [ada])  // day 89
        #expect(try ada.run(["status"]).status == 0)
        #expect(try record(sandbox) != signedIn, "a use after a day was not written down")
        sandbox.setNow("2026-08-26T08:00:00Z", for: [ada])  // 89 days after that use
        #expect(try ada.run(["status"]).status == 0, "the renewed session expired")
        sandbox.setNow("2026-11-25T08:00:00Z", for: [ada])  // 91 days unused
        let expired = try ada.run(["status"])
        #expect(expired.status == 3 && expired.stderr.contains("went unused for 90 days"), "\(expired)")
    }

    /// Whoever signed in as Ada cannot erase the trace: the sign-in notice
    /// cannot be deleted from their session (by ID or with --all), nor from
    /// a second one they open, and once they sign out Ada's `sessions` still
    /// lists their session, ended, for 30 days. Ada's own, older session
    /// may delete the notice.
    @Test func whoeverSignedInAsYouCannotEraseTheTrace() throws {
        let (sandbox, ada, mallory) = try intrusion()
        let notices = try mallory.run(["notifications", "--type", "sign-ins", "--json"]).array()
        let notice = try #require(notices.first?["id"] as? String, "\(notices)")
        let byID = try mallory.run(["notifications", "delete", notice])
        #expect(byID.status == 5 && byID.stderr.contains("a sign-in notice can be deleted only from a session that began before"),
                "\(byID)")
        let all = try mallory.run(["notifications", "delete", "--all", "--yes", "--json"]).object()
        #expect(all["keptSignIns"] as? Int == 1, "\(all)")
        // A second sign-in, on another machine: neither session may delete the first notice.
        sandbox.setNow("2026-03-01T10:05:00Z", for: [ada, mallory])
        let again = sandbox.person("mallory2", now: "2026-03-01T10:05:00Z")
        let code = try #require(try again.run(["login", "--phone", "+15550000001", "--json"]).jsonObject?["code"] as? String)
        #expect(try again.run(["login", "--phone", "+15550000001", "--code", code]).succeeded)
        #expect(try again.run(["notifications", "delete", notice]).status == 5)
        #expect(try again.run(["notifications", "delete", "--all", "--yes"]).succeeded)
        // The first session may delete the second's notice, but the first's stays.
        let second = try mallory.run(["notifications", "delete", "--all", "--yes", "--json"]).object()
        #expect(second["keptSignIns"] as? Int == 1, "\(second)")
        #expect(try mallory.run(["checkin"]).succeeded)
        #expect(try mallory.run(["logout"]).succeeded)
        #expect(try again.run(["logout"]).succeeded)

        let left = try ada.run(["notifications", "--type", "sign-ins", "--json"]).array()
        #expect(left.map { $0["id"] as? String } == [notice], "\(left)")
        let sessions = try ada.run(["sessions", "--json"]).array()
        #expect(sessions.count == 3, "\(sessions)")
        #expect(sessions.filter { $0["endedAt"] is String }.count == 2, "\(sessions)")
        #expect(sessions.first?["isCurrent"] as? Bool == true && sessions.first?["endedAt"] is NSNull, "\(sessions)")
        let human = try ada.run(["sessions"])
        #expect(human.stdout.components(separatedBy: "ended just now").count == 3, "\(human)")
        #expect(try ada.run(["notifications", "delete", notice]).succeeded, "Ada's older session may delete it")

        sandbox.setNow("2026-03-31T10:04:00Z", for: [ada])
        #expect(try ada.run(["sessions", "--json"]).array().count == 3, "ended sessions went before 30 days")
        sandbox.setNow("2026-03-31T10:06:00Z", for: [ada])
        #expect(try ada.run(["sessions", "--json"]).array().count == 1, "ended sessions stayed past 30 days")
    }

    /// A sign-in notice reaches the notify command whatever the preferences say.
    @Test func aSignInNoticeIsAlwaysDelivered() throws {
        let (sandbox, ada, _) = try intrusion()
        let dump = sandbox.root.appendingPathComponent("delivered").path
        for key in ["alerts", "pings", "check-ins", "contacts"] {
            #expect(try ada.run(["settings", "set", key, "off"]).succeeded)
        }
        #expect(try ada.run(["settings", "set", "notify-command", "printf '%s\\n' \"$LIFESIGNAL_NOTIFICATION_TYPE\" >> '\(dump)'"])
                .succeeded)
        #expect(try ada.run(["tick"]).succeeded)
        #expect(try String(contentsOfFile: dump, encoding: .utf8) == "signIn\n")
    }
}
