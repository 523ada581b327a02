import CommandEngine
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

    /// The notification switches (on/off) live with the account; the
    /// commands and the etcd files are local to this machine.
    var isSwitch: Bool {
        switch self {
        case .alerts, .pings, .checkIns, .contacts, .dependentNews: true
        case .notifyCommand, .smsCommand, .etcdCACert, .etcdCert, .etcdKey, .timeZone: false
        }
    }

    /// Kept with the account in the store (the switches and the time zone),
    /// rather than on this machine.
    var isAccountWide: Bool { isSwitch || self == .timeZone }

    /// What a switch hands to the notify-command, in a few words (`settings`
    /// shows them beside the values).
    var governs: String? {
        switch self {
        case .alerts: "news of your own alert (who is handling it)"
        case .pings: "pings you get, and answers to the pings you send"
        case .checkIns: "your own reminders and check-in notices"
        case .contacts: "contacts added or removed, and role changes"
        case .dependentNews: "news about the people you watch: safe again, pauses, schedule changes, alerts cancelled, who is handling them"
        case .notifyCommand, .smsCommand, .etcdCACert, .etcdCert, .etcdKey, .timeZone: nil
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

/// `settings get KEY`
struct SettingsGet: CommandInput, Equatable {
    static let spec = CommandSpec(
        "get", summary: "Print one setting", arguments: [Settings.key.spec], input: .running(SettingsGet.self))

    let key: SettingKey

    init(from parsed: ParsedCommand) throws(UsageError) {
        key = try parsed.required(Settings.key)
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
            "notify-command and sms-command take a shell command run with /bin/sh -c; an empty string clears it. A newly set notify-command gets only what arrives from then on.",
            "time-zone takes the name of a zone of the system's time zone database (Europe/Madrid, America/New_York, UTC). Your account takes this machine's zone when it first signs in.",
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
