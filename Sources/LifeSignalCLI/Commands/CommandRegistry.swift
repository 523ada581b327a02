/// Which function runs each command of the table, by command path.
enum CommandRegistry {
    typealias Handler = @Sendable (Context) throws -> Int32

    static let handlers: [String: Handler] = [
        "login": LoginCommand.run,
        "logout": LogoutCommand.run,
        "status": StatusCommand.run,
        "profile": ProfileCommand.show,
        "profile set": ProfileCommand.set,
        "checkin": CheckinCommand.run,
        "checkin history": CheckinHistoryCommand.run,
        "checkin interval": CheckinIntervalCommand.run,
        "alert": AlertCommand.show,
        "alert on": AlertCommand.raise,
        "alert off": AlertCommand.cancel,
        "ping send": PingSendCommand.run,
        "ping list": PingListCommand.run,
        "ping respond": PingRespondCommand.run,
        "contacts list": ContactsListCommand.run,
        "contacts add": ContactsAddCommand.run,
        "contacts show": ContactsShowCommand.run,
        "contacts role": ContactsRoleCommand.run,
        "contacts remove": ContactsRemoveCommand.run,
        "notifications list": NotificationsListCommand.run,
        "notifications read": NotificationsReadCommand.run,
        "notifications delete": NotificationsDeleteCommand.run,
        "notifications follow": NotificationsFollowCommand.run,
        "qr show": QRShowCommand.run,
        "qr refresh": QRRefreshCommand.run,
        "qr scan": QRScanCommand.run,
        "qr encode": QREncodeCommand.run,
        "settings": SettingsCommand.show,
        "settings get": SettingsCommand.get,
        "settings set": SettingsCommand.set,
        "tick": TickCommand.run,
        "completions": CompletionsCommand.run,
        "doctor": DoctorCommand.run,
        "store copy": StoreCopyCommand.run,
        "__complete": CompleteCommand.run,
    ]
}

/// The success status, for handlers that have nothing else to say.
let success = ExitCode.success.rawValue
