import CommandEngine
import FoundationEssentials
import LifeSignalApp
import LifeSignalCore

/// A setting's name as `settings get` and `settings set` take it.
enum SettingKey: String, CaseIterable, Equatable {
    case alerts, pings
    case checkIns = "check-ins"
    case contacts
    case dependentNews = "dependent-news"
    case notifyCommand = "notify-command"
    case smsCommand = "sms-command"
    case etcdCACert = "etcd-cacert"
    case etcdCert = "etcd-cert"
    case etcdKey = "etcd-key"
    case timeZone = "time-zone"
    case quietHours = "quiet-hours"

    /// The notification switches (on/off) live with the account; the
    /// commands and the etcd files are local to this machine.
    var isSwitch: Bool {
        switch self {
        case .alerts, .pings, .checkIns, .contacts, .dependentNews: true
        case .notifyCommand, .smsCommand, .etcdCACert, .etcdCert, .etcdKey, .timeZone, .quietHours: false
        }
    }

    /// Kept with the account in the store (the switches and the time zone),
    /// rather than on this machine.
    var isAccountWide: Bool { isSwitch || self == .timeZone || self == .quietHours }

    /// What a switch hands to the notify-command, in a few words (`settings`
    /// shows them beside the values).
    var governs: String? {
        switch self {
        case .alerts: "news of your own alert (who is handling it)"
        case .pings: "pings you get, and answers to the pings you send"
        case .checkIns: "your own reminders and check-in notices"
        case .contacts: "contacts added or removed, and role changes"
        case .dependentNews: "news about the people you watch: safe again, pauses, schedule changes, alerts cancelled, who is handling them"
        case .notifyCommand, .smsCommand, .etcdCACert, .etcdCert, .etcdKey, .timeZone, .quietHours: nil
        }
    }

    /// The PEM files an `etcds://` store is opened with.
    var isFile: Bool { self == .etcdCACert || self == .etcdCert || self == .etcdKey }
}

/// `settings`: shows every setting.
struct Settings: CommandInput, Equatable {
    static let spec = CommandSpec(
        "settings",
        summary: "Show or change notification preferences and external commands",
        discussion: [
            "Shows each setting, and what each switch hands to the notify-command: alerts, pings, check-ins and contacts are about yourself; dependent-news is about the people you watch. Their missed check-ins and alerts always reach the notify-command, whatever the switches say.",
        ],
        subcommandEntries: [
            SubcommandEntry("get") { SettingsGet.spec },
            SubcommandEntry("set") { SettingsSet.spec },
        ],
        isRunnable: true,
        input: .running(Settings.self))

    static let key = Argument<SettingKey>(
        choice: "KEY", help: "One of: " + SettingKey.allCases.map(\.rawValue).joined(separator: ", ") + " (any case).")

    init(from parsed: ParsedCommand) {}
}

/// The four notification switches live with the account in the store; the
/// external commands are local to this machine.
extension Settings: RunnableCommand {
    /// Shows every setting.
    func run(_ c: Context) throws -> Int32 {
        let (preferences, zone) = try c.reading { _, account in (account.preferences, AccountZone(account)) }
        let local = try c.localSettings().load()
        if c.json {
            c.printJSON(JSONViews.settings(preferences, local, zone: zone))
            return success
        }
        // The switches with what each covers, then this machine's commands
        // and files (whose long values would push the covers aside).
        var switches = TextTable(columns: [.fixed, .fixed, .flexible])
        var locals = TextTable(columns: [.fixed, .flexible])
        for key in SettingKey.allCases {
            let value = SettingText.value(of: key, preferences, local, zone: zone).map(TerminalText.line) ?? "(not set)"
            if let governs = key.governs { switches.add([key.rawValue, value, governs]) } else { locals.add([key.rawValue, value]) }
        }
        c.print(switches)
        c.sayWrapped(SettingText.alarmsAlwaysGo)
        c.say("")
        c.print(locals)
        return success
    }
}

/// `settings get KEY`
struct SettingsGet: CommandInput, Equatable {
    static let spec = CommandSpec(
        "get", summary: "Print one setting", arguments: [Settings.key.spec], input: .running(SettingsGet.self))

    let key: SettingKey

    init(from parsed: ParsedCommand) throws(UsageError) {
        key = try parsed.required(Settings.key)
    }
}

extension SettingsGet: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let local = try c.localSettings().load()
        let (preferences, zone) = key.isAccountWide
            ? try c.reading { _, account in (account.preferences, AccountZone(account)) } : (NotificationPreferences(), AccountZone())
        let current = SettingText.value(of: key, preferences, local, zone: zone)
        if c.json {
            c.printJSON(.object([(key.rawValue, key.isSwitch ? .bool(current == "on") : .optional(current))]))
        } else {
            c.out.line(TerminalText.line(current ?? ""))
        }
        return success
    }
}

/// `settings set KEY VALUE`
struct SettingsSet: CommandInput, Equatable {
    static let value = Argument<String>("VALUE", help: "on or off, a shell command, or a file (empty clears either).")

