import CommandEngine

/// Alerts and pings.
enum SafetyCommandTable {
    static let all = [alert, ping]

    static let alert = CommandSpec(
        "alert",
        summary: "Show, raise or cancel an emergency alert",
        subcommands: [
            CommandSpec(
                "on",
                summary: "Raise an emergency alert: every responder is told, with your note",
                discussion: ["Asks for confirmation on a terminal; elsewhere --yes is required."],
                options: [.flag("yes", short: "y", help: "Raise it without asking.")]),
            CommandSpec("off", summary: "Cancel your alert: every responder is told"),
        ],
        isRunnable: true,
        examples: [CommandExample("alert on --yes", "raise an alert from a script")])

    static let ping = CommandSpec(
        "ping",
        summary: "Ask a dependent to check in; list and answer pings",
        subcommands: [
            CommandSpec(
                "send",
                summary: "Ping a dependent (a second ping while one is pending sends nothing new)",
                arguments: [LifeSignalTable.contactArgument()]),
            CommandSpec("list", summary: "List pings you received and sent"),
            CommandSpec(
                "respond",
                summary: "Answer a ping you received (all pending ones without an ID)",
                arguments: [ArgumentSpec("PING_ID", help: "The ping to answer (an ID prefix works).", isOptional: true)]),
        ],
        defaultSubcommand: "send",
        examples: [
            CommandExample("ping Ada", "ask Ada to check in"),
            CommandExample("ping respond", "answer every pending ping"),
        ])
}
