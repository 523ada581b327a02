import Foundation
import Testing
import TestSupport
import SystemFiles

/// Every kind of file lifesignal reads, damaged every way we know: the
/// command that reads it exits 7 with one line naming the file's full path
/// and the reason, and nothing in the store or the local files changes.
@Suite(.serialized, .ownThreads) struct DamagedFileTests {
    @Test func everyKindOfFileDamagedEveryWayIsReportedAndLeftAlone() throws {
        let seed = StressKnobs.seed(for: "damaged files")
        var random = SeededGenerator(seed: seed)
        let world = try DamageWorld()
        var checked = 0
        for kind in StoreFileKind.allCases {
            for mutation in Mutation.allCases {
                try world.restore()
                let file = try world.file(kind)
                let damage = kind == .journal
                    ? StoreFileKind.damagedJournal(mutation, using: &random)
                    : mutation.apply(to: [UInt8](try Data(contentsOf: file)), using: &random)
                guard let damaged = damage else { continue }
                try Data(damaged).write(to: file)
                if kind == .journal {
                    // As after a crash: no mark vouches for the journal, so it must be replayed.
                    try Data().write(to: world.storeLock)
                }
                let before = world.snapshot()
                let person = kind == .pendingLogin ? world.sandbox.person("dee", now: DamageWorld.now) : world.ada
                let arguments = kind.command(cyCode: world.cyCode)
                let result = try person.run(arguments, extra: kind.environment, timeout: 20)
                let label = "\(kind) \(mutation) (seed \(seed)), \(arguments.joined(separator: " ")): \(result)"
                checked += 1

                #expect(!result.signalled, "crashed: \(label)")
                if mutation.mayStillParse {
                    #expect([0, 3, 4, 5, 7].contains(result.status), "undocumented exit: \(label)")
                    if result.status != 7 { continue }
                } else {
                    #expect(result.status == 7, "not reported as damaged: \(label)")
                }
                let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                #expect(first.hasPrefix("error: ") && first.contains(file.path), "the message does not name \(file.path): \(label)")
                let reason = mutation.isTooNew ? "newer lifesignal" : " is damaged: "
                #expect(first.contains(reason), "the message gives no reason: \(label)")
                #expect(result.stderr.split(separator: "\n").count <= 2, "more than an error and a hint: \(label)")
                let changed = DamageWorld.changes(before, world.snapshot())
                #expect(changed.isEmpty, "files changed: \(changed): \(label)")

                // doctor finds the same damage, names the file, and changes nothing either.
                let doctor = try person.run(["doctor", "--json"], timeout: 20)
                let findings = doctor.jsonObject?["findings"] as? [[String: Any]] ?? []
                let found = doctor.status == 7 && findings.contains { ($0["path"] as? String) == file.path }
                #expect(found, "doctor missed \(kind) \(mutation) (seed \(seed)): \(doctor)")
                let afterDoctor = DamageWorld.changes(before, world.snapshot())
                #expect(afterDoctor.isEmpty, "doctor changed files: \(afterDoctor): \(label)")
            }
        }
        #expect(checked > 100)
        print("damaged files: \(checked) damaged files checked (\(StoreFileKind.allCases.count) kinds), seed \(seed)")
    }

    /// Damage in a file nobody reads in a command must not stop the others:
    /// Bob's own files are his; Ada's damaged check-in history does not keep
    /// Bob from checking in.
    @Test func damageIsContainedToTheDataThatNeedsIt() throws {
        let world = try DamageWorld()
        try world.restore()
        try Data("{".utf8).write(to: try world.file(.checkIns))
        let result = try world.bob.run(["checkin"])
        #expect(result.succeeded, "\(result)")
        #expect(try world.ada.run(["checkin", "history"]).status == 7)
    }
}