    static let spec = CommandSpec(
        "set", summary: "Change one setting",
        discussion: [
            "alerts, pings, check-ins and contacts take on or off and choose what the notify-command receives about yourself: your own reminders and check-in notices, who is handling your alert, pings, contact changes. dependent-news (on or off) chooses the news about the people you watch that is no alarm: they are safe again, paused, changed their schedule, cancelled an alert, someone is handling it.",
            "No setting holds back an alarm about someone you watch: their missed check-ins (every escalation step and repeat), their alerts (duress included) and their unanswered pings always reach the notify-command. Turning off something that still mutes news about them says so. The feed always records everything.",
            "notify-command and sms-command take a shell command run with /bin/sh -c; an empty string clears it. A newly set notify-command gets only what arrives from then on. One that fails three tries in a row is told in your feed and once on your terminal, and again when it works (at most once a day); the people you watch are told when none of their responders' deliveries works.",
            "time-zone takes the name of a zone of the system's time zone database (Europe/Madrid, America/New_York, UTC). Your account takes this machine's zone when it first signs in.",
            "quiet-hours takes HH:MM-HH:MM on your time zone's clock (22:00-07:00), or off: meanwhile pings, reminders, contact and role news, pauses and drills wait and reach your notify-command in one batch when they end. Missed check-ins and alerts of the people you watch (duress included), their escalations and repeats, an alert's cancellation, acknowledgements, 'is safe' and sign-ins never wait.",
        ],
        arguments: [Settings.key.spec, value.spec],
        examples: [
            CommandExample("settings set notify-command 'printf \"%s\\n\" \"$LIFESIGNAL_NOTIFICATION_MESSAGE\" | mail -s \"$LIFESIGNAL_NOTIFICATION_TITLE\" me@example.com'",
                           "mail every notification, its message as the body"),
            CommandExample("settings set check-ins off", "no more reminders of your own (your dependents' missed check-ins still come)"),
            CommandExample("settings set time-zone Europe/Madrid", "your account's time zone"),
            CommandExample("settings set etcd-cacert ~/.config/lifesignal/etcd/ca.crt", "trust the family cluster's CA for etcds:// stores"),
        ],
        input: .running(SettingsSet.self))

    /// What changes.
    enum Change: Equatable {
        /// A notification switch, on or off.
        case toggle(SettingKey, Bool)
        /// An external command; nil clears it.
        case command(SettingKey, String?)
        /// A file for etcds:// stores, as typed (relative to the working directory); nil clears it.
        case file(SettingKey, String?)
        /// The account's time zone, by its name in the database.
        case timeZone(String)
        /// The account's quiet hours; nil: none.
        case quietHours(QuietHours?)
    }

    let change: Change

    init(from parsed: ParsedCommand) throws(UsageError) {
        let key = try parsed.required(Settings.key)
        let text = try parsed.required(Self.value)
        if key.isSwitch {
            let word = text.lowercased()
            guard word == "on" || word == "off" else {
                throw parsed.problem(.invalidChoice(text, for: key.rawValue, choices: ["on", "off"], suggestions: []))
            }
            change = .toggle(key, word == "on")
        } else if key == .timeZone {
            guard (try? ZoneName(validating: text)) != nil else {
                throw parsed.problem(.invalidValue(text, for: key.rawValue, expected: "a time zone's name such as Europe/Madrid"))
            }
            change = .timeZone(text)
        } else if key == .quietHours {
            if text.lowercased() == "off" {
                change = .quietHours(nil)
            } else {
                do {
                    change = .quietHours(try QuietHours(parsing: text))
                } catch {
                    throw parsed.problem(.invalidValue(text, for: key.rawValue, expected: "HH:MM-HH:MM such as 22:00-07:00, or off"))
                }
            }
        } else if key.isFile {
            guard !text.contains("\0"), !text.contains("\n") else {
                throw parsed.problem(.invalidValue(text, for: key.rawValue, expected: "a file name without NUL or newline characters"))
            }
            change = .file(key, text.isEmpty ? nil : text)
        } else {
            guard !text.contains("\0") else {
                throw parsed.problem(.invalidValue(text, for: key.rawValue, expected: "a command without NUL characters"))
            }
            change = .command(key, text.allSatisfy(\.isWhitespace) ? nil : text)
        }
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
                case .contacts, .notifyCommand, .smsCommand, .etcdCACert, .etcdCert, .etcdKey, .timeZone, .quietHours:
                    preferences.contacts = on
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
        case .quietHours(let hours):
            try c.writing { store, account in
                var account = account
                try AccountService(store: store, env: try c.core()).setQuietHours(&account, hours)
            }
            if c.json { c.printJSON(.object([(SettingKey.quietHours.rawValue, .optional(hours?.description))])) } else {
                c.say(hours.map { "quiet-hours set to \($0) (your time zone's clock): what can wait waits until they end." }
                      ?? "quiet-hours off.")
            }
        case .timeZone(let text):
            let name = try MachineZone.known(text, c)
            try c.writing { store, account in
                var account = account
                _ = try AccountService(store: store, env: try c.core()).setTimeZone(&account, name)
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
        case .alerts, .checkIns, .notifyCommand, .smsCommand, .etcdCACert, .etcdCert, .etcdKey, .timeZone, .quietHours: nil
        }
    }

    /// `key`'s value as shown; nil when it is not set.
    static func value(of key: SettingKey, _ p: NotificationPreferences, _ local: LocalSettings, zone: AccountZone) -> String? {
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
        case .timeZone: return zone.timeZone
        case .quietHours: return zone.quietHours ?? "off"
        }
    }
}

/// The account's settings that are about time: its zone and its quiet hours.
struct AccountZone {
    var timeZone: String?
    var quietHours: String?

    init(_ account: Account? = nil) {
        timeZone = account?.timeZone
        quietHours = account?.quietHours?.description
    }
}
