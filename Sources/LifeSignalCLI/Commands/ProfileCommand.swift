import FoundationEssentials
import LifeSignalCore

extension Profile: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let account = try c.reading { _, account in account }
        if c.json {
            c.printJSON(JSONViews.profile(account))
            return success
        }
        var table = TextTable(columns: [.fixed, .flexible])
        table.add(["Name", account.needsOnboarding ? "(not set)" : TerminalText.line(account.fullName)])
        table.add(["Phone", account.phoneNumber])
        table.add(["QR code ID", account.qrCodeID])
        table.add(["Check-in", "every \(DurationText.format(seconds: account.checkInInterval)), reminder "
                   + "\(DurationText.format(seconds: account.reminderInterval)) before"])
        table.add(["Last check-in", TimeText.both(account.lastCheckIn, now: now, none: "never")])
        table.add(["Emergency note", account.emergencyNote.isEmpty ? "(none)" : TerminalText.block(account.emergencyNote)])
        c.print(table)
        if account.needsOnboarding { c.hint("lifesignal profile set --first-name NAME --last-name NAME") }
        return success
    }
}

extension ProfileSet: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let account = try c.writing { store, account in
            try AccountService(store: store, env: try c.core())
                .updateProfile(&account, firstName: firstName, lastName: lastName, note: note)
            return account
        }
        if c.json { c.printJSON(JSONViews.profile(account)) } else { c.say("Profile updated.") }
        return success
    }
}
