import FoundationEssentials
import Glibc
import LifeSignalCore
import LifeSignalLocal

/// The service definitions that keep the agent running, made for the person
/// asking: this lifesignal by its absolute path, their store, and the
/// environment the agent and the notify command need (the XDG directories
/// that hold the session and settings, PATH, the time zone). A simulated
/// clock is never carried over, and secrets (an etcd password) go in an
/// optional environment file instead of the definition.
public struct AgentService {
    /// The systemd unit's name and the launchd job's label.
    public static let unitName = "lifesignal.service"
    public static let launchdLabel = "org.lifesignal.agent"

    /// The running lifesignal, absolute.
    let executable: String
    /// Variables and values, in the order they are written.
    let environment: [(name: String, value: String)]
    /// Where secrets may be kept for the agent, one `NAME=value` a line.
    let environmentFile: String
    /// How long a stop may take: the step in hand, whose notify command has its time limit.
    let stopTimeout: Int
    let home: String?

    /// Variables passed on when set, besides the store and the XDG directories.
    static let passedOn = ["PATH", "TZ", "LANG", "LC_ALL", "LIFESIGNAL_COMMAND_TIMEOUT", "LIFESIGNAL_LOCK_TIMEOUT"]
    /// Certificate files of an `etcds://` store, made absolute.
    static let certificates = ["LIFESIGNAL_ETCD_CACERT", "LIFESIGNAL_ETCD_CERT", "LIFESIGNAL_ETCD_KEY"]

    public init(context c: AppSession) throws {
        executable = try Self.runningExecutable()
        let variables = c.env.variables
        let xdg = try XDGDirectories(environment: variables, fallbackHome: c.env.homeFallback)
        let paths = try c.paths()
        var environment: [(String, String)] = [
            ("LIFESIGNAL_STORE", paths.store.description),
            ("XDG_CONFIG_HOME", xdg.configHome), ("XDG_STATE_HOME", xdg.stateHome), ("XDG_DATA_HOME", xdg.dataHome),
        ]
        for name in Self.certificates {
            guard let value = variables[name], !value.isEmpty else { continue }
            environment.append((name, value.hasPrefix("/") ? value : c.env.workingDirectory + "/" + value))
        }
        for name in Self.passedOn {
            if let value = variables[name], !value.isEmpty { environment.append((name, value)) }
        }
        for (name, value) in environment where value.contains("\n") || value.contains("\0") {
            throw LifeSignalError.invalid("\(name) holds a line break or NUL, which a service definition cannot carry")
        }
        self.environment = environment
        environmentFile = paths.configDirectory + "/agent.env"
        let timeout = AppEnvironment.seconds(variables["LIFESIGNAL_COMMAND_TIMEOUT"], within: 0.1...86_400) ?? 30
        stopTimeout = Int(timeout.rounded(.up)) + 30
        home = variables["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? c.env.homeFallback
    }

    /// A systemd user unit (`systemctl --user`).
    public var systemdUnit: String {
        var lines = [
            "# The lifesignal agent: check-in deadlines kept on time, new notifications",
            "# delivered at once. Install and start it:",
            "#   mkdir -p ~/.config/systemd/user",
            "#   lifesignal agent --systemd-unit > ~/.config/systemd/user/\(Self.unitName)",
            "#   systemctl --user enable --now lifesignal",
            "# Its lines: journalctl --user -u lifesignal. Secrets it needs (such as",
            "# LIFESIGNAL_ETCD_PASSWORD=...) go in \(environmentFile), mode 0600.",
            "[Unit]",
            "Description=lifesignal agent: check-in deadlines on time, notifications delivered",
            "Documentation=man:lifesignal(1)",
            "",
            "[Service]",
            "Type=simple",
            "ExecStart=\(Self.systemdQuoted(executable, command: true)) agent",
        ]
        lines += environment.map { "Environment=" + Self.systemdQuoted("\($0.name)=\($0.value)", command: false) }
        lines += [
            "EnvironmentFile=-" + Self.systemdEscaped(environmentFile, command: false),
            "Restart=on-failure",
            "RestartSec=10",
            "# Signed out (3) or a store from a newer lifesignal (7): restarting would not help.",
            "RestartPreventExitStatus=3 7",
            "# SIGTERM to the agent alone: it lets a running notify command finish and",
            "# records it before it exits.",
            "KillMode=mixed",
            "TimeoutStopSec=\(stopTimeout)",
            "",
            "[Install]",
            "WantedBy=default.target",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A launchd agent (`~/Library/LaunchAgents`).
    public var launchdPlist: String {
        let log = (home ?? "/tmp") + "/Library/Logs/lifesignal-agent.log"
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            "<!-- The lifesignal agent. Install and start it:",
            "       mkdir -p ~/Library/LaunchAgents ~/Library/Logs",
            "       lifesignal agent --launchd-plist > ~/Library/LaunchAgents/\(Self.launchdLabel).plist",
            "       launchctl bootstrap gui/$(id -u) ~/Library/LaunchAgents/\(Self.launchdLabel).plist -->",
            #"<plist version="1.0">"#,
            "<dict>",
            "    <key>Label</key>",
            "    <string>\(Self.launchdLabel)</string>",
            "    <key>ProgramArguments</key>",
            "    <array>",
            "        <string>\(Self.xml(executable))</string>",
            "        <string>agent</string>",
            "    </array>",
            "    <key>EnvironmentVariables</key>",
            "    <dict>",
        ]
        for (name, value) in environment {
            lines += ["        <key>\(Self.xml(name))</key>", "        <string>\(Self.xml(value))</string>"]
        }
        lines += [
            "    </dict>",
            "    <key>RunAtLoad</key>",
            "    <true/>",
            "    <key>KeepAlive</key>",
            "    <dict>",
            "        <key>SuccessfulExit</key>",
            "        <false/>",
            "    </dict>",
            "    <key>ThrottleInterval</key>",
            "    <integer>10</integer>",
            "    <key>ExitTimeOut</key>",
            "    <integer>\(stopTimeout)</integer>",
            "    <key>StandardOutPath</key>",
            "    <string>\(Self.xml(log))</string>",
            "    <key>StandardErrorPath</key>",
            "    <string>\(Self.xml(log))</string>",
            "</dict>",
            "</plist>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The absolute path of the running program.
    private static func runningExecutable() throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else {
            throw LifeSignalError.refused("cannot tell where this lifesignal is (/proc/self/exe): \(String(cString: strerror(errno)))")
        }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A word in double quotes as systemd reads it: backslash and quote
    /// escaped, `%` doubled (specifiers), and in a command line `$` doubled
    /// (variable expansion).
    static func systemdQuoted(_ text: String, command: Bool) -> String {
        "\"" + systemdEscaped(text, command: command).replacing("\"", with: "\\\"") + "\""
    }

    /// `text` with systemd's specifiers (and, in a command line, variables) made literal.
    static func systemdEscaped(_ text: String, command: Bool) -> String {
        var escaped = text.replacing("\\", with: "\\\\").replacing("%", with: "%%")
        if command { escaped = escaped.replacing("$", with: "$$") }
        return escaped
    }

    /// Text inside an XML element.
    static func xml(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;").replacing("'", with: "&apos;")
    }
}
