import LifeSignalApp
import LifeSignalCore

/// `store copy FROM TO`: every file of one store into an empty one.
extension StoreCopy: RunnableCommand {
    /// Stores with fewer files than this copy too fast to need a progress line.
    static let progressThreshold = 200

    func run(_ c: Context) throws -> Int32 {
        let showsProgress = c.err.isTerminal && !c.quiet && !c.json
        var shown = false
        let copied = try c.copyStore(from: from, to: to) { progress in
            guard showsProgress, progress.totalFiles >= Self.progressThreshold else { return }
            c.err.write("\rCopying: \(progress.files) of \(progress.totalFiles) files")
            try? c.err.flush()
            shown = true
        }
        if shown { c.err.write("\n") }
        let (from, to, report) = (copied.from, copied.to, copied.report)
        if c.json {
            c.printJSON(.object([("from", .string(from)), ("to", .string(to)),
                                 ("files", .int(report.files)), ("bytes", .int(report.bytes)),
                                 ("identity", .string(report.identity))]))
        } else {
            c.say("Copied \(report.files) files (\(Self.byteText(report.bytes))) from \(from) to \(to).")
            c.say("Everyone signed in to the old store is signed in to the new one; use it from now on:")
            c.hint("export LIFESIGNAL_STORE=\(ShellQuoting.quoted(to))")
        }
        return success
    }

    private static func byteText(_ bytes: Int) -> String {
        bytes < 10_000 ? "\(bytes) bytes" : bytes < 10_000_000 ? "\(bytes / 1000) kB" : "\(bytes / 1_000_000) MB"
    }
}
