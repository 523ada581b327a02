import Foundation
import Testing
import TestSupport

/// The README's commands work as written.
@Suite(.serialized, .ownThreads) struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shell lines of the code block that follows `marker` in the README.
    static func block(after marker: String) throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: marker), "README has no \(marker.debugDescription)")
        let fence = try #require(readme.range(of: "```sh\n", range: start.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: fence.upperBound..<readme.endIndex))
        return readme[fence.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// The install lines, in a brand-new home, from a checkout whose release
    /// binary is the one under test: every file lands, the program runs, and
    /// bash takes the completion script.
    @Test func installLinesWorkOnAFreshAccount() throws {
        let sandbox = Sandbox()
        let checkout = sandbox.root.appendingPathComponent("checkout"), home = sandbox.root.appendingPathComponent("fresh")
        try FileManager.default.createDirectory(at: checkout.appendingPathComponent(".build/release"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: checkout.appendingPathComponent(".build/release/lifesignal"),
                                                   withDestinationURL: Binary.url)
        for directory in ["man", "completions"] {
            try FileManager.default.createSymbolicLink(at: checkout.appendingPathComponent(directory),
                                                       withDestinationURL: Self.root.appendingPathComponent(directory))
        }
        let lines = try Self.block(after: "Then, as yourself:").filter { $0.hasPrefix("install ") }
        #expect(lines.count == 5)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-e", "-c", lines.joined(separator: "\n")]
        shell.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        shell.currentDirectoryURL = checkout
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(message)")
        for file in [".local/bin/lifesignal", ".local/share/man/man1/lifesignal.1",
                     ".local/share/bash-completion/completions/lifesignal",
                     ".local/share/zsh/site-functions/_lifesignal", ".config/fish/completions/lifesignal.fish"] {
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(file).path), "\(file) missing")
        }
        let person = sandbox.person("fresh")
        let version = try person.run([home.appendingPathComponent(".local/bin/lifesignal").path, "--version"], viaShell: true)
        #expect(version.status == 0 && version.stdout.hasPrefix("lifesignal "), "\(version)")
        let bash = try person.run(["/bin/bash", "--norc", "-c",
            "source \(home.path)/.local/share/bash-completion/completions/lifesignal && complete -p lifesignal"], viaShell: true)
        #expect(bash.stdout == "complete -F _lifesignal lifesignal\n", "\(bash)")
    }
}
