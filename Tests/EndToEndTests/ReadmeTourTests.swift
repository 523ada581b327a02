import Foundation
import Testing
import TestSupport

/// The README's tour, run as written through the built binary: every
/// `sh` block after a `<!-- tour -->` mark, in order, in one shell, in a
/// sandbox of its own. A `text` block right after a command block holds
/// what that block prints (stdout and stderr), line after line from its
/// first: a line `…` alone stands for any lines (hints the tour does not
/// follow), as does what comes before the first line, and
/// `…` within a line for anything (an item's ID). So a screen the README
/// shows, such as `status`, is the whole screen.
@Suite(.ownThreads) struct ReadmeTourTests {
    struct Step {
        var commands: String
        var expected: [String]
    }

    /// The tour's steps, as the README has them.
    static func steps() throws -> [Step] {
        let readme = try String(contentsOf: ReadmeTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var steps: [Step] = []
        var index = 0
        func block(fence: String) -> [String]? {
            while index < lines.count, lines[index].isEmpty { index += 1 }
            guard index < lines.count, lines[index] == fence else { return nil }
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" { body.append(lines[index]); index += 1 }
            index += 1
            return body
        }
        while index < lines.count {
            guard lines[index] == "<!-- tour -->" else {
                index += 1
                continue
            }
            index += 1
            guard let commands = block(fence: "```sh") else { throw HarnessFailure("a tour mark without a sh block after it") }
            steps.append(Step(commands: commands.joined(separator: "\n"), expected: block(fence: "```text") ?? []))
        }
        return steps
    }

    /// Whether `pattern` (a line of the README, `…` matching anything) matches `line`.
    static func matches(_ pattern: String, _ line: String) -> Bool {
        let parts = pattern.components(separatedBy: "…").map(NSRegularExpression.escapedPattern(for:))
        guard let regex = try? NSRegularExpression(pattern: "^" + parts.joined(separator: ".*") + "$") else { return false }
        return regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    @Test func theTourHasItsSteps() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 4, "the README's tour has \(steps.count) steps")
        #expect(steps.first?.commands.contains("LIFESIGNAL_NOW=") == true, "the tour no longer starts on a simulated clock")
        #expect(steps.contains { $0.commands.contains("export LIFESIGNAL_NOW=") && $0.commands != steps[0].commands },
                "the tour no longer moves its clock on")
    }

    @Test(arguments: ["/bin/bash", "/usr/bin/zsh"])
    func theTourRunsAsWritten(shell: String) throws {
        guard FileManager.default.isExecutableFile(atPath: shell) else {
            print("skipped: \(shell) is not installed")
            return
        }
        let steps = try Self.steps()
        let sandbox = Sandbox("tour", storeKind: .directory)
        let reader = sandbox.person("reader")
        let directory = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
        var script = "exec 2>&1\n"
        for (number, step) in steps.enumerated() {
            script += "printf '@@step \(number)\\n'\n" + step.commands + "\n"
        }
        script += "printf '@@end\\n'\n"
        let result = try reader.run([shell, "-e", "-c", script], extra: [
            "PATH": directory + ":/usr/bin:/bin", "TMPDIR": sandbox.root.path, "TZ": "Europe/Paris",
        ], timeout: 120, viaShell: true)
        #expect(result.succeeded, "the tour stopped: \(result)")
        let output = result.stdout.components(separatedBy: "\n")
        #expect(output.contains("@@end"), "the tour did not run to its end: \(result.stdout)")
        for (number, step) in steps.enumerated() {
            guard let start = output.firstIndex(of: "@@step \(number)") else {
                Issue.record("step \(number) did not run: \(result.stdout)")
                continue
            }
            let end = output[start...].firstIndex { $0.hasPrefix("@@") && $0 != "@@step \(number)" } ?? output.endIndex
            var printed = output[(start + 1)..<end][...]
            var skipping = true
            for line in step.expected {
                if line == "…" {
                    skipping = true
                    continue
                }
                let found = skipping ? printed.firstIndex { Self.matches(line, $0) }
                                     : printed.first.flatMap { Self.matches(line, $0) ? printed.startIndex : nil }
                guard let found else {
                    let all = output[(start + 1)..<end].joined(separator: "\n")
                    Issue.record("step \(number) no longer prints \(line.debugDescription) (just there); it printed:\n\(all)")
                    break
                }
                printed = printed[(found + 1)...]
                skipping = false
            }
        }
    }
}
