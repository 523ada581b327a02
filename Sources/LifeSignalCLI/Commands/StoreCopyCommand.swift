import LifeSignalCore
import LifeSignalStore

/// `store copy FROM TO`: every file of one store into an empty one.
extension StoreCopy: RunnableCommand {
    /// Stores with fewer files than this copy too fast to need a progress line.
    static let progressThreshold = 200

    func run(_ c: Context) throws -> Int32 {
        let from = try StoreLocation.parse(self.from, workingDirectory: c.env.workingDirectory)
        let to = try StoreLocation.parse(self.to, workingDirectory: c.env.workingDirectory)
        guard from != to else { throw LifeSignalError.refused("FROM and TO are the same store (\(from))") }
        // FROM must already be a store; only then is TO made.
        let source = try c.open(from, creating: false)
        let destination = try c.open(to, creating: true)
        let showsProgress = c.err.isTerminal && !c.quiet && !c.json
        var shown = false
        let report = try LifeSignalStore.StoreCopy(from: source, to: destination).run { progress in
            guard showsProgress, progress.totalFiles >= Self.progressThreshold else { return }
            c.err.write("\rCopying: \(progress.files) of \(progress.totalFiles) files")
            try? c.err.flush()
            shown = true
        }
        if shown { c.err.write("\n") }
        if c.json {
            c.printJSON(.object([("from", .string(from.description)), ("to", .string(to.description)),
                                 ("files", .int(report.files)), ("bytes", .int(report.bytes)),
                                 ("identity", .string(report.identity))]))
        } else {
            c.say("Copied \(report.files) files (\(Self.byteText(report.bytes))) from \(from) to \(to).")
            c.say("Everyone signed in to the old store is signed in to the new one; use it from now on:")
            c.hint("export LIFESIGNAL_STORE=\(ShellQuoting.quoted(to.description))")
        }
        return success
    }

    private static func byteText(_ bytes: Int) -> String {
        bytes < 10_000 ? "\(bytes) bytes" : bytes < 10_000_000 ? "\(bytes / 1000) kB" : "\(bytes / 1_000_000) MB"
    }
}
