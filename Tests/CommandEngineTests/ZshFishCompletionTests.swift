import CommandEngine
import Foundation
import Testing
import TestSupport

/// zsh runs the generated function with the completion builtins replaced
/// by capturing stand-ins (`compadd`, `_describe`, `_files`, `compset`),
/// which filter by `$PREFIX` as the real ones do (`compadd` not with `-U`,
/// and it fails when it adds nothing).
@Suite(.serialized) struct ZshCompletionTests {
    static let harness = #"""
        emulate zsh
        compdef() { : }
        __keep() { [[ ${1[1,${#PREFIX}]} == "$PREFIX" ]] && print -r -- "$1" }
        compadd() {
            local unfiltered=0 kept=1 c
            while [[ $1 == -* && $1 != -- ]]; do [[ $1 == -U ]] && unfiltered=1; [[ $1 == -[Md] ]] && shift; shift; done
            [[ $1 == -- ]] && shift
            for c in "$@"; do
                if (( unfiltered )); then print -r -- "$c"; kept=0; else __keep "$c" && kept=0; fi
            done
            return kept
        }
        _describe() {
            local e w
            for e in "${(@P)4}"; do
                w=${e//\\:/$'\0'}; w=${w%%:*}; __keep "${w//$'\0'/:}"
            done
        }
        _files() { print -r -- "<files $*>" }
        _command_names() { print -r -- "<commands>" }
        compset() { [[ $1 == -P ]] && PREFIX=${PREFIX#*=} }
        source "$1"; shift
        while (( $# )); do
            id=$1 n=$2; shift 2
            words=("${@[1,n]}"); shift $n
            CURRENT=$#words PREFIX=${words[CURRENT]}
            print -rn -- "$id"; _lifesignal | while IFS= read -r c; do print -rn -- $'\t'"$c"; done; print
        done
        """#

    static func results(for cases: [CompletionCase], sandbox: CompletionSandbox) throws -> [String: Set<String>] {
        let script = try sandbox.write("_lifesignal", CompletionScript.render(.zsh, for: SampleTable.table))
        let harness = try sandbox.write("harness.zsh", Self.harness)
        var arguments = [harness, script]
        for testCase in cases {
            arguments += [testCase.id, String(testCase.words.count)] + testCase.words
        }
        let output = try ExternalTools.run("zsh", ["-f"] + arguments, in: sandbox.work, extraPath: sandbox.bin.path)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        return parseLines(output.stdout)
    }

    @Test(.enabled(if: ExternalTools.enabled("zsh"), "zsh is not installed"))
    func passesSyntaxCheck() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let script = try sandbox.write("_lifesignal", CompletionScript.render(.zsh, for: SampleTable.table))
        let output = try ExternalTools.run("zsh", ["-n", script])
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test(.enabled(if: ExternalTools.enabled("zsh"), "zsh is not installed"))
    func offersCandidates() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let cases = CompletionCases.all + [
            CompletionCase("files", ["qr", "scan", ""], ["<files >"]),
            CompletionCase("directories", ["--store", ""], ["<files -/>"]),
            CompletionCase("passthrough command", ["checkin", "--", ""], ["<commands>"]),
        ]
        let results = try Self.results(for: cases, sandbox: sandbox)
        for testCase in cases {
            #expect(results[testCase.id] == testCase.expected, "\(testCase.id)")
        }
    }
}

/// zsh's own completion system, driven through a pseudo-terminal (see
/// `ZshCompletionDriver`).
@Suite(.serialized) struct ZshCompsysTests {
    @Test(.enabled(if: ExternalTools.enabled("zsh") && FileManager.default.fileExists(atPath: "/dev/ptmx"),
                   "zsh or pseudo-terminals are not available"))
    func completesThroughCompinit() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let fpath = sandbox.root.appendingPathComponent("fpath")
        try FileManager.default.createDirectory(at: fpath, withIntermediateDirectories: true)
        _ = try sandbox.write("fpath/_lifesignal", CompletionScript.render(.zsh, for: SampleTable.table))
        let log = sandbox.root.appendingPathComponent("zpty.log").path
        let cases: [(id: String, typed: String, expected: Set<String>)] = [
            ("subcommand", "lifesignal contacts ro", ["role"]),
            ("option", "lifesignal contacts --so", ["--sort"]),
            ("choice after equals", "lifesignal contacts --sort=na", ["name"]),
            ("dynamic", "lifesignal ping B", ["Bob"]),
            ("two-word name after an escaped space", "lifesignal ping Ann\\ ", ["Ann Lee"]),
            ("two-word name in quotes", "lifesignal contacts show 'Ann L", ["Ann Lee"]),
            ("lower case finds capitals", "lifesignal ping ann", ["Ann Lee"]),
            ("by last name", "lifesignal contacts show lee", ["Ann Lee"]),
            ("ID with what it is", "lifesignal ping respond p", ["p1", "p2"]),
            ("files", "lifesignal qr scan a", ["a.png"]),
        ]
        let driver = try sandbox.write("driver.zsh", ZshCompletionDriver.script(
            fpath: fpath.path, log: log, lines: cases.map { ($0.id, $0.typed) }))
        _ = try ExternalTools.run("zsh", ["-f", driver], in: sandbox.work, extraPath: sandbox.bin.path)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let results = ZshCompletionDriver.results(log: text)
        for testCase in cases {
            #expect(results[testCase.id] == testCase.expected, "\(testCase.id): \(text)")
        }
    }
}

/// fish asks the real completion machinery with `complete -C`.
@Suite(.serialized) struct FishCompletionTests {
    static func results(for cases: [CompletionCase], sandbox: CompletionSandbox) throws -> [String: Set<String>] {
        let script = try sandbox.write("lifesignal.fish", CompletionScript.render(.fish, for: SampleTable.table))
        var driver = "source " + shellQuoted(script) + "\n"
        for testCase in cases {
            let line = testCase.words.map { $0.isEmpty ? "" : fishEscaped($0) }.joined(separator: " ")
            driver += "printf '%s' " + shellQuoted(testCase.id) + "; for c in (complete -C " + shellQuoted(line)
                + "); printf '\\t%s' (string replace -r '\\t.*' '' -- $c); end; echo\n"
        }
        let output = try ExternalTools.run("fish", ["--no-config", "-c", driver], in: sandbox.work,
                                           extraPath: sandbox.bin.path)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        return parseLines(output.stdout).mapValues { candidates in
            Set(candidates.map { $0.hasPrefix("--") && $0.contains("=") ? String($0.split(separator: "=")[1]) : $0 })
        }
    }

    @Test(.enabled(if: ExternalTools.enabled("fish"), "fish is not installed"))
    func passesSyntaxCheck() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let script = try sandbox.write("lifesignal.fish", CompletionScript.render(.fish, for: SampleTable.table))
        let output = try ExternalTools.run("fish", ["--no-config", "-n", script])
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test(.enabled(if: ExternalTools.enabled("fish"), "fish is not installed"))
    func offersCandidates() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let cases = CompletionCases.all + [
            CompletionCase("files", ["qr", "scan", ""], ["a.png", "b.svg", "store/"]),
            CompletionCase("file option", ["qr", "show", "--png", "a"], ["a.png"]),
            CompletionCase("directories", ["--store", ""], ["store/"]),
        ]
        let results = try Self.results(for: cases, sandbox: sandbox)
        for testCase in cases {
            #expect(results[testCase.id] == testCase.expected, "\(testCase.id)")
        }
    }

    /// Names with spaces, typed escaped or quoted as a person would.
    @Test(.enabled(if: ExternalTools.enabled("fish"), "fish is not installed"))
    func completesTwoWordNames() throws {
        let sandbox = try CompletionSandbox()
        defer { sandbox.remove() }
        let script = try sandbox.write("lifesignal.fish", CompletionScript.render(.fish, for: SampleTable.table))
        let lines: [(id: String, typed: String, expected: Set<String>)] = [
            ("after an escaped space", "lifesignal ping Ann\\ ", ["Ann Lee"]),
            ("into the second word", "lifesignal contacts show Ann\\ L", ["Ann Lee"]),
            ("in quotes", "lifesignal ping 'Ann L", ["Ann Lee"]),
            ("lower case", "lifesignal ping ann", ["Ann Lee"]),
        ]
        var driver = "source " + shellQuoted(script) + "\n"
        for line in lines {
            driver += "printf '%s' " + shellQuoted(line.id) + "; for c in (complete -C " + shellQuoted(line.typed)
                + "); printf '\\t%s' (string replace -r '\\t.*' '' -- $c); end; echo\n"
        }
        let output = try ExternalTools.run("fish", ["--no-config", "-c", driver], in: sandbox.work,
                                           extraPath: sandbox.bin.path)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        let results = parseLines(output.stdout)
        for line in lines {
            #expect(results[line.id] == line.expected, "\(line.id): \(output.stdout)")
        }
    }

    /// Backslash-escapes what fish would split or expand in a typed word.
    private static func fishEscaped(_ word: String) -> String {
        var out = ""
        for character in word {
            if " '\"\\$*?~#()[]{}<>&|;".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

/// `id<TAB>candidate<TAB>candidate` lines into sets.
func parseLines(_ text: String) -> [String: Set<String>] {
    var results: [String: Set<String>] = [:]
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        results[fields[0]] = Set(fields.dropFirst())
    }
    return results
}
