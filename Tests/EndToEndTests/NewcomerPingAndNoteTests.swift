import Foundation
import Testing
import TestSupport

/// A ping answered by its sender's name, listed with headers and its
/// answer-by time, its sender named in `status`; a note read from standard
/// input or written in an editor.
@Suite(.ownThreads) struct NewcomerPingAndNoteTests {
    @Test func aPingIsAnsweredByNameAndItsSenderIsNamed() throws {
        let sandbox = Sandbox("ping-by-name")
        let (ada, bob) = try newcomerPair(sandbox)
        try #require(try ada.run(["ping", "Bob", "--within", "1h"]).succeeded)
        try #require(try bob.run(["tick"]).succeeded)
        let status = try bob.run("status")
        #expect(status.stdout.contains("1 pending, from Ada L\n"), "\(status)")
        #expect(status.stderr.contains("hint: lifesignal ping respond 'Ada L'"), "\(status)")
        let list = try bob.run(["ping", "list"])
        #expect(list.stdout.contains("  ID        FROM   SENT                         STATUS\n"), "\(list)")
        #expect(list.stdout.contains("pending, answer by Sun 01 Mar 10:00 (in 1h)"), "\(list)")
        #expect(try ada.run(["ping", "list"]).stdout.contains("  ID        TO     SENT"))

        let nobody = try bob.run(["ping", "respond", "Zed"])
        #expect(nobody.status == 4 && nobody.stderr.contains("no one of that name is waiting for your answer"), "\(nobody)")
        let answered = try bob.run(["ping", "respond", "ada"])
        #expect(answered.status == 0 && answered.stdout.hasPrefix("Answered 1 ping and checked in."), "\(answered)")
        #expect(try bob.run(["status", "--json"]).object()["pendingPings"] as? Int == 0)
        #expect(try ada.run(["ping", "list"]).stdout.contains("responded just now"))
    }

    @Test func aNoteComesFromStandardInput() throws {
        let sandbox = Sandbox("note-stdin")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let note = "Insulin in the fridge.\nKey with the neighbour at No. 7.\n"
        let set = try ada.run(["profile", "set", "--note", "-"], input: note)
        #expect(set.status == 0, "\(set)")
        #expect(try ada.run(["profile", "--json"]).object()["emergencyNote"] as? String
                == "Insulin in the fridge.\nKey with the neighbour at No. 7.")
        let tooLong = try ada.run(["profile", "set", "--note", "-"], input: String(repeating: "x", count: 20_000))
        #expect(tooLong.status == 5 && tooLong.stderr.contains("standard input holds more than an emergency note"), "\(tooLong)")
    }

    /// The editor (a script standing for one) gets a private file holding
    /// the note; what it leaves becomes the note; a failing editor changes
    /// nothing; the file is gone afterwards.
    @Test func aNoteIsEditedInTheEditor() throws {
        let sandbox = Sandbox("note-editor")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try #require(try ada.run(["profile", "set", "--note", "Insulin in the fridge."]).succeeded)
        let seen = sandbox.root.appendingPathComponent("seen")
        let editor = sandbox.root.appendingPathComponent("editor")
        try """
            #!/bin/sh
            stat -c %a "$1" > '\(seen.path)'
            cat "$1" >> '\(seen.path)'
            echo "$1" >> '\(seen.path)'
            printf 'Insulin in the fridge.\\nSpare key at No. 7.\\n' > "$1"
            """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let tmp = sandbox.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let environment = ["VISUAL": editor.path, "EDITOR": "false", "TMPDIR": tmp.path]

        let edited = try ada.run(["profile", "edit-note"], extra: environment)
        #expect(edited.status == 0 && edited.stdout == "Emergency note saved.\n", "\(edited)")
        let lines = try String(contentsOf: seen, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "600" && lines.dropFirst().first == "Insulin in the fridge.", "\(lines)")
        #expect(try ada.run(["profile", "--json"]).object()["emergencyNote"] as? String
                == "Insulin in the fridge.\nSpare key at No. 7.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)

        let failed = try ada.run(["profile", "edit-note"], extra: ["VISUAL": "", "EDITOR": "false", "TMPDIR": tmp.path])
        #expect(failed.status == 5 && failed.stderr.contains("the editor exited with status 1; your note is unchanged"), "\(failed)")
        let unchanged = try ada.run(["profile", "edit-note"], extra: ["VISUAL": "true", "TMPDIR": tmp.path])
        #expect(unchanged.stdout == "Note unchanged.\n", "\(unchanged)")
        #expect(try ada.run(["profile", "--json"]).object()["emergencyNote"] as? String
                == "Insulin in the fridge.\nSpare key at No. 7.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    }

    /// A contact is found by their national number, read in the viewer's
    /// own country (+1 here; +44 drops the trunk 0); another country's
    /// national number finds nobody.
    @Test func aContactIsFoundByANationalNumber() throws {
        let sandbox = Sandbox("national-number")
        let (ada, _) = try newcomerPair(sandbox)
        for typed in ["555-000-0002", "(555) 000 0002", "5550000002"] {
            let shown = try ada.run(["contacts", "show", typed, "--json"])
            #expect(shown.status == 0 && shown.jsonObject?["phoneNumber"] as? String == "+15550000002", "\(typed): \(shown)")
        }
        let ian = sandbox.person("ian"), jo = sandbox.person("jo")
        try ian.signUp(phone: "+447911123456", first: "Ian", last: "W")
        try jo.signUp(phone: "+447700900123", first: "Jo", last: "K")
        try #require(try ian.run(["contacts", "add", try jo.qrCode(), "--dependent"]).succeeded)
        let uk = try ian.run(["contacts", "show", "07700 900123", "--json"])
        #expect(uk.status == 0 && uk.jsonObject?["firstName"] as? String == "Jo", "\(uk)")
        #expect(try ada.run(["contacts", "show", "07700 900123"]).status == 4, "Ada is on +1: no such contact")
    }
}
