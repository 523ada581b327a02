import CommandEngine
import Foundation
import Testing

/// Words typed so far (the last is the word under the cursor) and the
/// candidates every shell must offer for them.
struct CompletionCase: CustomTestStringConvertible, Sendable {
    let id: String
    let words: [String]
    let expected: Set<String>
    var testDescription: String { id }

    init(_ id: String, _ words: [String], _ expected: [String]) {
        self.id = id
        self.words = ["lifesignal"] + words
        self.expected = Set(expected)
    }
}

enum CompletionCases {
    static let commands = ["login", "logout", "status", "profile", "checkin", "alert", "ping", "contacts",
                           "notifications", "qr", "settings", "tick", "completions", "help"]
    static let people = ["Ann Lee", "Bob", "beth"]

    static let all: [CompletionCase] = [
        CompletionCase("top-level commands", [""], commands),
        CompletionCase("command prefix", ["con"], ["contacts"]),
        CompletionCase("hidden command is never offered", ["__"], []),
        CompletionCase("subcommands", ["contacts", ""], ["list", "add", "show", "role", "remove"]),
        CompletionCase("nested prefix", ["checkin", "hi"], ["history"]),
        CompletionCase("default subcommand's options", ["contacts", "--so"], ["--sort"]),
        CompletionCase("choices of an option", ["contacts", "--sort", ""], ["time-left", "name", "added"]),
        CompletionCase("choices after equals", ["contacts", "--sort=n"], ["name"]),
        CompletionCase("choice with value name", ["notifications", "list", "--type", ""],
                       ["alerts", "pings", "roles", "added", "removed", "contacts", "check-ins"]),
        CompletionCase("ecc levels", ["qr", "encode", "hi", "--ecc", ""], ["L", "M", "Q", "H"]),
        CompletionCase("default subcommand's dynamic argument", ["ping", ""],
                       ["send", "list", "respond"] + people),
        CompletionCase("dynamic prefix", ["ping", "send", "B"], ["Bob"]),
        CompletionCase("dynamic argument", ["contacts", "role", ""], people),
        CompletionCase("other dynamic source", ["ping", "respond", ""], ["p1", "p2"]),
        CompletionCase("dynamic by last name", ["contacts", "show", "Lee"], ["Ann Lee"]),
        CompletionCase("negated spellings", ["contacts", "role", "Ann", "--no"],
                       ["--no-responder", "--no-dependent", "--no-color"]),
        CompletionCase("own and global options", ["status", "--"],
                       ["--check", "--help", "--store", "--json", "--quiet", "--no-color"]),
        CompletionCase("root options", ["--v"], ["--version"]),
        CompletionCase("global option before command", ["--json", "contacts", "sh"], ["show"]),
        CompletionCase("global value skipped", ["--store", "/tmp", "ti"], ["tick"]),
        CompletionCase("free value offers nothing", ["checkin", "history", "--limit", ""], []),
        CompletionCase("no more arguments", ["contacts", "show", "Ann", ""], []),
        CompletionCase("argument choices", ["completions", ""], ["bash", "zsh", "fish"]),
        CompletionCase("second argument", ["settings", "set", "alerts", ""], []),
        CompletionCase("first argument choices", ["settings", "get", "s"], ["sms-command"]),
        CompletionCase("help names commands", ["help", "contacts", "r"], ["role", "remove"]),
        CompletionCase("help top level", ["help", "ti"], ["tick"]),
    ]
}

@Suite(.serialized) struct BashCompletionTests {
    /// Runs every case in one bash process; bash splits `--a=b` at `=`.
    static func results(for cases: [CompletionCase], sandbox: CompletionSandbox) throws -> [String: Set<String>] {
        let script = try sandbox.write("lifesignal.bash", CompletionScript.render(.bash, for: SampleTable.table))
        var driver = """
            source \(script)
            t() { local id=$1; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
                _lifesignal; printf '%s' "$id"
                if ((${#COMPREPLY[@]})); then printf '\\t%s' "${COMPREPLY[@]}"; fi; printf '\\n'; }

            """
        for testCase in cases {
            let words = testCase.words.flatMap { word -> [String] in
                guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [word] }
                return [String(word[..<equals]), "=", String(word[word.index(after: equals)...])]
            }
            driver += "t " + ([testCase.id] + words).map(shellQuoted).joined(separator: " ") + "\n"
        }
        let output = try ExternalTools.run("bash", ["--norc", "-c", driver], in: sandbox.work,
                                           extraPath: sandbox.bin.path)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        var results: [String: Set<String>] = [:]
        for line in output.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            results[fields[0]] = Set(fields.dropFirst().map { $0.replacing("\\ ", with: " ") })
        }
        return results
    }

    @Test(.enabled(if: ExternalTools.enabled("bash"), "bash is not installed"))
    func offersCandidates() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let results = try Self.results(for: CompletionCases.all, sandbox: sandbox)
        for testCase in CompletionCases.all {
            #expect(results[testCase.id] == testCase.expected, "\(testCase.id)")
        }
    }

    /// Names with spaces: the word as bash hands it over, still quoted.
    @Test(.enabled(if: ExternalTools.enabled("bash"), "bash is not installed"))
    func completesTwoWordNames() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let cases = [
            CompletionCase("after an escaped space", ["ping", "Ann\\ "], ["Ann Lee"]),
            CompletionCase("into the second word", ["contacts", "show", "Ann\\ L"], ["Ann Lee"]),
            CompletionCase("in double quotes", ["ping", "\"Ann L"], ["Ann Lee"]),
            CompletionCase("lower case finds capitals", ["ping", "ann"], ["Ann Lee"]),
            CompletionCase("a capital is taken as typed", ["ping", "B"], ["Bob"]),
            CompletionCase("nothing after the whole name", ["ping", "Ann\\ Lee\\ "], []),
        ]
        let results = try Self.results(for: cases, sandbox: sandbox)
        for testCase in cases {
            #expect(results[testCase.id] == testCase.expected, "\(testCase.id): \(results[testCase.id] ?? [])")
        }
    }

    @Test(.enabled(if: ExternalTools.enabled("bash"), "bash is not installed"))
    func completesPaths() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let cases = [
            CompletionCase("files", ["qr", "scan", ""], ["a.png", "b.svg", "store"]),
            CompletionCase("file option", ["qr", "show", "--png", "a"], ["a.png"]),
            CompletionCase("directories", ["--store", ""], ["store"]),
            CompletionCase("passthrough command", ["checkin", "--", "lifesig"], ["lifesignal"]),
        ]
        let results = try Self.results(for: cases, sandbox: sandbox)
        for testCase in cases {
            #expect(results[testCase.id] == testCase.expected, "\(testCase.id)")
        }
    }

    @Test(.enabled(if: ExternalTools.enabled("shellcheck"), "shellcheck is not installed"))
    func passesShellcheck() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let script = try sandbox.write("lifesignal.bash", CompletionScript.render(.bash, for: SampleTable.table))
        let output = try ExternalTools.run("shellcheck", ["-s", "bash", script])
        #expect(output.status == 0, "\(output.stdout)")
    }
}

func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
}
