import Foundation
import Testing
import TestSupport

/// What a new user meets first: the hints work as given on a fresh account,
/// a code is taken as people copy it, and a nameless account reads cleanly.
@Suite(.ownThreads) struct NewcomerFirstStepsTests {
    /// The `status` hint that sets up the agent, run as given by `sh` in a
    /// home with no `~/.config` (a `systemctl` stand-in records its words):
    /// it writes the unit where systemd looks for it.
    @Test func theAgentHintWorksOnAFreshHome() throws {
        let sandbox = Sandbox("fresh-hint")
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let bob = sandbox.person("bob")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        try #require(try ada.run("checkin").succeeded)
        let status = try ada.run("status")
        let hint = try #require(status.stderr.split(separator: "\n").first { $0.hasPrefix("hint: ") }, "\(status)")
            .dropFirst("hint: ".count)
        #expect(hint.hasPrefix("mkdir -p ~/.config/systemd/user && "), "\(hint)")

        let bin = sandbox.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("lifesignal").path,
                                                   withDestinationPath: Binary.path)
        let said = sandbox.root.appendingPathComponent("systemctl-words")
        let systemctl = bin.appendingPathComponent("systemctl")
        try "#!/bin/sh\necho \"$*\" > '\(said.path)'\n".write(to: systemctl, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: systemctl.path)
        #expect(!FileManager.default.fileExists(atPath: ada.home.appendingPathComponent(".config").path))

        let ran = try ada.run(["/bin/sh", "-c", String(hint)], extra: ["PATH": bin.path + ":/usr/bin:/bin"], viaShell: true)
        #expect(ran.status == 0, "\(ran)")
        let unit = try String(contentsOf: ada.home.appendingPathComponent(".config/systemd/user/lifesignal.service"),
                              encoding: .utf8)
        #expect(unit.contains("[Service]") && unit.contains("Install and start it:\n#   mkdir -p ~/.config/systemd/user\n"),
                "\(unit)")
        #expect(try String(contentsOf: said, encoding: .utf8) == "--user enable --now lifesignal\n")
    }

    /// A code with the spaces a paste brings, or grouped as it is read out,
    /// signs in as the prompt's answer does.
    @Test(arguments: [" CODE ", "CDE CODE", "CDE-CODE"])
    func aCodeIsTakenAsPeopleCopyIt(_ shape: String) throws {
        let sandbox = Sandbox("code-shape")
        let ada = sandbox.person("ada")
        let phone = "+15550000001"
        let sent = try ada.run(["login", "--phone", phone, "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        let typed = shape.replacing("CDE CODE", with: code.prefix(3) + " " + code.dropFirst(3))
            .replacing("CDE-CODE", with: code.prefix(3) + "-" + code.dropFirst(3)).replacing("CODE", with: code)
        let signed = try ada.run(["login", "--phone", phone, "--code", typed])
        #expect(signed.status == 0 && signed.stdout.contains("Signed in"), "\(typed.debugDescription): \(signed)")
        // Letters are still refused as they were.
        let bad = try ada.run(["login", "--phone", "+15550000002", "--code", "12a456"])
        #expect(bad.status == 5, "\(bad)")
        #expect(bad.stderr.contains("error: the verification code is 6 digits"), "\(bad)")
    }

    /// An account with no name yet is named by its number once, not as
    /// "+15550109999 (+15550109999)".
    @Test func aNamelessAccountShowsItsNumberOnce() throws {
        let sandbox = Sandbox("nameless")
        let ada = sandbox.person("ada")
        let phone = "+15550109999"
        let sent = try ada.run(["login", "--phone", phone, "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        try #require(try ada.run(["login", "--phone", phone, "--code", code]).succeeded)
        let status = try ada.run("status")
        #expect(status.stdout.split(separator: "\n").first == "+15550109999", "\(status)")
        let named = try ada.run(["profile", "set", "--first-name", "Ada"])
        #expect(named.succeeded, "\(named)")
        #expect(try ada.run("status").stdout.split(separator: "\n").first == "Ada (+15550109999)")

        // Half a name is shown as far as it goes, and what is missing said
        // at once: adding a contact needs both.
        #expect(named.stdout.contains("add your last name before adding anyone"), "\(named)")
        #expect(named.stderr.contains("lifesignal profile set --last-name NAME"), "\(named)")
        let profile = try ada.run("profile")
        #expect(profile.stdout.contains("Ada (no last name yet)"), "\(profile)")
        #expect(profile.stderr.contains("lifesignal profile set --last-name NAME"), "\(profile)")
        let complete = try ada.run(["profile", "set", "--last-name", "Lovelace"])
        #expect(complete.stdout == "Profile updated.\n", "\(complete)")
        #expect(try ada.run("profile").stdout.contains("Ada Lovelace"))
    }
}
