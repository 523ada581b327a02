import Foundation

/// The built `lifesignal` executable: `LIFESIGNAL_BINARY` when set, else the
/// one beside the test runner, else `.build/debug/lifesignal`.
public enum Binary {
    public static let path: String = {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["LIFESIGNAL_BINARY"] { candidates.append(explicit) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("lifesignal").path)
        candidates.append(runner.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lifesignal").path)
        // Tests/TestSupport/Binary.swift → the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/lifesignal").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[candidates.count - 1]
    }()

    public static var url: URL { URL(fileURLWithPath: path) }
}
