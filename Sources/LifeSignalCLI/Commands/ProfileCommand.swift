import FoundationEssentials
import LifeSignalCore

/// `profile` and `profile set`.
enum ProfileCommand {
    static func show(_ c: Context) throws -> Int32 {
        let now = try c.now()
        let account = try c.reading { _, account in account }
        if c.json {
            c.printJSON(JSONViews.profile(account))
            return success
        }
        var rows = Columns()
        rows.add("Name", account.needsOnboarding ? "(not set)" : account.fullName)
        rows.add("Phone", account.phoneNumber)
        rows.add("QR code ID", account.qrCodeID)
        rows.add("Check-in", "every \(DurationText.format(seconds: account.checkInInterval)), reminder "
                 + "\(DurationText.format(seconds: account.reminderInterval)) before")
        rows.add("Last check-in", TimeText.both(account.lastCheckIn, now: now, none: "never"))
        rows.add("Emergency note", account.emergencyNote.isEmpty ? "(none)" : account.emergencyNote)
        rows.lines().forEach { c.out.line($0) }
        if account.needsOnboarding { c.hint("lifesignal profile set --first-name NAME --last-name NAME") }
        return success
    }

    static func set(_ c: Context) throws -> Int32 {
        let first = c.parsed.string("first-name"), last = c.parsed.string("last-name"), note = c.parsed.string("note")
        guard first != nil || last != nil || note != nil else {
            throw LifeSignalError.invalid("nothing to change: give --first-name, --last-name or --note")
        }
        let account = try c.writing { store, account in
            try AccountService(store: store, env: try c.core()).updateProfile(&account, firstName: first, lastName: last, note: note)
            return account
        }
        if c.json { c.printJSON(JSONViews.profile(account)) } else { c.say("Profile updated.") }
        return success
    }
}
