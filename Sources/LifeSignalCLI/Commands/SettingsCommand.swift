import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// The four notification switches live with the account in the store; the
/// external commands are local to this machine.
extension Settings: RunnableCommand {
    /// Shows every setting.
    func run(_ c: Context) throws -> Int32 {
        let (preferences, timeZone) = try c.reading { _, account in (account.preferences, account.timeZone) }
        let local = try c.localSettings().load()
        if c.json {
            c.printJSON(JSONViews.settings(preferences, local, timeZone: timeZone))
            return success
        }
        // The switches with what each covers, then this machine's commands
        // and files (whose long values would push the covers aside).
        var switches = TextTable(columns: [.fixed, .fixed, .flexible])
        var locals = TextTable(columns: [.fixed, .flexible])
        for key in SettingKey.allCases {
            let value = SettingText.value(of: key, preferences, local, timeZone: timeZone).map(TerminalText.line) ?? "(not set)"
            if let governs = key.governs { switches.add([key.rawValue, value, governs]) } else { locals.add([key.rawValue, value]) }
        }
        c.print(switches)
        c.sayWrapped(SettingText.alarmsAlwaysGo)
        c.say("")
        c.print(locals)
        return success
    }
}

extension SettingsGet: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let local = try c.localSettings().load()
        let (preferences, timeZone) = key.isAccountWide
            ? try c.reading { _, account in (account.preferences, account.timeZone) } : (NotificationPreferences(), nil)
        let current = SettingText.value(of: key, preferences, local, timeZone: timeZone)
        if c.json {
            c.printJSON(.object([(key.rawValue, key.isSwitch ? .bool(current == "on") : .optional(current))]))
        } else {
            c.out.line(TerminalText.line(current ?? ""))
        }
        return success
    }
}

extension SettingsSet: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        switch change {
        case .toggle(let key, let on):
            try c.writing { store, account in
                var account = account
                var preferences = account.preferences
                switch key {
                case .alerts: preferences.alerts = on
                case .pings: preferences.pings = on
                case .checkIns: preferences.checkIns = on
                case .dependentNews: preferences.dependentNews = on
                case .contacts, .notifyCommand, .smsCommand, .etcdCACert, .etcdCert, .etcdKey, .timeZone: preferences.contacts = on
                }
                try AccountService(store: store, env: try c.core()).setPreferences(&account, preferences)
            }
            if c.json { c.printJSON(.object([(key.rawValue, .bool(on))])) } else {
                c.say("\(key.rawValue) \(on ? "on" : "off"): your notify-command \(on ? "gets" : "no longer gets") "
                      + "\(key.governs ?? key.rawValue). " + SettingText.alarmsAlwaysGo)
            }
            // Said even with --json or --quiet: something about the people
            // you watch no longer reaches you.
            if !on, let muted = SettingText.mutedAboutDependents(key) {
                c.err.line("warning: with \(key.rawValue) off, your notify-command no longer gets \(muted)")
            }
        case .command(let key, let command):
            let file = try c.localSettings()
            var local = try file.load()
            if key == .notifyCommand {
                // Deliver only what arrives from now on; a changed command
                // still owes what the previous one had not taken.
                if command == nil {
                    local.notifyCommandSince = nil
                } else if local.notifyCommand == nil {
                    local.notifyCommandSince = try Self.settingTime(c)
                }
                local.notifyCommand = command
                // The store learns first (those you watch over see whether an
                // alarm reaches you at once); a store that cannot be told
                // leaves the setting as it was.
                if try c.isSignedIn() {
                    let since = command == nil ? nil : try local.notifyCommandSince ?? c.now()
                    try PresenceRecords(context: c).notifyCommandChanged(since: since)
                }
            } else {
                local.smsCommand = command
            }
            try file.save(local)
            if c.json { c.printJSON(.object([(key.rawValue, .optional(command))])) } else {
                // No full stop after the value: it would read as part of a command or URL.
                c.say(command.map { "\(key.rawValue) set to: \(TerminalText.line($0))" } ?? "\(key.rawValue) cleared.")
            }
        case .timeZone(let text):
            let name = try MachineZone.known(text, c)
            try c.writing { store, account in
                var account = account
                try AccountService(store: store, env: try c.core()).setTimeZone(&account, name)
            }
            if c.json { c.printJSON(.object([(SettingKey.timeZone.rawValue, .string(name.rawValue))])) } else {
                c.say("time-zone set to \(name.rawValue).")
            }
        case .file(let key, let typed):
            let path = try typed.map { try Self.readableFile($0, c) }
            let file = try c.localSettings()
            var local = try file.load()
            switch key {
            case .etcdCACert: local.etcdCACert = path
            case .etcdCert: local.etcdCert = path
            default: local.etcdKey = path
            }
            try file.save(local)
            if c.json { c.printJSON(.object([(key.rawValue, .optional(path))])) } else {
                c.say(path.map { "\(key.rawValue) set to: \(TerminalText.line($0))" } ?? "\(key.rawValue) cleared.")
            }
        }
        return success
    }

    /// `typed` as an absolute path, once it names a file this user can read.
    static func readableFile(_ typed: String, _ c: Context) throws -> String {
        let path = typed.hasPrefix("/") ? typed : c.env.workingDirectory + "/" + typed
        guard PEMFile.isReadable(path, fileSystem: c.env.fileSystem) else {
            throw LifeSignalError.invalid("\(quoted(typed)) is not a PEM file you can read (a certificate or key, -----BEGIN ...)")
        }
        return path
    }
}

extension SettingsSet {
    /// "Now" for a local setting: a simulated clock must be one the store
    /// accepts, or items would be held back from a time that never comes.
    static func settingTime(_ c: Context) throws -> Date {
        if c.clockKind == .simulated { _ = try c.storeIdentity() }
        return try c.now()
    }
}

/// How settings read.
enum SettingText {
    /// What no switch holds back.
    static let alarmsAlwaysGo = "Missed check-ins and alerts of the people you watch always reach your notify-command."

    /// What turning `key` off still mutes about the people you watch (never
    /// an alarm); nil when it mutes only what is about yourself.
    static func mutedAboutDependents(_ key: SettingKey) -> String? {
        switch key {
        case .pings: "the answers of the people you watch to your pings"
        case .contacts: "role changes and removals by the people you watch"
        case .dependentNews: "the news about the people you watch (safe again, pauses, schedule changes, alerts cancelled, "
            + "who is handling them)"
        case .alerts, .checkIns, .notifyCommand, .smsCommand, .etcdCACert, .etcdCert, .etcdKey, .timeZone: nil
        }
    }

    /// `key`'s value as shown; nil when it is not set. `timeZone` is the account's.
    static func value(of key: SettingKey, _ p: NotificationPreferences, _ local: LocalSettings, timeZone: String?) -> String? {
        func onOff(_ flag: Bool) -> String { flag ? "on" : "off" }
        switch key {
        case .alerts: return onOff(p.alerts)
        case .pings: return onOff(p.pings)
        case .checkIns: return onOff(p.checkIns)
        case .contacts: return onOff(p.contacts)
        case .dependentNews: return onOff(p.dependentNews)
        case .notifyCommand: return local.notifyCommand
        case .smsCommand: return local.smsCommand
        case .etcdCACert: return local.etcdCACert
        case .etcdCert: return local.etcdCert
        case .etcdKey: return local.etcdKey
        case .timeZone: return timeZone
        }
    }
}
