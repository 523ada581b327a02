import Foundation
import Testing
import TestSupport

/// A file refused as planted is contained like a damaged one (issue 27,
/// item 2): refusing to use it is right, but it costs only what needs it.
/// For each kind of file an account has of its own, refused each way a
/// planted file is (open to others, another user's, a symbolic link), and
/// for the account's feed directory and whole directory replaced by links:
/// - everyone else keeps working and being watched;
/// - the account's responders are told exactly once (it missed its
///   check-in, or it cannot be watched);
/// - the account's own command that needs the file fails with exit 8
///   naming it, and `doctor` lists it as unsafe;
/// - an alert reaches every responder whose files are usable and names
///   the one it could not reach.
@Suite(.serialized, .ownThreads) struct RefusalContainmentTests {
    /// One way to make a file (or directory) refused; nil when it needs root.
    struct Refusal: Sendable, CustomStringConvertible {
        let description: String
        let plant: @Sendable (_ path: String, _ aside: String) throws -> Void

        static let openToOthers = Refusal(description: "mode 0644") { path, _ in
            guard chmod(path, 0o644) == 0 else { throw HarnessFailure("chmod \(path)") }
        }
        static let foreignOwner = Refusal(description: "another user's") { path, _ in
            guard chown(path, 54_321, 54_321) == 0 else { throw HarnessFailure("chown \(path)") }
        }
        /// The same bytes, moved aside and linked to: only the link is wrong.
        static let symbolicLink = Refusal(description: "a symbolic link") { path, aside in
            try FileManager.default.moveItem(atPath: path, toPath: aside)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: aside)
        }

        static var all: [Refusal] { geteuid() == 0 ? [openToOthers, foreignOwner, symbolicLink] : [openToOthers, symbolicLink] }
    }

    @Test func oneAccountsRefusedFileStopsNobodyElseAndItsRespondersAreTold() throws {
        let world = try ContainmentWorld()
        let late = ["LIFESIGNAL_NOW": ContainmentWorld.late]
        let account = world.sandbox.store.appendingPathComponent("accounts/\(world.adaID)")
        var cases: [(label: String, path: URL, cannotBeWatched: Bool, command: [String], environment: [String: String])] = []
        for kind in ContainmentWorld.perAccountKinds {
            cases.append((kind.description, try world.file(kind), kind == .account, kind.command(cyCode: ""), kind.environment))
        }
        cases.append(("the feed directory", account.appendingPathComponent("feed"), false, ["notifications"], [:]))
        cases.append(("the account directory", account, true, ["status"], [:]))
        var checked = 0
        for (name, file, cannotBeWatched, command, environment) in cases {
            for refusal in Refusal.all {
                let isDirectory = file.lastPathComponent == "feed" || file == account
                // A directory of another user's that only root could write is
                // still refused; a directory open to others is refused only
                // when others may write it (`FileSafety`).
                if isDirectory, refusal.description == "mode 0644" { continue }
                try world.restore()
                let aside = world.sandbox.root.appendingPathComponent("aside-\(checked)").path
                try refusal.plant(file.path, aside)
                let label = "\(name) \(refusal)"
                checked += 1

                let told = cannotBeWatched ? DamageContainmentTests.cannotBeWatched : DamageContainmentTests.missed
                try world.expectEveryoneElseWatched(label, told: told)

                let own = try world.ada.run(command, extra: environment.isEmpty ? late : environment)
                #expect(own.status == 8 && own.stderr.hasPrefix("error: refusing to use ") && own.stderr.contains(file.path),
                        "\(label): Ada's \(command): \(own)")
                let doctor = try world.ada.run(["doctor", "--json"])
                let findings = doctor.jsonObject?["findings"] as? [[String: Any]] ?? []
                #expect(doctor.status == 8 && findings.contains {
                    $0["severity"] as? String == "unsafe" && $0["path"] as? String == file.path
                }, "\(label): doctor: \(doctor)")
                // Nothing else: what the refused file holds is not taken for missing and reported again.
                #expect(findings.count == 1, "\(label): doctor: \(findings)")
            }
        }
        #expect(checked >= 2 * ContainmentWorld.perAccountKinds.count + 2)
    }

    /// The report that started it: one responder's feed refused made Ada's
    /// alert fail for everyone, and every command of every account fail at
    /// the next deadline.
    @Test(arguments: ["summary.json", "feed"])
    func anAlertReachesEveryResponderItCanWhenOnesFeedIsRefused(_ planted: String) throws {
        for refusal in Refusal.all {
            if planted == "feed", refusal.description == "mode 0644" { continue }
            let world = try ContainmentWorld()
            let dee = world.sandbox.person("dee", now: ContainmentWorld.start)
            try dee.signUp(phone: "+15550000009", first: "Dee")
            let bobID = try world.bob.accountID()
            let feed = world.sandbox.store.appendingPathComponent("accounts/\(bobID)/feed")
            let target = planted == "feed" ? feed : feed.appendingPathComponent(planted)
            try refusal.plant(target.path, world.sandbox.root.appendingPathComponent("aside").path)
            let label = "\(planted) \(refusal)"

            let raised = try world.ada.run(["alert", "on", "--yes"])
            #expect(raised.succeeded && raised.stdout.contains("1 of your 2 responders was told; Bob Test could not be"),
                    "\(label): \(raised)")
            #expect(try world.titles(world.cy).first == "Emergency alert from Ada Test", "\(label)")
            let json = try world.ada.run(["alert", "off", "--json"]).object()
            #expect(json["respondersNotReached"] as? [String] == [bobID], "\(label): \(json)")
            // The doctor names the refused file once, as unsafe, and nothing it hides as damage.
            let findings = try world.ada.run(["doctor", "--json"]).object()["findings"] as? [[String: Any]] ?? []
            #expect(findings.count == 1 && findings.first?["severity"] as? String == "unsafe"
                    && findings.first?["path"] as? String == target.path, "\(label): \(findings)")

            // Past Ada's and Bob's deadlines: nobody else notices.
            for person in [world.cy, world.ada, dee] {
                for arguments in [["status"], ["tick"], ["checkin"]] {
                    let result = try person.run(arguments, extra: ["LIFESIGNAL_NOW": ContainmentWorld.late])
                    #expect(result.succeeded, "\(label): \(person.name) \(arguments): \(result)")
                }
            }
            world.cy.environment["LIFESIGNAL_NOW"] = ContainmentWorld.late
            #expect(try world.titles(world.cy).contains("Bob Test missed a check-in"), "\(label)")
            let own = try world.bob.run(["notifications"], extra: ["LIFESIGNAL_NOW": ContainmentWorld.late])
            #expect(own.status == 8 && own.stderr.contains(target.path), "\(label): \(own)")
        }
    }
}
