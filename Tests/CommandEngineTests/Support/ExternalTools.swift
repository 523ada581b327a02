import Foundation

/// Finds and runs the shells and linters some tests need; those tests are
/// skipped when a tool is missing unless COMMANDENGINE_REQUIRE_TOOLS=1,
/// which `.ci/commandengine.sh` sets so nothing is skipped there.
enum ExternalTools {
    /// Whether missing tools must fail the run instead of skipping tests.
    static let isRequired = ProcessInfo.processInfo.environment["COMMANDENGINE_REQUIRE_TOOLS"] == "1"

    /// The executable's full path found on PATH, or nil.
    static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether a tool's tests run: present, or required (then they fail loudly).
    static func enabled(_ name: String) -> Bool { isRequired || path(of: name) != nil }

    /// The output of one run.
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs a tool to completion; PATH is prefixed with `extraPath` when given.
    static func run(
        _ name: String, _ arguments: [String], in directory: URL? = nil, extraPath: String? = nil
    ) throws -> Output {
        guard let executable = path(of: name) else { throw Missing(name: name) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if let extraPath { environment["PATH"] = extraPath + ":" + (environment["PATH"] ?? "/usr/bin:/bin") }
        environment["HOME"] = directory?.path ?? NSTemporaryDirectory()
        environment["XDG_CONFIG_HOME"] = (directory?.path ?? NSTemporaryDirectory()) + "/.config"
        environment["XDG_DATA_HOME"] = (directory?.path ?? NSTemporaryDirectory()) + "/.data"
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A required tool is not installed.
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) is not installed" }
    }
}

/// A scratch directory with a fake program answering dynamic completions,
/// plus a few files and a directory for path completion.
struct CompletionSandbox {
    let root: URL
    let bin: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("commandengine-" + UUID().uuidString)
        bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("work/store"),
                                                withIntermediateDirectories: true)
        for file in ["work/a.png", "work/b.svg"] {
            try Data().write(to: root.appendingPathComponent(file))
        }
        let fake = """
            #!/bin/sh
            [ "$1" = __complete ] || exit 1
            # As the real one: names matched by the start of any of their
            # words in any case, IDs by their start, each with what it is.
            case $2 in
                contacts) printf 'Ann Lee\\nBob\\nbeth\\n' |
                    awk -v w="$3" 'BEGIN { w = tolower(w) } { n = tolower($0); if (index(n, w) == 1 || index(n, " " w)) print }' ;;
                pings) printf 'p1\\tfrom Ann Lee\\np2\\tfrom Bob\\n' | grep -- "^$3" ;;
            esac
            """
        let program = bin.appendingPathComponent("lifesignal")
        try fake.write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
    }

    /// The directory path completion runs in.
    var work: URL { root.appendingPathComponent("work") }

    /// Writes a file into the sandbox and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Removes everything.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
