import CommandEngine
import Foundation
@testable import LifeSignalCLI
import Testing

/// `completions/` and `man/` are generated from the command table; these
/// tests fail when they drift. To regenerate them:
///   LIFESIGNAL_REGENERATE=1 swift test --filter GeneratedFilesTests
struct GeneratedFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let regenerate = ProcessInfo.processInfo.environment["LIFESIGNAL_REGENERATE"] == "1"

    static var files: [(String, String)] {
        CompletionShell.allCases.map { (LifeSignalManual.completionFile($0), LifeSignalManual.completionScript($0)) }
            + [("man/lifesignal.1", LifeSignalManual.page)]
    }

    @Test(arguments: files.map(\.0))
    func shippedFileMatchesTheTable(path: String) throws {
        let expected = try #require(Self.files.first { $0.0 == path }?.1)
        let url = Self.root.appendingPathComponent(path)
        if Self.regenerate {
            try Data(expected.utf8).write(to: url)
        }
        let shipped = try String(contentsOf: url, encoding: .utf8)
        #expect(shipped == expected, "\(path) is out of date: run LIFESIGNAL_REGENERATE=1 swift test --filter GeneratedFilesTests")
    }

    @Test func theTableIsWellFormed() {
        #expect(CommandTableLint.problems(in: LifeSignalTable.table) == [])
    }

    /// Each example once, and a footer naming lifesignal, not the system it was formatted on.
    @Test func theManPageRepeatsNoExampleAndNamesItselfInTheFooter() {
        let examples = LifeSignalManual.page.split(separator: "\n").filter { $0.hasPrefix(".Dl ") }
        #expect(examples.count == Set(examples).count, "repeated: \(examples.filter { line in examples.count { $0 == line } > 1 })")
        #expect(LifeSignalManual.page.contains("\n.Os \"lifesignal \(LifeSignalCLI.version)\"\n"))
    }

    @Test(arguments: ExitCode.allCases)
    func everyExitCodeIsDocumented(code: ExitCode) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("| \(code.rawValue) | \(code.meaning) |"), "README lacks exit code \(code.rawValue)")
        #expect(LifeSignalManual.page.contains(".It Li \(code.rawValue)\n"), "man page lacks exit code \(code.rawValue)")
    }

    /// Every `LIFESIGNAL_*` variable the program reads or sets, as a quoted
    /// name anywhere in `Sources/`, is in the man page's ENVIRONMENT: the one
    /// reference for them.
    @Test func everyVariableInTheSourcesIsInTheManPage() throws {
        let page = LifeSignalManual.page
        let start = try #require(page.range(of: ".Sh ENVIRONMENT\n"))
        let end = try #require(page.range(of: "\n.Sh ", range: start.upperBound..<page.endIndex))
        let environment = page[start.upperBound..<end.lowerBound]
        var missing: Set<String> = []
        let sources = Self.root.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files = 0
        for case let url as URL in walker where url.pathExtension == "swift" {
            files += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: /"(LIFESIGNAL_[A-Z0-9_]*[A-Z0-9])"/) {
                let name = String(match.output.1)
                if !environment.contains(name) { missing.insert(name) }
            }
        }
        #expect(files > 100, "found no sources under \(sources.path)")
        #expect(missing.isEmpty, "the man page's ENVIRONMENT lacks \(missing.sorted()): add them in LifeSignalManual")
    }
}
