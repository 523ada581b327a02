import CommandEngine

/// What the man page says beyond the command table: environment, files,
/// exit status (from `ExitCode`, the one table), examples.
public enum LifeSignalManual {
    /// Bumped when the page's content changes, so the page is reproducible.
    static let date = "November 28, 2026"

    public static var page: String { ManPageGenerator.render(LifeSignalTable.table, manual: manual) }

    public static func completionScript(_ shell: CompletionShell) -> String {
        CompletionScript.render(shell, for: LifeSignalTable.table)
    }

    /// Where each shell's script is shipped, relative to the repository.
    public static func completionFile(_ shell: CompletionShell) -> String {
        switch shell {
        case .bash: "completions/lifesignal.bash"
        case .zsh: "completions/_lifesignal"
        case .fish: "completions/lifesignal.fish"
        }
    }

    static let manual = ManualPage(
        date: date,
        source: "lifesignal " + LifeSignalCLI.version,
        description: [
            "lifesignal is a check-in safety net for people who live in a terminal. You check in on a schedule; if you stop checking in, or you raise an alert, the people who watch over you (your responders) are told, with the emergency note you wrote.",
            "Accounts, contacts, pings, alerts and notifications live in a store: a directory of JSON files that several accounts and any number of processes can share. Each process acts for the account signed in in its own session. Every command first brings the store's deadlines up to date, so a responder sees a missed check-in the next time they run anything; tick does only that plus delivery, for cron.",
            "Every command's changes are one atomic transaction under a lock: a crash or kill at any moment leaves the previous state or the new one. Files are 0600 and directories 0700 whatever the umask.",
            "A store keeps out whoever may not write it: a directory store belongs to one Unix account, and a store on etcd admits whom etcd admits. Inside, anyone can sign in as anyone, so lifesignal makes it visible: a sign-in to an existing account is a notification naming the machine, sessions lists and ends sessions, and a session unused for 90 days expires. Store files are opened without following links and refused (exit 8) unless they are yours and private, and the store directory must be yours and writable only by you. Text other people wrote (names, notes, notification texts, decoded QR codes) is shown with control characters, escape sequences, bidirectional controls and invisible characters made visible; --json keeps it exact, escaped.",
        ],
        environment: [
            ManualEntry("LIFESIGNAL_STORE", "The store: a directory (default $XDG_DATA_HOME/lifesignal), or an etcd cluster named etcd://[USER@]HOST[:PORT][,HOST[:PORT]...]/PREFIX (etcds:// over TLS; PORT 2379 when left out). Anything else that looks like a URL is a usage error (exit 2), so a directory named like one is written ./NAME. --store STORE overrides it."),
            ManualEntry("LIFESIGNAL_NOW", "The current time, ISO 8601 (2026-03-01T09:00:00Z), for tests, demos and simulations. A store created under it is a simulation store (its store.json says so) and honours it; a store created on the real clock refuses it (exit 5, nothing changed), so nobody can fire someone else's deadline, or get around the sign-in limits, by setting a clock. agent and notifications follow start their clock at that instant and let it run at real speed. An invalid value is an error."),
            ManualEntry("LIFESIGNAL_SMS_COMMAND", "Overrides the sms-command setting."),
            ManualEntry("LIFESIGNAL_ETCD_CACERT", "For an etcds:// store: the PEM file of the CA that signed the cluster's certificates; wins over the etcd-cacert setting."),
            ManualEntry("LIFESIGNAL_ETCD_CERT", "For an etcds:// store: this client's PEM certificate; wins over the etcd-cert setting."),
            ManualEntry("LIFESIGNAL_ETCD_KEY", "For an etcds:// store: the PEM key of that certificate; wins over the etcd-key setting."),
            ManualEntry("LIFESIGNAL_ETCD_PASSWORD", "The password of the etcd user an etcd[s]://USER@... store URL names. The token etcd hands out is kept (0600) under $XDG_STATE_HOME/lifesignal and renewed when etcd refuses it. A systemd unit does not read your profile: give the agent its password in agent.env."),
            ManualEntry("LIFESIGNAL_ETCD_TRAFFIC", "When set, a line on standard error after each command saying how many round trips it took on its etcd store."),
            ManualEntry("LIFESIGNAL_CHECKIN_CODE", "Your check-in code, once you set codes (checkin code set), instead of --code (which other users can see in the process list); a wrong one changes nothing (exit 5)."),
            ManualEntry("LIFESIGNAL_LOGIN_CODE", "The verification code for login, instead of --code (which other users can see in the process list); --code - reads it from standard input instead."),
            ManualEntry("LIFESIGNAL_LOCK_TIMEOUT", "Seconds to wait for another process's lock before 'store is busy' (default 5)."),
            ManualEntry("LIFESIGNAL_COMMAND_TIMEOUT", "Seconds an sms-command or notify-command may run before it is killed (default 30)."),
            ManualEntry("XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME, XDG_CACHE_HOME", "Honoured as the XDG Base Directory specification says: unset, empty or relative means the default under $HOME."),
            ManualEntry("NO_COLOR", "No colour when set and not empty; colour is also off when TERM is dumb, with --no-color, and when output is not a terminal."),
            ManualEntry("LIFESIGNAL_NOTIFICATION_ID, LIFESIGNAL_NOTIFICATION_TYPE, LIFESIGNAL_NOTIFICATION_TITLE, LIFESIGNAL_NOTIFICATION_MESSAGE, LIFESIGNAL_NOTIFICATION_TIMESTAMP, LIFESIGNAL_NOTIFICATION_PRIORITY", "Set for the notify-command (each at most 1 KB; the title, message and account name with control and invisible characters made visible), which also gets the notification as one JSON object on its standard input. LIFESIGNAL_NOTIFICATION_PRIORITY is urgent for an alert or a missed check-in, default otherwise (ntfy's priority names)."),
            ManualEntry("LIFESIGNAL_NOTIFICATION_TEST", "Set to 1 for the notify-command when the notification is a drill's test notice (type test; its JSON has \"test\": true): nothing is wrong."),
            ManualEntry("LIFESIGNAL_ACCOUNT_NAME, LIFESIGNAL_ACCOUNT_PHONE", "Also set for the notify-command: whose notification it is (the signed-in account's name and number), for a mail or message that says who it is for."),
            ManualEntry("LIFESIGNAL_SMS_TO, LIFESIGNAL_SMS_BODY", "Set for the sms-command (the E.164 number and the message, which holds the 6-digit code); the message is also its standard input."),
        ],
        files: [
            ManualEntry("$XDG_DATA_HOME/lifesignal/", "The default store: accounts, contacts, invitations, pings, feeds and the deadline schedule, as JSON files with a schema version."),
            ManualEntry("$XDG_STATE_HOME/lifesignal/session-*.json", "Who is signed in, one file per store (0600); holds the session token, which the store keeps only as a hash."),
            ManualEntry("$XDG_CONFIG_HOME/lifesignal/settings.json", "Local settings: notify-command, sms-command and the etcd certificate files (etcd-cacert, etcd-cert, etcd-key)."),
            ManualEntry("$XDG_STATE_HOME/lifesignal/etcd-token-*.json", "An etcd user's sign-in token, one file per cluster and user (0600)."),
            ManualEntry("$XDG_CACHE_HOME/lifesignal/", "What can be made again: for an etcd store, a hint of its identity, of the files recent commands read and of the member that answered last, which saves round trips (a wrong or missing one costs a round trip, nothing more)."),
            ManualEntry("$XDG_CONFIG_HOME/lifesignal/agent.env", "Optional NAME=value lines (such as LIFESIGNAL_ETCD_PASSWORD) for the agent's systemd unit, kept out of the unit itself; make it 0600."),
        ],
        exitStatus: ExitCode.allCases.map { ManualEntry(String($0.rawValue), $0.meaning) }
            + [ManualEntry("COMMAND's status", "What checkin with a command exits with (127 when it cannot run, 128+N when killed by signal N).")],
        // After the commands' own examples (each command line appears once).
        examples: [
            CommandExample("settings set notify-command 'jq -r .message | sendsms --to +15557654321'",
                           "Text every notification to a phone through any SMS tool."),
            CommandExample("notifications --unread --json | jq -r '.[].title'", "Unread titles in a script."),
            CommandExample("status --check || echo 'lifesignal: check in, or someone needs you!'",
                           "In a shell prompt: exit 10 when overdue, 11 on an alert, 13 when a dependent needs you."),
        ],
        seeAlso: [ManualReference("jq", "1"), ManualReference("crontab", "5"), ManualReference("cron", "8")])
}
