/// zsh's own completion system driven through a pseudo-terminal (zpty):
/// the script is autoloaded from `fpath` by `compinit`, each line is typed
/// and completed with TAB, and a `compadd` wrapper records in a log what
/// the real completion functions add.
public enum ZshCompletionDriver {
    /// The driver program, for `zsh -f`. zle drops what is typed before it
    /// has started, so each line is typed only once the line editor has
    /// said it is ready (a `zle-line-init` hook logs `PROMPT:n` for the
    /// n-th line it edits), and the line's own marker is awaited after.
    /// A wait gives up after 30 s, so a lost line fails its case, never
    /// hangs the test.
    public static func script(fpath: String, log: String, lines: [(id: String, typed: String)]) -> String {
        var script = """
            zmodload zsh/zpty
            await() { for i in {1..1500}; do grep -qx "$1" \(log) 2>/dev/null && return; sleep 0.02; done }
            zpty z 'zsh -f -i'
            zpty -w z 'fpath=(\(fpath) $fpath); autoload -Uz compinit; compinit -u -D; unsetopt auto_list auto_menu beep'
            zpty -w z 'compadd() { local -a hits; builtin compadd -O hits "$@"; print -rl -- "${hits[@]/#/HIT:}" >&2; builtin compadd "$@"; }'
            zpty -w z 'exec 2>\(log); integer edited; zle-line-init() { print -u2 PROMPT:$(( ++edited )); }; zle -N zle-line-init; print -u2 READY'
            await READY

            """
        for (index, line) in lines.enumerated() {
            script += "await PROMPT:\(index + 1)\n"
            script += "zpty -w -n z " + quoted(line.typed) + "$'\\t\\C-u'\n"
            script += "zpty -w z " + quoted("print -u2 CASE:" + line.id) + "\n"
            script += "await " + quoted("CASE:" + line.id) + "\n"
        }
        return script + "zpty -d z\n"
    }

    /// What was offered for each line, by its ID, read from the log.
    public static func results(log text: String) -> [String: Set<String>] {
        var results: [String: Set<String>] = [:]
        var hits: Set<String> = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("HIT:") { hits.insert(String(line.dropFirst(4))) }
            if line.hasPrefix("CASE:") {
                results[String(line.dropFirst(5))] = hits
                hits = []
            }
        }
        return results
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
