import Glibc

/// Where a sign-in happens, in words that tell apart the sessions of one
/// machine: the Unix user and host, the terminal or the SSH client's
/// address, and the state directory that holds the session. Nothing in it
/// is secret (no token, no port numbers beyond the address).
public enum SignInPlace {
    /// `onTerminal`: whether standard input is a terminal, whose name then tells the place.
    public static func describe(_ c: AppSession, onTerminal: Bool) -> String {
        var parts = [(user().map { $0 + "@" } ?? "") + (c.env.machineName ?? "an unnamed machine")]
        // The client's address is SSH_CONNECTION's first word ("10.0.0.5 52341 10.0.0.1 22").
        if let ssh = c.env.childEnvironment()["SSH_CONNECTION"]?.split(separator: " ").first {
            parts.append("from " + ssh)
        } else if onTerminal, let name = ttyname(0) {
            let path = String(cString: name)
            parts.append(path.hasPrefix("/dev/") ? String(path.dropFirst(5)) : path)
        }
        // In full: two people of one Unix account differ by their homes.
        if let state = try? c.paths().stateDirectory { parts.append("state " + state) }
        return parts.joined(separator: ", ")
    }

    /// The effective user's login name, from the user database.
    private static func user() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
