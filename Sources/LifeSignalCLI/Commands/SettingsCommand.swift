import LifeSignalCore
import LifeSignalLocal
import LifeSignalStore

/// `settings`, `settings get KEY`, `settings set KEY VALUE`.
///
/// The four notification switches live with the account in the store; the
/// external commands are local to this machine.
enum SettingsCommand {
    enum Key: String, CaseIterable {
        case alerts, pings, contacts
        case checkIns = "check-ins"
        case notifyCommand = "notify-command"
        case smsCommand = "sms-command"

        var isSwitch: Bool { self != .notifyCommand && self != .smsCommand }
    }

    static func show(_ c: Context) throws -> Int32 {
        let preferences = try c.reading { _, account in account.preferences }
        let local = try c.localSettings().load()
        if c.json {
            c.printJSON(JSONViews.settings(preferences, local))
            return success
        }
        var rows = Columns()
        for key in Key.allCases { rows.add(key.rawValue, describe(value(of: key, preferences, local))) }
        rows.lines().forEach { c.out.line($0) }
        return success
    }

    static func get(_ c: Context) throws -> Int32 {
        let key = try key(c)
        let local = try c.localSettings().load()
        let current: String?
        if key.isSwitch {
            let preferences = try c.reading { _, account in account.preferences }
            current = value(of: key, preferences, local)
        } else {
            current = value(of: key, NotificationPreferences(), local)
        }
        if c.json {
            c.printJSON(.object([(key.rawValue, key.isSwitch ? .bool(current == "on") : .optional(current))]))
        } else {
            c.out.line(current ?? "")
        }
        return success
    }

    static func set(_ c: Context) throws -> Int32 {
        let key = try key(c)
        let text = c.parsed.string("VALUE") ?? ""
        if key.isSwitch {
            guard text == "on" || text == "off" else {
                throw LifeSignalError.invalid("\(key.rawValue) takes on or off, not \(quoted(text))")
            }
            try c.writing { store, account in
                var preferences = account.preferences
                switch key {
                case .alerts: preferences.alerts = text == "on"
                case .pings: preferences.pings = text == "on"
                case .checkIns: preferences.checkIns = text == "on"
                default: preferences.contacts = text == "on"
                }
                try AccountService(store: store, env: try c.core()).setPreferences(&account, preferences)
            }
        } else {
            guard !text.contains("\0") else { throw LifeSignalError.invalid("the command must not contain NUL characters") }
            let file = try c.localSettings()
            var local = try file.load()
            let command = text.trimmingWhitespace().isEmpty ? nil : text
            if key == .notifyCommand { local.notifyCommand = command } else { local.smsCommand = command }
            try file.save(local)
        }
        if c.json {
            c.printJSON(.object([(key.rawValue, key.isSwitch ? .bool(text == "on") : .optional(text.isEmpty ? nil : text))]))
        } else {
            c.say(text.isEmpty ? "\(key.rawValue) cleared." : "\(key.rawValue) set to \(text).")
        }
        return success
    }

    private static func key(_ c: Context) throws -> Key {
        let text = c.parsed.string("KEY") ?? ""
        guard let key = Key(rawValue: text) else {
            throw LifeSignalError.invalid("unknown setting \(quoted(text)); keys: " + Key.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return key
    }

    private static func value(of key: Key, _ p: NotificationPreferences, _ local: LocalSettings) -> String? {
        func onOff(_ flag: Bool) -> String { flag ? "on" : "off" }
        switch key {
        case .alerts: return onOff(p.alerts)
        case .pings: return onOff(p.pings)
        case .checkIns: return onOff(p.checkIns)
        case .contacts: return onOff(p.contacts)
        case .notifyCommand: return local.notifyCommand
        case .smsCommand: return local.smsCommand
        }
    }

    private static func describe(_ value: String?) -> String { value ?? "(not set)" }
}
