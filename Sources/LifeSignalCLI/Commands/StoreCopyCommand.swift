import CommandEngine
import LifeSignalApp
import LifeSignalCore

/// `store copy FROM TO`
struct StoreCopy: CommandInput, Equatable {
    static let from = Argument<String>("FROM", help: "The store to copy.", completion: .directory)
    static let to = Argument<String>("TO", help: "Where the copy goes: an empty store.", completion: .directory)

    static let spec = CommandSpec(
        "copy",
        summary: "Copy a whole store into an empty one; everyone stays signed in",
        discussion: [
            "Copies every file of FROM (accounts, contacts, pings, feeds, sessions, schedule) into TO, which must be empty or not exist yet. FROM is only read, from one consistent snapshot; TO is read back and compared when the copy is done.",
            "A store has an identity that the copy keeps, and a sign-in belongs to that identity: whoever is signed in to FROM is signed in to TO as soon as --store or LIFESIGNAL_STORE names it. The copy is meant as a move: point everyone at TO and stop using FROM, or the two drift apart.",
            "FROM and TO are directories, or etcd:// URLs where this lifesignal can open them.",
            "The copy is all or nothing: until its last step TO holds a marker, copying.json, and no store.json, and every command refuses it (exit status 5), saying how to remove a copy that was cut short.",
        ],
        arguments: [from.spec, to.spec],
        examples: [
            CommandExample("store copy ~/.local/share/lifesignal /srv/family/lifesignal",
                           "move your store to a shared directory"),
        ],
        input: .running(StoreCopy.self))

    /// As typed: a relative directory is resolved against the working
    /// directory when the command runs.
    let from: String
    let to: String

    init(from parsed: ParsedCommand) throws(UsageError) {
        from = try parsed.required(Self.from)
        to = try parsed.required(Self.to)
    }
}

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
