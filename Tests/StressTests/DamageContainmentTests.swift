import Foundation
import Testing
import TestSupport

/// One account's damaged file stops nobody else (issue 11, defect 2): for
/// each kind of file an account has of its own, damaged each way
/// `Mutation` knows, once that account's deadline has passed
/// - the others keep working, and keep being watched (Bob's own missed
///   deadline still reaches Cy);
/// - the damaged account's responders are told, exactly once: that it
///   missed its check-in when the rest of its data allows it, else that it
///   cannot be watched;
/// - the damaged account's own command that needs the file fails with exit
///   7 naming it, `doctor` names it, and the file is left exactly as it was.
@Suite(.serialized, .ownThreads) struct DamageContainmentTests {
    static let missed = "Ada Test missed a check-in"
    static let cannotBeWatched = "A dependent of yours cannot be watched"

    @Test func oneAccountsDamagedFileStopsNobodyElseAndItsRespondersAreTold() throws {
        let seed = StressKnobs.seed(for: "damage containment")
        var random = SeededGenerator(seed: seed)
        let world = try ContainmentWorld()
        let late = ["LIFESIGNAL_NOW": ContainmentWorld.late]
        var checked = 0
        for kind in ContainmentWorld.perAccountKinds {
            for mutation in Mutation.allCases {
                try world.restore()
                let file = try world.file(kind)
                guard let damaged = mutation.apply(to: [UInt8](try Data(contentsOf: file)), using: &random) else { continue }
                try Data(damaged).write(to: file)
                let label = "\(kind) \(mutation) (seed \(seed))"
                checked += 1

                // Everyone else works and is watched; Ada's responders are told
                // once what happened, or that nobody can tell, unless the
                // damaged file still parses.
                let told = kind == .account ? Self.cannotBeWatched : Self.missed
                try world.expectEveryoneElseWatched(label, told: mutation.mayStillParse ? nil : told) {
                    guard !mutation.mayStillParse else { return }
                    let bobCheck = try world.bob.run(["status", "--check"])
                    #expect(bobCheck.status == 13, "\(label): Ada does not need Bob? \(bobCheck)")
                }
                if mutation.mayStillParse { continue }

                // Ada's own command that needs the file names it.
                let own = try world.ada.run(kind.command(cyCode: ""), extra: late)
                #expect(own.status == 7 && own.stderr.hasPrefix("error: ") && own.stderr.contains(file.path),
                        "\(label): Ada's \(kind.command(cyCode: "")): \(own)")
                let doctor = try world.ada.run(["doctor", "--json"])
                let findings = doctor.jsonObject?["findings"] as? [[String: Any]] ?? []
                #expect(doctor.status == 7 && findings.contains { ($0["path"] as? String) == file.path },
                        "\(label): doctor: \(doctor)")
                #expect([UInt8](try Data(contentsOf: file)) == damaged, "\(label): the damaged file was changed")
            }
        }
        #expect(checked >= 60)
        print("damage containment: \(checked) damaged files of \(ContainmentWorld.perAccountKinds.count) kinds, seed \(seed)")
    }

    /// A sender's damaged record of their pings does not keep the recipient
    /// from answering: Ada's answer is given and Bob told, his damaged file
    /// left as it is. Once it is put back as it was (showing the ping still
    /// waiting), Bob's next ping is a new one, not "not answered yet".
    @Test func aPingIsAnsweredDespiteItsSendersDamagedRecord() throws {
        let world = try ContainmentWorld()
        let bobPings = world.sandbox.store.appendingPathComponent("accounts/\(try world.bob.accountID())/pings.json")
        let good = try Data(contentsOf: bobPings)
        try Data("garbage{".utf8).write(to: bobPings)
        let answered = try world.ada.run(["ping", "respond"])
        #expect(answered.status == 0, "\(answered)")
        #expect(try Data(contentsOf: bobPings) == Data("garbage{".utf8), "the damaged file was changed")
        #expect(try world.titles(world.bob).first == "Ada Test responded to your ping")
        try good.write(to: bobPings)
        let again = try world.bob.run(["ping", "send", "Ada", "--json"])
        #expect(again.status == 0 && again.jsonObject?["alreadyPending"] == nil, "\(again)")
        #expect(try world.titles(world.ada).filter { $0 == "Bob Test pinged you" }.count == 2)
        // His record has the answer now, beside the new ping.
        let sent = try world.bob.run(["ping", "list", "--json"]).object()["sent"] as? [[String: Any]] ?? []
        #expect(sent.compactMap { $0["status"] as? String }.sorted() == ["pending", "responded"], "\(sent)")
    }

    /// Ada's own damaged file (other than the account itself) never stops
    /// her check-in or her alert: each reaches every responder, and the one
    /// the check-in or alert had to work around is named, with doctor.
    @Test func ownDamagedFilesNeverBlockACheckInOrAnAlert() throws {
        let world = try ContainmentWorld()
        let now = ["LIFESIGNAL_NOW": "2026-03-01T11:00:00Z"]
        for kind in ContainmentWorld.perAccountKinds where kind != .account {
            try world.restore()
            let file = try world.file(kind)
            try Data("garbage{".utf8).write(to: file)
            let checkIn = try world.ada.run(["checkin"], extra: now)
            #expect(checkIn.status == 0, "\(kind): \(checkIn)")
            let raised = try world.ada.run(["alert", "on", "--yes"], extra: now)
            #expect(raised.status == 0 && raised.stdout.contains("Your 2 responders have been told"), "\(kind): \(raised)")
            for responder in [world.bob, world.cy] {
                #expect(try world.titles(responder).first == "Emergency alert from Ada Test", "\(kind): \(responder.name)")
            }
            if [.contacts, .checkIns, .accountWake].contains(kind) {
                let warned = kind == .contacts ? raised : checkIn
                #expect(warned.stderr.contains("warning: part of your account cannot be read (\(file.path) is damaged")
                        && warned.stderr.contains("'lifesignal doctor' names what is damaged"), "\(kind): \(warned)")
            }
            #expect(try world.ada.run(["profile", "--json"], extra: now).object()["lastCheckIn"] as? String
                    == "2026-03-01T11:00:00Z", "\(kind)")
            #expect(try Data(contentsOf: file) == Data("garbage{".utf8), "\(kind): the damaged file was changed")
        }
    }

    /// Ada's account file restored from a backup: her responders hear she is
    /// watched again at the next look (within the hour), and then what
    /// her deadline says.
    @Test func aRestoredAccountIsWatchedAgainAndItsDeadlineToo() throws {
        let world = try ContainmentWorld()
        let file = try world.file(.account)
        let good = try Data(contentsOf: file)
        try Data("{".utf8).write(to: file)
        #expect(try world.cy.run(["tick"], extra: ["LIFESIGNAL_NOW": ContainmentWorld.late]).succeeded)
        #expect(try world.cy.run(["tick"], extra: ["LIFESIGNAL_NOW": "2026-03-02T11:50:00Z"]).succeeded)
        try good.write(to: file)
        #expect(try world.cy.run(["tick"], extra: ["LIFESIGNAL_NOW": "2026-03-02T12:00:00Z"]).succeeded)
        world.bob.environment["LIFESIGNAL_NOW"] = "2026-03-02T12:00:00Z"
        let titles = try world.titles(world.bob).filter { $0.hasPrefix("Ada Test") || $0 == Self.cannotBeWatched }
        #expect(titles.prefix(3) == [Self.missed, "Ada Test is watched again", Self.cannotBeWatched], "\(titles)")
        #expect(try world.ada.run(["status", "--check"], extra: ["LIFESIGNAL_NOW": "2026-03-02T12:00:00Z"]).status == 10)
    }

    /// Someone who starts watching Ada after her missed deadline is told at
    /// once, though her wake file is damaged: her told miss has no wake of
    /// its own that the news could wait for.
    @Test func aNewResponderIsToldOfAMissedDeadlineDespiteADamagedWakeFile() throws {
        let world = try ContainmentWorld()
        let late = ["LIFESIGNAL_NOW": ContainmentWorld.late]
        let dee = world.sandbox.person("dee", now: ContainmentWorld.late)
        try dee.signUp(phone: "+15550000009", first: "Dee")
        #expect(try world.cy.run(["tick"], extra: late).succeeded)
        let file = try world.file(.accountWake)
        try Data("{".utf8).write(to: file)
        let added = try dee.run(["contacts", "add", try world.ada.qrCode(), "--dependent"])
        #expect(added.succeeded, "\(added)")
        #expect(try world.titles(dee).filter { $0 == Self.missed }.count == 1)
        #expect(try Data(contentsOf: file) == Data("{".utf8))
    }

    /// A responder whose own feed cannot be written is told later, once it
    /// can; the other responder at once.
    @Test func aResponderWhoseFeedIsDamagedIsToldOnceItIsRepaired() throws {
        let world = try ContainmentWorld()
        let bobID = try world.bob.accountID()
        let summary = world.sandbox.store.appendingPathComponent("accounts/\(bobID)/feed/summary.json")
        let good = try Data(contentsOf: summary)
        try Data("[".utf8).write(to: summary)
        #expect(try world.cy.run(["tick"], extra: ["LIFESIGNAL_NOW": ContainmentWorld.late]).succeeded)
        world.cy.environment["LIFESIGNAL_NOW"] = ContainmentWorld.late
        #expect(try world.titles(world.cy).filter { $0 == Self.missed }.count == 1)
        try good.write(to: summary)
        #expect(try world.cy.run(["tick"], extra: ["LIFESIGNAL_NOW": "2026-03-02T11:10:00Z"]).succeeded)
        world.bob.environment["LIFESIGNAL_NOW"] = "2026-03-02T11:10:00Z"
        #expect(try world.titles(world.bob).filter { $0 == Self.missed }.isEmpty, "retried before its time")
        #expect(try world.cy.run(["tick"], extra: ["LIFESIGNAL_NOW": "2026-03-02T11:15:00Z"]).succeeded)
        world.bob.environment["LIFESIGNAL_NOW"] = "2026-03-02T11:20:00Z"
        #expect(try world.titles(world.bob).filter { $0 == Self.missed }.count == 1)
        #expect(try world.cy.run(["tick"], extra: ["LIFESIGNAL_NOW": "2026-03-03T11:15:00Z"]).succeeded)
        #expect(try world.titles(world.bob).filter { $0 == Self.missed }.count == 1)
    }

    /// An alert reaches every responder it can, and the one raising it is
    /// told plainly who it could not reach; the alert is never refused.
    @Test func anAlertReachesEveryResponderItCanAndSaysWhoNot() throws {
        let world = try ContainmentWorld()
        let bobID = try world.bob.accountID()
        try Data("nonsense".utf8).write(to: world.sandbox.store.appendingPathComponent("accounts/\(bobID)/feed/0.json"))
        let raised = try world.ada.run(["alert", "on", "--yes"])
        #expect(raised.succeeded, "\(raised)")
        #expect(raised.stdout.contains("1 of your 2 responders was told; Bob Test could not be"), "\(raised)")
        #expect(try world.titles(world.cy).first == "Emergency alert from Ada Test")
        let json = try world.ada.run(["alert", "off", "--json"]).object()
        #expect(json["respondersTold"] as? Int == 1)
        #expect(json["respondersNotReached"] as? [String] == [bobID])
    }

    /// Bob's and Cy's own commands that list or find contacts work around
    /// Ada's unreadable account; only what needs Ada herself names her file.
    @Test func theirContactCommandsWorkAroundADamagedContact() throws {
        let world = try ContainmentWorld()
        let file = try world.file(.account)
        try Data("{\"schemaVersion\":1,\"data\":{}}".utf8).write(to: file)
        let listed = try world.bob.run(["contacts"])
        #expect(listed.succeeded && listed.stdout.contains("Cy Test") && listed.stdout.contains("cannot be read"), "\(listed)")
        let json = try world.bob.run(["contacts", "--json"]).array()
        let ada = try #require(json.first { $0["id"] as? String == world.adaID }, "\(json)")
        #expect((ada["cannotBeChecked"] as? String)?.contains(file.path) == true)
        #expect(try world.bob.run(["ping", "list"]).succeeded)
        #expect(try world.cy.run(["contacts", "role", "Bob", "--dependent"]).succeeded)
        #expect(try world.cy.run(["ping", "send", "Bob"]).succeeded)
        let direct = try world.bob.run(["ping", "send", String(world.adaID.prefix(8))])
        #expect(direct.status == 7 && direct.stderr.contains(file.path), "\(direct)")
    }
}
