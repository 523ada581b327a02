import CommandEngine
import Foundation
import Testing

/// Every definition reaches every generated artefact (ripgrep's rule:
/// no option may be missing from a completion script or the man page).
@Suite struct GeneratorCoverageTests {
    static let scripts = CompletionShell.allCases.map { ($0, CompletionScript.render($0, for: SampleTable.table)) }
    static let page = ManPageGenerator.render(SampleTable.table, manual: ManualPage(date: "January 1, 2026"))

    /// Every visible command with its path.
    static var commands: [(path: [String], command: CommandSpec)] {
        var result: [(path: [String], command: CommandSpec)] = []
        func visit(_ command: CommandSpec, _ path: [String]) {
            result.append((path, command))
            for sub in command.visibleSubcommands { visit(sub, path + [sub.name]) }
        }
        visit(SampleTable.root, [])
        return result
    }

    @Test func everyOptionIsInEveryScriptAndThePage() {
        for (path, command) in Self.commands {
            for option in command.options {
                for spelling in option.longSpellings {
                    for (shell, script) in Self.scripts {
                        #expect(Self.containsWord(script, spelling), "\(spelling) of \(path) missing from \(shell)")
                    }
                }
                #expect(Self.page.contains("Fl -" + option.long), "--\(option.long) of \(path) missing from the page")
            }
        }
    }

    /// Whether `word` occurs delimited by quotes, blanks or a colon.
    static func containsWord(_ text: String, _ word: String) -> Bool {
        let delimiters: Set<Character> = ["'", " ", "\t", ":", "\n"]
        var rest = text[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
            if delimiters.contains(before) && delimiters.contains(after) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    @Test func everyCommandIsInEveryScriptAndThePage() {
        for (path, command) in Self.commands where !path.isEmpty {
            for (shell, script) in Self.scripts {
                #expect(Self.containsWord(script, command.name), "\(path) missing from \(shell)")
            }
            if command.isRunnable {
                #expect(Self.page.contains(".Cm " + path.joined(separator: " ") + "\n"), "\(path) missing from the page")
            }
        }
    }

    @Test func hiddenCommandsStayHidden() {
        for (shell, script) in Self.scripts {
            let mentions = script.split(separator: "\n").filter { $0.contains("__complete") }
            // Only the dynamic lookup itself may name the hidden command.
            #expect(mentions.allSatisfy { $0.contains("lifesignal __complete") }, "\(shell): \(mentions)")
        }
        #expect(!Self.page.contains("__complete"))
    }

    @Test func scriptsAreDeterministic() {
        for shell in CompletionShell.allCases {
            #expect(CompletionScript.render(shell, for: SampleTable.table) == CompletionScript.render(shell, for: SampleTable.table))
        }
    }

    @Test func scriptHeaders() {
        let byShell = Dictionary(uniqueKeysWithValues: Self.scripts)
        #expect(byShell[.zsh]?.hasPrefix("#compdef lifesignal\n") == true)
        #expect(byShell[.bash]?.hasSuffix("complete -F _lifesignal lifesignal\n") == true)
        #expect(byShell[.fish]?.hasSuffix("complete -c lifesignal -f -a '(__lifesignal_complete)'\n") == true)
    }
}
