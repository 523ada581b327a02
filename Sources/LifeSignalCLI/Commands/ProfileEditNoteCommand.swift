import CommandEngine
import LifeSignalApp
import LifeSignalCore
import SystemFiles

/// `profile edit-note`
struct ProfileEditNote: CommandInput, Equatable {
    static let spec = CommandSpec(
        "edit-note",
        summary: "Edit your emergency note in $VISUAL or $EDITOR",
        discussion: ["The note is written to a private temporary file that the editor opens (VISUAL, else EDITOR, "
            + "else vi, run by /bin/sh); what the editor leaves there when it exits 0 becomes the note. An editor that "
            + "fails changes nothing."],
        examples: [CommandExample("profile edit-note", "write a long note in your editor")],
        input: .running(ProfileEditNote.self))

    init(from parsed: ParsedCommand) {}
}

/// `profile edit-note`: the note, edited in the user's editor.
extension ProfileEditNote: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let before = try c.reading { _, account in account.emergencyNote }
        let file = try NoteFile(c)
        defer { file.remove() }
        try file.write(before.isEmpty ? "" : before + "\n")
        // The shell picks the editor, a command line of its own ("code --wait"),
        // from the environment lifesignal otherwise does not read.
        let outcome = c.env.processRunner.run(ProcessRequest(
            arguments: ["/bin/sh", "-c", #"${VISUAL:-${EDITOR:-vi}} "$1""#, "sh", file.path], input: nil,
            environment: c.env.childEnvironment(), timeout: nil, output: .inherited))
        guard outcome.succeeded else {
            throw LifeSignalError.refused("the editor \(outcome.summary); your note is unchanged")
        }
        let after = try file.read()
        guard after.trimmingWhitespace() != before.trimmingWhitespace() else {
            if c.json { c.printJSON(JSONViews.profile(try c.reading { _, account in account })) } else {
                c.say("Note unchanged.")
            }
            return success
        }
        let account = try c.writing { store, account in
            var account = account
            try AccountService(store: store, env: try c.core()).updateProfile(&account, firstName: nil, lastName: nil, note: after)
            return account
        }
        if c.json { c.printJSON(JSONViews.profile(account)) } else { c.say("Emergency note saved.") }
        return success
    }
}

/// A private temporary file (0600, made exclusively) for the note.
private struct NoteFile {
    let path: String
    let files: any FileSystem

    init(_ c: Context) throws {
        let directory = c.env.variable("TMPDIR").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        path = directory + "/lifesignal-note-" + Hex.encode(c.env.random.bytes(8)) + ".txt"
        files = c.env.fileSystem
        do {
            let descriptor = try files.open(path, access: .writeOnly, options: [.create, .exclusive, .closeOnExec, .noFollow],
                                            permissions: FilePermissions(rawValue: 0o600))
            try files.close(descriptor)
        } catch {
            throw StoreError.io("cannot make a temporary file for the note in \(directory): \(error.message)")
        }
    }

    func write(_ text: String) throws {
        do {
            let descriptor = try files.open(path, access: .writeOnly, options: [.truncate, .closeOnExec, .noFollow],
                                            permissions: FilePermissions(rawValue: 0o600))
            defer { try? files.close(descriptor) }
            try files.writeAll(descriptor, Array(text.utf8))
        } catch {
            throw StoreError.io("cannot write \(path): \(error.message)")
        }
    }

    /// What the editor left; at most four times the longest note is read.
    func read() throws -> String {
        let bytes: [UInt8]
        do {
            // The editor may have replaced the file (a rename): open it anew.
            let descriptor = try files.open(path, access: .readOnly, options: [.closeOnExec, .noFollow],
                                            permissions: FilePermissions(rawValue: 0o600))
            defer { try? files.close(descriptor) }
            bytes = try files.read(descriptor, upTo: 4 * ProfileRules.maxNoteBytes + 1)
        } catch {
            throw StoreError.io("cannot read \(path) back: \(error.message)")
        }
        guard bytes.count <= 4 * ProfileRules.maxNoteBytes, let text = String(validating: bytes, as: UTF8.self) else {
            throw LifeSignalError.invalid("the edited note is not UTF-8 text of at most \(ProfileRules.maxNoteBytes) bytes")
        }
        return text
    }

    func remove() { try? files.unlink(path) }
}
